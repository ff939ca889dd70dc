import { Writable } from "node:stream";

/**
 * A signed-in page sent as one body instead of a stream.
 *
 * A signed-in page has nothing to wait for once React starts rendering (its loaders have
 * returned; no route defers data), so React writes it all at once. Streaming it anyway cost a
 * Transform, a web ReadableStream, a read loop in the HTTP adapter and a compressor fed piece by
 * piece: about a tenth of the page's CPU. React writes into this sink, and the page goes out as
 * one buffer, compressed in one call. A visitor's page still streams (its first paint must not
 * wait for the scripts; see paint-first.server.ts).
 */
export function wholeDocument(): { sink: Writable; body: Promise<Buffer<ArrayBuffer>> } {
  const parts: Buffer[] = [];
  let done!: (body: Buffer<ArrayBuffer>) => void;
  let failed!: (error: unknown) => void;
  const body = new Promise<Buffer<ArrayBuffer>>((resolve, reject) => {
    done = resolve;
    failed = reject;
  });
  const sink = new Writable({
    write(chunk: Buffer | string, encoding, next) {
      parts.push(typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk);
      next();
    },
    final(next) {
      done(Buffer.concat(parts));
      next();
    },
  });
  sink.on("error", failed);
  return { sink, body };
}
