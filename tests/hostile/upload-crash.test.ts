import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUILD_DIR } from "./app";
import { pdfOfSize } from "./files";

// Issue 38, finding 3: a server killed (SIGKILL) in the middle of a streamed upload leaves a
// `.partial` file that no row names; the restarted server's sweep removes it. The real
// production server runs as a child process on the embedded database.

const PASSWORD = "demo-password-hostile";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "passage-upload-crash-"));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freePort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until<T>(what: string, check: () => T | Promise<T>, log: () => string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}:\n${log()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = "";
  const child = spawn(process.execPath, [path.resolve(BUILD_DIR, "server/main.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      DEMO_PASSWORD: PASSWORD,
      SEED_DEMO: "true",
      LOG_LEVEL: "info",
      PAYMENT_PROVIDER: "simulated",
      BUILD_DIR,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  child.stdout!.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (log += d.toString()));
  const output = () => log;
  await until(
    "the server to be ready",
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${log}`);
      return fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
    },
    output,
  );
  return { url, child, output };
}

function partialFiles() {
  const root = path.join(dataDir, "uploads");
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true })
    .map(String)
    .filter((p) => p.endsWith(".partial"));
}

describe("a server killed in the middle of an upload", () => {
  it("leaves a .partial file that the restarted server's sweep removes", async () => {
    const first = await startServer({});
    const cookie = await signIn(first.url);

    // A 4 MB PDF of which only the first 512 KB is ever sent: the server is writing it when killed.
    const boundary = "----crash" + Date.now();
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="documentType"\r\n\r\ncv\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\n` +
        `Content-Type: application/pdf\r\n\r\n`,
    );
    const file = pdfOfSize(4 * 1024 * 1024);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const { port } = new URL(first.url);
    const request = http.request({
      host: "127.0.0.1",
      port,
      path: "/api/documents",
      method: "POST",
      headers: {
        cookie,
        origin: first.url,
        accept: "application/json",
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(head.length + file.length + tail.length),
      },
    });
    request.on("error", () => undefined); // the server dies under it
    request.write(head);
    request.write(file.subarray(0, 512 * 1024));

    const partial = await until("a .partial file", () => partialFiles()[0], first.output);
    const exited = new Promise((resolve) => first.child.once("exit", resolve));
    first.child.kill("SIGKILL");
    await exited;
    request.destroy();
    expect(partialFiles()).toEqual([partial]);

    // Restarted with a short grace and interval, so the test need not wait an hour.
    const second = await startServer({
      STORAGE_SWEEP_GRACE_MS: "0",
      STORAGE_SWEEP_INTERVAL_MS: "1000",
    });
    await until("the sweep", () => partialFiles().length === 0, second.output);
    const key = partial.split(path.sep).join("/");
    await until("the sweep's log line", () => second.output().includes(key), second.output);
    expect(second.output()).toMatch(/"msg":"storage sweep"/);

    // The server still works: the applicant's page answers, and no document row came of it.
    const documents = await fetch(`${second.url}/dashboard/documents`, {
      headers: { cookie: await signIn(second.url) },
    });
    expect(documents.status).toBe(200);
    expect(await documents.text()).not.toContain("cv.pdf");
    second.child.kill("SIGTERM");
  }, 240_000);
});

/** The seeded job seeker's session cookie on the server at `url`. */
async function signIn(url: string) {
  const response = await fetch(`${url}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
    body: new URLSearchParams({
      intent: "signin",
      email: "seeker@passage.test",
      password: PASSWORD,
    }).toString(),
  });
  expect(response.status).toBe(302);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
