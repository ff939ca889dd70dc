import type http from "node:http";
import compression from "compression";

type Listener = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;

// Document files go out exactly as they were uploaded (most are PDFs and photos anyway), and
// featured images are already compressed formats.
const NEVER_COMPRESSED = /^\/(?:files|media|api\/documents)(?:[/?]|$)/;

/**
 * Brotli or gzip, by Accept-Encoding, for every compressible response the app renders (HTML,
 * React Router `.data`, JSON, CSS, JS, SVG, XML, text) on the plain node request, in front of the
 * Hono app. Responses that are already encoded (cached pages, precompressed static files) pass
 * untouched. `Vary: Accept-Encoding` is set on every compressible response.
 *
 * Streamed responses stay streamed: after each burst of writes (React flushing a Suspense
 * boundary) the compressor is flushed once the event loop is idle, so the browser gets what was
 * rendered without waiting for the end, and a burst of small chunks is compressed together.
 */
export function createCompression(): Listener {
  const compress = compression({
    // Quality 4 (the package default) keeps on-the-fly brotli cheap: cached pages and static
    // files, the bulk of the bytes, are compressed harder ahead of time.
    filter: (req, res) => {
      const path = req.url ?? "/";
      if (NEVER_COMPRESSED.test(path)) return false;
      return compression.filter(req, res);
    },
  });
  return (req, res, next) => {
    compress(req as never, res as never, () => {
      const write = res.write;
      let flushQueued = false;
      const flush = () => {
        flushQueued = false;
        (res as http.ServerResponse & { flush?: () => void }).flush?.();
      };
      res.write = function (this: http.ServerResponse, ...args: Parameters<typeof write>) {
        const accepted = write.apply(this, args);
        if (!flushQueued) {
          flushQueued = true;
          setImmediate(flush);
        }
        return accepted;
      } as typeof write;
      next();
    });
  };
}
