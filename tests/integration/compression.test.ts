import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as documentsAction } from "~/app/routes/dashboard/documents";
import { createFrontDoor } from "~/server/cache/front-door.server";
import { documents } from "~/server/db/schema";
import { createHttpApp } from "~/server/http";
import { LocalStorageDriver } from "~/server/storage/local.server";
import { setStorage } from "~/server/storage/storage.server";
import { createTestUser, runAs, sessionCookie, setupTestDatabase } from "./harness";
import { httpGet, listenLocally } from "./local-http";

// The production stack on a real socket: compression on the node request, then the Hono app.
// A few routes added here stand for what React Router and the endpoints send.
const ctx = setupTestDatabase();
let server: http.Server;
let origin: string;
let releaseStream: () => void = () => {};

const TEXT = "Registered nurse, Toronto. Visa sponsorship. ".repeat(400);
const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  data: "text/x-script",
  json: "application/json",
  css: "text/css",
  js: "text/javascript",
  svg: "image/svg+xml",
  xml: "application/xml",
  rss: "application/rss+xml",
  txt: "text/plain; charset=utf-8",
};

beforeAll(async () => {
  setStorage(new LocalStorageDriver(path.join(ctx.dataDir, "uploads")));
  const app = createHttpApp({
    mode: "test",
    trustProxy: false,
    getBuild: () => Promise.reject(new Error("no pages in this test")),
    extend: (hono) => {
      hono.get("/t/:kind", (c) => {
        const type = TYPES[c.req.param("kind")];
        return type ? c.body(TEXT, 200, { "content-type": type }) : c.notFound();
      });
      // A page streamed in two parts, as React sends a shell and then a Suspense boundary.
      hono.get("/streamed", () => {
        const encoder = new TextEncoder();
        const gate = new Promise<void>((resolve) => (releaseStream = resolve));
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(encoder.encode(`<html><body><p>shell</p>${" ".repeat(2000)}`));
            await gate;
            controller.enqueue(encoder.encode("<p>boundary</p></body></html>"));
            controller.close();
          },
        });
        return new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } });
      });
    },
  });
  const listener = getRequestListener(app.fetch);
  server = http.createServer(createFrontDoor({ app: (req, res) => void listener(req, res) }));
  origin = await listenLocally(server);
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

const get = (pathname: string, headers?: Record<string, string>) =>
  httpGet(`${origin}${pathname}`, headers);

describe("compression by Accept-Encoding", () => {
  it("sends brotli, else gzip, else the plain bytes, for every text type the app serves", async () => {
    for (const kind of Object.keys(TYPES)) {
      const br = await get(`/t/${kind}`, { "accept-encoding": "gzip, deflate, br, zstd" });
      expect(br.headers["content-encoding"], kind).toBe("br");
      expect(br.headers.vary, kind).toMatch(/Accept-Encoding/i);
      expect(br.body.length, kind).toBeLessThan(TEXT.length / 10);
      expect(zlib.brotliDecompressSync(br.body).toString(), kind).toBe(TEXT);

      const gzip = await get(`/t/${kind}`, { "accept-encoding": "gzip" });
      expect(gzip.headers["content-encoding"], kind).toBe("gzip");
      expect(zlib.gunzipSync(gzip.body).toString(), kind).toBe(TEXT);

      const plain = await get(`/t/${kind}`);
      expect(plain.headers["content-encoding"], kind).toBeUndefined();
      expect(plain.headers.vary, kind).toMatch(/Accept-Encoding/i);
      expect(plain.body.toString(), kind).toBe(TEXT);
    }
  });

  it("sends a streamed page's first part before the rest exists", async () => {
    const decoded = await new Promise<string>((resolve, reject) => {
      http
        .get(`${origin}/streamed`, { headers: { "accept-encoding": "br" } }, (res) => {
          expect(res.headers["content-encoding"]).toBe("br");
          const decompress = zlib.createBrotliDecompress();
          let text = "";
          decompress.on("data", (chunk: Buffer) => {
            text += chunk.toString();
            // The server holds the rest back until the browser has shown the shell.
            if (text.includes("<p>shell</p>")) releaseStream();
          });
          decompress.on("end", () => resolve(text));
          decompress.on("error", reject);
          res.pipe(decompress);
        })
        .on("error", reject);
    });
    expect(decoded).toContain("<p>boundary</p></body></html>");
  });

  it("sends a document download exactly as it was uploaded, never recompressed", async () => {
    const owner = await createTestUser();
    const pdf = Buffer.from(
      `%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n${"% padding line\n".repeat(300)}trailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    );
    const upload = await runAs(owner, documentsAction, "/dashboard/documents", {
      form: { documentType: "cv", file: new File([new Uint8Array(pdf)], "cv.pdf") },
    });
    expect(upload.status).toBe(302);
    const [row] = await ctx.db.select().from(documents).where(eq(documents.userId, owner.id));
    const download = await get(`/files/documents/${row!.id}`, {
      cookie: await sessionCookie(owner),
      "accept-encoding": "gzip, deflate, br",
    });
    expect(download.status).toBe(200);
    expect(download.headers["content-encoding"]).toBeUndefined();
    expect(download.headers["content-length"]).toBe(String(pdf.length));
    expect(download.body.equals(pdf)).toBe(true);
  });
});
