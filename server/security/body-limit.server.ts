import type { Context, MiddlewareHandler } from "hono";
import { MAX_DOCUMENT_BYTES } from "~/domain/documents";
import { MAX_IMAGE_BYTES } from "~/server/content/media.server";
import { formatMegabytes, noticeResponse } from "./notice-page.server";

/**
 * How many bytes a request body may have, by where it goes. Page forms and JSON are small (the
 * longest text field is 20,000 characters, at most ~240 KB once percent-encoded); the two upload
 * forms get their file cap plus room for the multipart framing and the fields around the file.
 * Anything larger is refused with 413 before the handler reads it, or as soon as it passes the
 * limit while streaming, so no request can make the server hold more than its limit in memory.
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
  // The applicant's message form carries a new document too (its text is a few fields more).
  if (
    page === "/api/documents" ||
    page === "/dashboard/documents" ||
    page === "/dashboard/messages"
  ) {
    return { bytes: DOCUMENT_UPLOAD_BODY_LIMIT, kind: "upload" };
  }
  if (page === "/admin/cms") return { bytes: CMS_BODY_LIMIT, kind: "upload" };
  if (path.startsWith("/api/auth/")) return { bytes: AUTH_BODY_LIMIT, kind: "form" };
  return { bytes: FORM_BODY_LIMIT, kind: "form" };
}

/**
 * A refused body is still read to its end (and dropped) before the 413 goes out, up to this many
 * bytes in all. A proxy in front (nginx) sends the whole body before it reads
 * the answer: closing while it is still sending resets its connection, and the person gets the
 * proxy's "502 Bad Gateway" instead of our message. Past this, the connection is closed.
 */
export const DRAIN_LIMIT = 32 * 1024 * 1024;

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
const kilobytes = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

/** The 413: a short page for a browser's form, the plain message for anything else. */
export function payloadTooLarge(
  request: Request,
  limit: BodyLimit,
  options: { close?: boolean } = {},
) {
  const text =
    limit.kind === "upload"
      ? `This upload is too large: the file may be at most ${megabytes(MAX_DOCUMENT_BYTES)} ` +
        `(images in the CMS ${megabytes(MAX_IMAGE_BYTES)}). Choose a smaller file and try again.`
      : `This request is too large: a form may send at most ${kilobytes(limit.bytes)}.`;
  const fileCap =
    pagePath(new URL(request.url).pathname) === "/admin/cms" ? MAX_IMAGE_BYTES : MAX_DOCUMENT_BYTES;
  return noticeResponse(request, {
    status: 413,
    text,
    page: (t, lng) => ({
      title: t(
        limit.kind === "upload" ? "notices.tooLarge.uploadTitle" : "notices.tooLarge.formTitle",
      ),
      message:
        limit.kind === "upload"
          ? t("notices.tooLarge.upload", { size: formatMegabytes(fileCap, lng) })
          : t("notices.tooLarge.form", { size: formatMegabytes(limit.bytes, lng) }),
    }),
    // A body left unread (past DRAIN_LIMIT) must not be taken for the next request.
    headers: options.close ? { connection: "close" } : undefined,
  });
}

/** Reads what is left of a refused body; false when it passed DRAIN_LIMIT or broke off. */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, received: number) {
  let total = received;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      total += value.byteLength;
      if (total > DRAIN_LIMIT) {
        void reader.cancel().catch(() => {});
        return false;
      }
    }
  } catch {
    return false;
  }
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
 * Enforces the limit of every request body: a declared Content-Length over it is refused before
 * the handler sees a byte; a chunked (or lying) body is counted as it arrives and cut off at the
 * limit. Either way the rest of the body is read and dropped (up to DRAIN_LIMIT) before the 413,
 * and so is the rest of any body a handler answered without reading to its end.
 */
export function limitRequestBodies(): MiddlewareHandler {
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body || raw.method === "GET" || raw.method === "HEAD") return next();
    const limit = bodyLimitFor(c.req.path);
    const declared = raw.headers.get("content-length");
    if (declared !== null && !(Number(declared) <= limit.bytes)) {
      const drained =
        Number(declared) <= DRAIN_LIMIT && (await discardRest(raw.body.getReader(), 0));
      return payloadTooLarge(raw, limit, { close: !drained });
    }

    const reader = raw.body.getReader();
    let received = 0;
    let exceeded = false;
    let ended = false;
    const counted = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) {
            ended = true;
            return controller.close();
          }
          received += value.byteLength;
          if (received > limit.bytes) {
            // The handler sees the body break; the rest is left in `reader` to be drained.
            exceeded = true;
            controller.error(new PayloadTooLargeError());
            return;
          }
          controller.enqueue(value);
        },
        // A handler that stops reading leaves the rest to be drained below, not dropped unread.
        cancel: () => {},
      },
      { highWaterMark: 0 },
    );
    c.req.raw = new Request(raw, { body: counted, duplex: "half" } as RequestInit);
    try {
      await next();
    } catch (error) {
      if (!exceeded) throw error;
    }
    if (exceeded) {
      const drained = await discardRest(reader, received);
      answer(c, await payloadTooLarge(raw, limit, { close: !drained }));
    } else if (!ended && !(await discardRest(reader, received))) {
      // Answered without reading the whole body (a redirect to sign in): the same holds.
      try {
        c.res.headers.set("connection", "close");
      } catch {
        c.header("connection", "close");
      }
    }
  };
}
