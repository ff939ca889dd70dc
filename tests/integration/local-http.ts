import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";

/** Starts `server` on a free port of this machine and returns its origin. */
export async function listenLocally(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export type Got = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire. */
  body: Buffer;
  /** The body decoded from whatever content-encoding the server chose. */
  text: string;
};

/** A GET over a real socket, as a browser sends it. */
export function httpGet(url: string, headers: Record<string, string> = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          try {
            const decoded =
              encoding === "br"
                ? zlib.brotliDecompressSync(body)
                : encoding === "gzip"
                  ? zlib.gunzipSync(body)
                  : body;
            resolve({
              status: res.statusCode!,
              headers: res.headers,
              body,
              text: decoded.toString(),
            });
          } catch (error) {
            reject(error);
          }
        });
      })
      .on("error", reject);
  });
}
