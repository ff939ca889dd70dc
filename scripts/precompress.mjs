// Compresses the browser build once, at build time: a .br (brotli, best quality) and a .gz (gzip,
// level 9) beside every text file in build/client, so the server sends them as they are
// (server/http.ts, serveStatic `precompressed`) and never compresses a static file per request.
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const root = path.resolve(process.env.BUILD_DIR ?? "build", "client");
const TEXT = /\.(?:js|mjs|css|html|svg|json|xml|txt|webmanifest|ico)$/i;
const MIN_BYTES = 512;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* files(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

async function precompress(file) {
  const body = await fs.readFile(file);
  if (body.length < MIN_BYTES) return { file, raw: body.length, br: body.length, gz: body.length };
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: 9 }),
  ]);
  // A compressed copy that is not smaller is not worth sending (nor a stale one from before).
  for (const [suffix, compressed] of [
    [".br", br],
    [".gz", gz],
  ]) {
    if (compressed.length < body.length) await fs.writeFile(file + suffix, compressed);
    else await fs.rm(file + suffix, { force: true });
  }
  return { file, raw: body.length, br: br.length, gz: gz.length };
}

const queue = [];
for await (const file of files(root)) queue.push(file);
const results = [];
// Two at a time: brotli's best quality is CPU-bound and build machines are often small.
const workers = Array.from({ length: 2 }, async () => {
  while (queue.length > 0) results.push(await precompress(queue.shift()));
});
await Promise.all(workers);

const sum = (key) => results.reduce((total, r) => total + r[key], 0);
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(
  `precompressed ${results.length} files in ${path.relative(process.cwd(), root)}: ` +
    `${kb(sum("raw"))} → ${kb(sum("br"))} brotli, ${kb(sum("gz"))} gzip`,
);
