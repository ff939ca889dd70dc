// The yardstick: a bare node:http server, in its own process like the real one, that answers each
// recorded request with the very bytes the real server sent (status, headers including
// Content-Encoding, compressed body). What it reaches is the ceiling for this machine, client
// and response size. Started by scripts/bench/bare.ts over IPC; plain JavaScript so it needs no
// loader.
import http from "node:http";

// Hop-by-hop and per-message headers: node:http writes its own.
const SKIP = new Set(["connection", "keep-alive", "transfer-encoding", "date"]);

/** @type {Map<string, {status: number, headers: [string, string][], body: Buffer, chunked: boolean}>} */
const responses = new Map();
const keyOf = (url, cookie) => `${url}\n${cookie ?? ""}`;

const server = http.createServer((req, res) => {
  const found = responses.get(keyOf(req.url, req.headers.cookie));
  if (!found) {
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("not recorded");
    return;
  }
  res.statusCode = found.status;
  for (const [name, value] of found.headers) {
    if (!SKIP.has(name.toLowerCase())) res.appendHeader(name, value);
  }
  // A streamed (chunked) original stays chunked; otherwise Content-Length was recorded.
  if (found.chunked) res.write(found.body);
  res.end(found.chunked ? undefined : found.body);
});
server.keepAliveTimeout = 65_000;

process.on("message", (message) => {
  if (message.type !== "serve") return;
  for (const r of message.responses) {
    const headers = r.headers;
    const chunked = headers.some(
      ([k, v]) => k.toLowerCase() === "transfer-encoding" && /chunked/i.test(v),
    );
    responses.set(keyOf(r.url, r.cookie), {
      status: r.status,
      headers,
      body: Buffer.from(r.body, "base64"),
      chunked,
    });
  }
  server.listen(message.port, "127.0.0.1", () => {
    process.send({ type: "listening", port: server.address().port });
  });
});

// The parent going away (even killed) ends this process too.
process.on("disconnect", () => process.exit(0));
