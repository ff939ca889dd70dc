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
