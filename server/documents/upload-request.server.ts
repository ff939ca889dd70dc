import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { MAX_DOCUMENT_BYTES } from "~/domain/documents";
import { DOCUMENT_TYPE_KEY } from "~/domain/document-types";
import type { DocumentType } from "~/domain/enums";
import type { DocumentUpload, ReceivedDocument } from "./upload.server";

// Multipart framing and the small fields around the file.
const TASK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ENVELOPE_BYTES = 64 * 1024;

/**
 * The HTTP side of a document upload, for the upload endpoint (POST /api/documents) and the
 * documents page's form action alike: a multipart body with `documentType`, then `file`. The
 * headers are judged now; the body is read only when the service calls `receive()` (after its
 * per-account limit), and then only up to the start of the file, whose bytes stream on to the
 * service. Nothing here holds more than busboy's small buffers in memory.
 */
export function readDocumentUpload(request: Request): DocumentUpload {
  const contentType = request.headers.get("content-type") ?? "";
  const body = request.body;
  if (!contentType.toLowerCase().startsWith("multipart/form-data") || !body) {
    return { ok: false, error: "noFile" };
  }
  // An honest client says how big the body is: refuse an oversized one before reading any of it.
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > MAX_DOCUMENT_BYTES + ENVELOPE_BYTES) {
    return { ok: false, error: "tooLarge" };
  }
  return { ok: true, receive: () => receiveParts(contentType, body) };
}

/**
 * A file that came with a page's other fields, already parsed by the route (the message form's new
 * attachment; the body limit of /dashboard/messages bounds it to the upload's): handed to the same
 * upload service as a streamed one, so the same rules judge it.
 */
export function documentUploadFromFile(
  file: Blob & { name: string },
  documentType: string | undefined,
): DocumentUpload {
  if (file.size > MAX_DOCUMENT_BYTES) return { ok: false, error: "tooLarge" };
  return {
    ok: true,
    receive: async () => {
      if (!documentType || !DOCUMENT_TYPE_KEY.test(documentType)) {
        return { ok: false, error: "badDocumentType", documentType: null };
      }
      const content = Readable.fromWeb(
        file.stream() as unknown as NodeWebReadableStream<Uint8Array>,
      );
      return {
        ok: true,
        documentType,
        file: { name: file.name, content, complete: Promise.resolve() },
      };
    },
  };
}

function receiveParts(
  contentType: string,
  body: ReadableStream<Uint8Array>,
): Promise<ReceivedDocument> {
  return new Promise<ReceivedDocument>((resolve) => {
    let documentType: DocumentType | null = null;
    // The dates printed on it, as typed (the service checks them): sent before the file.
    const dates: { issuedOn: string | null; expiresOn: string | null } = {
      issuedOn: null,
      expiresOn: null,
    };
    // The open task this upload completes, when it is sent from one (decision record 51).
    let taskId: string | undefined;
    // A sensitive type's consent box, and the language its words were shown in: sent before the file.
    const consent: { given: boolean; language: string | null } = { given: false, language: null };
    let answered = false;
    let refusal: ReceivedDocument | null = null;
    const answer = (received: ReceivedDocument) => {
      if (answered) return;
      answered = true;
      resolve(received);
    };
    let bodyRead!: () => void;
    let bodyBroke!: (error: Error) => void;
    const complete = new Promise<void>((done, fail) => {
      bodyRead = done;
      bodyBroke = fail;
    });
    // Only a service that was handed the file awaits it; otherwise a broken body is already the answer.
    complete.catch(() => undefined);

    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: { "content-type": contentType },
        // The raw name as sent, so a name that tries to climb directories is refused, not trimmed.
        preservePath: true,
        // Browsers send UTF-8 names; busboy would otherwise read them as Latin-1.
        defParamCharset: "utf8",
        // busboy marks a file "truncated" once it reaches the limit, so the limit is one byte past
        // ours: a file of exactly MAX_DOCUMENT_BYTES (10 MB) passes, one byte more is refused.
        limits: {
          files: 1,
          fileSize: MAX_DOCUMENT_BYTES + 1,
          fields: 12,
          fieldSize: 1024,
          parts: 14,
        },
      });
    } catch {
      answer({ ok: false, error: "noFile", documentType: null });
      return;
    }

    bb.on("field", (name, value) => {
      if (name === "issuedOn" || name === "expiresOn") {
        dates[name] = value.trim().slice(0, 20) || null;
        return;
      }
      if (name === "taskId") {
        if (TASK_ID.test(value)) taskId = value;
        return;
      }
      if (name === "sensitiveConsent") {
        consent.given = value === "on";
        return;
      }
      if (name === "consentLanguage") {
        consent.language = value.trim().slice(0, 8) || null;
        return;
      }
      if (name !== "documentType") return;
      // Only its shape here: the service checks it is a type one may upload now.
      if (DOCUMENT_TYPE_KEY.test(value)) documentType = value;
    });

    bb.on("file", (name, stream, info) => {
      // A body that breaks off mid-file destroys this stream with busboy's "Unexpected end of
      // form" even after its reader has let go of it (a refused file): that is reported through
      // `complete` and the answer, never as an uncaught error that would end the process.
      stream.on("error", () => undefined);
      if (name !== "file" || answered || refusal) {
        stream.resume();
        return;
      }
      if (!documentType) {
        // The form sends the type first; a file without one is refused once the body is read.
        refusal = { ok: false, error: "badDocumentType", documentType: null };
        stream.resume();
        return;
      }
      answer({
        ok: true,
        documentType,
        dates,
        taskId,
        consent,
        file: { name: info.filename ?? "", content: stream, complete },
      });
    });

    bb.on("error", (error) => {
      answer({ ok: false, error: "noFile", documentType });
      bodyBroke(error instanceof Error ? error : new Error(String(error)));
    });

    bb.on("close", () => {
      answer(
        refusal ?? { ok: false, error: documentType ? "noFile" : "badDocumentType", documentType },
      );
      bodyRead();
    });

    const source = Readable.fromWeb(body as unknown as NodeWebReadableStream<Uint8Array>);
    source.on("error", (error) => bb.destroy(error));
    source.pipe(bb);
  });
}
