import { promisify } from "node:util";
import zlib from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";

/**
 * The best encoding a client accepts of the two we store: brotli, then gzip, else identity.
 * Honours q-values (`br;q=0` refuses brotli) and `*`.
 */
export function negotiateEncoding(acceptEncoding: string | null | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  let br: number | undefined;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of acceptEncoding.split(",")) {
    const [rawName = "", ...params] = part.split(";");
    const name = rawName.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (m) q = Number(m[1]);
    }
    if (name === "br") br = q;
    else if (name === "gzip" || name === "x-gzip") gzip = q;
    else if (name === "*") any = q;
  }
  const qBr = br ?? any ?? 0;
  const qGzip = gzip ?? any ?? 0;
  if (qBr > 0 && qBr >= qGzip) return "br";
  if (qGzip > 0) return "gzip";
  return "identity";
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Compresses a whole body off the main thread (zlib's thread pool). Brotli quality 5 is within a
 * few percent of quality 11 on HTML at a twentieth of the time; a page is compressed once per
 * change, so a flood of distinct URLs cannot buy much CPU.
 */
export function compressBody(body: Buffer, encoding: Exclude<Encoding, "identity">) {
  if (encoding === "br") {
    return brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    });
  }
  return gzip(body, { level: 6 });
}

/** Bodies smaller than this go out as they are, as with the on-the-fly compressor. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Brotli's quality for a body compressed as it is sent. 3, not 4: a signed-in search page (80 KB)
 * takes 0.5 ms instead of 0.9 (of the page's 10 ms on a slow day) for 5% more bytes (10.9 KB
 * instead of 10.4); the staff list (175 KB) 0.8 ms instead of 1.5 for 7% more (17.6 KB, 16.5).
 * A page kept for visitors is compressed once per change, at quality 5 (compressBody).
 */
const WHOLE_BODY_BROTLI_QUALITY = 3;

/**
 * A response whose whole body is at hand (a signed-in page, rendered whole; a signed-in request's
 * data), compressed now, on this thread, in one call: brotli (WHOLE_BODY_BROTLI_QUALITY, above),
 * else gzip, by the request's Accept-Encoding, with its length.
 *
 * Fed to the streaming compressor instead, a 100 KB page went through zlib's thread pool in
 * pieces with a flush after each burst: under 20 connections that cost more than rendering the
 * page's header, footer and job cards together (a paid applicant's search page was served at
 * 100–117 requests a second, and at 151–168 compressed whole; brotli itself takes 0.8 ms of it).
 * The node compressor leaves a response that already says its encoding as it is.
 */
export function encodedResponse(
  body: Buffer,
  request: Request,
  init: { status: number; headers: Headers },
): Response {
  const { headers } = init;
  headers.append("Vary", "Accept-Encoding");
  const encoding =
    body.length >= COMPRESS_FROM_BYTES
      ? negotiateEncoding(request.headers.get("accept-encoding"))
      : "identity";
  let sent = body;
  if (encoding === "br") {
    sent = zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: WHOLE_BODY_BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    });
  } else if (encoding === "gzip") {
    sent = zlib.gzipSync(body, { level: 6 });
  }
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(sent.length));
  return new Response(request.method === "HEAD" ? null : new Uint8Array(sent), init);
}
