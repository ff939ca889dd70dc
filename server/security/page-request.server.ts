import type { MiddlewareHandler } from "hono";
import { bodyLimitFor, PayloadTooLargeError, payloadTooLarge } from "./body-limit.server";
import { type PublicUrlSource, publicUrlOfRequest } from "./public-url.server";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

const badRequest = (message: string) =>
  new Response(message, { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });

/**
 * Readies a request for React Router's handler:
 *
 * 1. Its URL is the public one (see publicUrlOf), so the cross-site check of actions compares the
 *    browser's Origin with the address the browser used.
 * 2. A form body is read (within its limit, already enforced by limitRequestBodies) and checked
 *    once here: every action reads `request.formData()`, which throws on a body that is not a form
 *    or is broken multipart, and a throw in an action is a 500. Such a request is answered 400 with
 *    a plain message before any action runs. The document upload streams its file to storage and
 *    parses its own multipart, so its body is passed on unread.
 */
export function preparePageRequests(source: PublicUrlSource): MiddlewareHandler {
  return async (c, next) => {
    let raw = c.req.raw;
    const url = publicUrlOfRequest(raw, source);
    if (url.href !== raw.url) {
      raw = new Request(
        url,
        raw.body ? ({ ...requestInit(raw), duplex: "half" } as RequestInit) : requestInit(raw),
      );
      c.req.raw = raw;
    }
    if (raw.method === "GET" || raw.method === "HEAD") return next();

    const limit = bodyLimitFor(c.req.path);
    if (limit.kind === "upload" && c.req.path.startsWith("/dashboard/documents")) return next();

    let bytes: ArrayBuffer;
    try {
      bytes = await raw.arrayBuffer();
    } catch (error) {
      if (
        error instanceof PayloadTooLargeError ||
        (error as Error)?.cause instanceof PayloadTooLargeError
      )
        return payloadTooLarge(raw, limit);
      return badRequest("The request body could not be read. Please send the form again.");
    }
    const headers = new Headers(raw.headers);
    const type = (headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (bytes.byteLength === 0 && !type) {
      // A POST without a body (a bare button): an empty form, not an error.
      headers.set("content-type", "application/x-www-form-urlencoded");
    } else if (!FORM_TYPES.includes(type)) {
      return badRequest(
        "This address accepts forms only (application/x-www-form-urlencoded or multipart/form-data).",
      );
    } else if (type === "multipart/form-data") {
      try {
        await new Response(bytes, { headers }).formData();
      } catch {
        return badRequest("The form could not be read: its multipart body is malformed.");
      }
    }
    c.req.raw = new Request(raw.url, {
      method: raw.method,
      headers,
      body: bytes,
      signal: raw.signal,
    });
    return next();
  };
}

function requestInit(raw: Request): RequestInit {
  return { method: raw.method, headers: raw.headers, body: raw.body, signal: raw.signal };
}
