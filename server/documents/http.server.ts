import { Readable } from "node:stream";
import type { Hono } from "hono";
import { isStaff, STAFF_ROLES } from "~/domain/enums";
import { guarded, requireRoleForApi, requireUserForApi } from "~/server/auth/guards.server";
import { serverT } from "~/server/i18n/translate.server";
import { logger } from "~/server/logger.server";
import { recordDocumentViewed } from "~/server/privacy/staff-views.server";
import { StorageNotFoundError, storage } from "~/server/storage/storage.server";
import { CertifiedCopyError, issueCertifiedCopy } from "./certified-copies.server";
import { getDocumentForDownload } from "./documents.server";
import { readDocumentUpload } from "./upload-request.server";
import { uploadDocument } from "./upload.server";

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "cache-control": "private, no-store" } });

/** `attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\;]/g, "_") || "document";
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const refusal = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "private, no-store",
      ...headers,
    },
  });

/** A staff member's download limit reached (a certified copy): when to try again, in their language. */
function downloadLimited(viewer: { preferredLanguage: string }, retryAfter: number) {
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return refusal(
    429,
    serverT(viewer.preferredLanguage, "documents")("staffDownloadLimit", { count: minutes }),
    { "retry-after": String(retryAfter) },
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Hono env generics vary by caller
export function registerDocumentEndpoints(app: Hono<any>) {
  // Upload with progress (the page's XMLHttpRequest); the page's own form action does the same
  // without JavaScript.
  app.post("/api/documents", (c) =>
    guarded(async () => {
      const viewer = await requireUserForApi(c.req.raw);
      // Staff review documents; an agent uploads for their applicants on the applicant's page.
      if (isStaff(viewer.role) || viewer.role === "agent") {
        return c.json({ ok: false, error: "forbidden" }, 403);
      }
      const outcome = await uploadDocument({
        actor: viewer,
        upload: readDocumentUpload(c.req.raw),
      });
      if (outcome.ok) {
        const d = outcome.document;
        return c.json(
          {
            ok: true,
            document: { id: d.id, documentType: d.documentType, fileName: d.fileName },
          },
          201,
        );
      }
      // A refusal is an answer the page shows on the card, not a transport failure: 200 with
      // ok:false keeps it out of the browser's error console; a server fault stays a 500, and a
      // full disk is 507 Insufficient Storage.
      const status = outcome.error === "failed" ? 500 : outcome.error === "storageFull" ? 507 : 200;
      return c.json(
        { ok: false, error: outcome.error, documentType: outcome.documentType },
        status,
      );
    }),
  );

  // Owner or staff only; anyone else gets the same 404 as a document that does not exist.
  app.get("/files/documents/:id", (c) =>
    guarded(async () => {
      const viewer = await requireUserForApi(c.req.raw);
      const doc = await getDocumentForDownload({ viewer, id: c.req.param("id") });
      if (!doc) return notFound();
      if (isStaff(viewer.role)) {
        // Written to the audit trail before a byte goes out; a staff member's downloads are capped.
        const viewed = await recordDocumentViewed({ staff: viewer, document: doc });
        if (!viewed.allowed) {
          const minutes = Math.max(1, Math.ceil(viewed.retryAfter / 60));
          return new Response(
            serverT(viewer.preferredLanguage, "documents")("staffDownloadLimit", {
              count: minutes,
            }),
            {
              status: 429,
              headers: {
                "content-type": "text/plain; charset=utf-8",
                "retry-after": String(viewed.retryAfter),
                "cache-control": "private, no-store",
              },
            },
          );
        }
      }
      let object: Awaited<ReturnType<ReturnType<typeof storage>["get"]>>;
      try {
        object = await storage().get(doc.storageKey);
      } catch (error) {
        if (error instanceof StorageNotFoundError) {
          logger().error({ documentId: doc.id }, "document row without a stored object");
          return notFound();
        }
        throw error;
      }
      return new Response(Readable.toWeb(object.body) as ReadableStream, {
        status: 200,
        headers: {
          "content-type": doc.contentType,
          "content-length": String(object.size),
          "content-disposition": contentDisposition(doc.fileName),
          "x-content-type-options": "nosniff",
          "cache-control": "private, no-store",
          "content-security-policy": "default-src 'none'; sandbox",
        },
      });
    }),
  );

  // A certified copy (decision record 50): staff who may download the document, verified ones
  // only. A POST (the review screen's form): each copy is a new reference, never made by a prefetch.
  app.post("/files/documents/:id/certified-copy", (c) =>
    guarded(async () => {
      const viewer = await requireRoleForApi(c.req.raw, STAFF_ROLES);
      try {
        const copy = await issueCertifiedCopy({ actor: viewer, documentId: c.req.param("id") });
        return new Response(copy.pdf, {
          status: 200,
          headers: {
            "content-type": "application/pdf",
            "content-length": String(copy.pdf.byteLength),
            "content-disposition": contentDisposition(copy.fileName),
            "x-content-type-options": "nosniff",
            "cache-control": "private, no-store",
          },
        });
      } catch (error) {
        if (!(error instanceof CertifiedCopyError)) throw error;
        if (error.code === "notFound") return notFound();
        if (error.code === "limit") return downloadLimited(viewer, error.retryAfter);
        return refusal(
          409,
          serverT(viewer.preferredLanguage, "documents")("certifiedCopy.notVerified"),
        );
      }
    }),
  );
}
