import { Transform } from "node:stream";

/**
 * React writes a page in small pieces (a few KB each, dozens to a page). Each piece that goes on
 * alone costs a read of the response stream, a write into the compressor and a compressor call:
 * for a signed-in page that was a third of its CPU. This passes on in one piece what React wrote
 * in one turn of the event loop (the whole shell, then each Suspense boundary as it resolves), so
 * the page still streams, burst by burst, as React flushes it.
 */
export function coalesceWrites() {
  let pending: Buffer[] = [];
  let scheduled = false;
  const release = (stream: Transform) => {
    scheduled = false;
    if (pending.length === 0) return;
    const chunk = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    stream.push(chunk);
  };
  return new Transform({
    transform(chunk: Buffer | string, encoding, done) {
      pending.push(typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(release, this);
      }
      done();
    },
    flush(done) {
      release(this);
      done();
    },
  });
}
