import type { Context, MiddlewareHandler } from "hono";
import { MAX_DOCUMENT_BYTES } from "~/domain/documents";
import { MAX_IMAGE_BYTES } from "~/server/content/media.server";

/**
 * How many bytes a request body may have, by where it goes. Page forms and JSON are small (the
 * longest text field is 20,000 characters, at most ~240 KB once percent-encoded); the two upload
 * forms get their file cap plus room for the multipart framing and the fields around the file.
 * Anything larger is refused with 413 before it is read, or as soon as it passes the limit while
 * streaming, so no request can make the server hold more than its limit in memory.
 */
export const FORM_BODY_LIMIT = 512 * 1024;
export const AUTH_BODY_LIMIT = 64 * 1024;
const ENVELOPE_BYTES = 256 * 1024;
export const DOCUMENT_UPLOAD_BODY_LIMIT = MAX_DOCUMENT_BYTES + ENVELOPE_BYTES;
/** The CMS post form carries the image and the post's text (up to 20,000 characters). */
export const CMS_BODY_LIMIT = MAX_IMAGE_BYTES + 2 * FORM_BODY_LIMIT;

export type BodyLimit = { bytes: number; kind: "form" | "upload" };

/** The page a `.data` request (React Router's fetches) belongs to. */
export function pagePath(path: string) {
  if (path === "/_root.data") return "/";
  return path.endsWith(".data") ? path.slice(0, -".data".length) : path;
}

export function bodyLimitFor(path: string): BodyLimit {
  const page = pagePath(path);
  if (page === "/api/documents" || page === "/dashboard/documents") {
    return { bytes: DOCUMENT_UPLOAD_BODY_LIMIT, kind: "upload" };
  }
  if (page === "/admin/cms") return { bytes: CMS_BODY_LIMIT, kind: "upload" };
  if (path.startsWith("/api/auth/")) return { bytes: AUTH_BODY_LIMIT, kind: "form" };
  return { bytes: FORM_BODY_LIMIT, kind: "form" };
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
const kilobytes = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

export function payloadTooLarge(limit: BodyLimit) {
  const message =
    limit.kind === "upload"
      ? `This upload is too large: the file may be at most ${megabytes(MAX_DOCUMENT_BYTES)} ` +
        `(images in the CMS ${megabytes(MAX_IMAGE_BYTES)}). Choose a smaller file and try again.`
      : `This request is too large: a form may send at most ${kilobytes(limit.bytes)}.`;
  // Connection: close, so the rest of a huge body is not read just to keep the connection.
  return new Response(message, {
    status: 413,
    headers: { "content-type": "text/plain; charset=utf-8", connection: "close" },
  });
}

export class PayloadTooLargeError extends Error {
  constructor() {
    super("request body larger than its limit");
    this.name = "PayloadTooLargeError";
  }
}

/** Replaces whatever the handler answered (it saw a broken stream) with the 413. */
function answer(c: Context, response: Response) {
  // Hono copies the previous response's headers (Location, Set-Cookie) into a new c.res; clear it
  // first so the 413 stands alone.
  (c as unknown as { res: Response | undefined }).res = undefined;
  c.res = response;
}

/**
 * Enforces the limit of every request body: a declared Content-Length over it is refused before a
 * byte is read; a chunked (or lying) body is counted as it arrives and cut off at the limit.
 */
export function limitRequestBodies(): MiddlewareHandler {
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body || raw.method === "GET" || raw.method === "HEAD") return next();
    const limit = bodyLimitFor(c.req.path);
    const declared = raw.headers.get("content-length");
    if (declared !== null && !(Number(declared) <= limit.bytes)) return payloadTooLarge(limit);

    let received = 0;
    let exceeded = false;
    const counted = raw.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          received += chunk.byteLength;
          if (received > limit.bytes) {
            exceeded = true;
            controller.error(new PayloadTooLargeError());
            return;
          }
          controller.enqueue(chunk);
        },
      }),
    );
    c.req.raw = new Request(raw, { body: counted, duplex: "half" } as RequestInit);
    try {
      await next();
    } catch (error) {
      if (!exceeded) throw error;
    }
    if (exceeded) answer(c, payloadTooLarge(limit));
  };
}
