import crypto from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { and, eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import {
  ACCEPTED_DOCUMENT_TYPES,
  type AcceptedDocumentType,
  MAX_DOCUMENT_BYTES,
  type UploadError,
} from "~/domain/documents";
import { DOCUMENT_TYPES, type DocumentType } from "~/domain/enums";
import type { Viewer } from "~/server/auth/guards.server";
import { db } from "~/server/db/client.server";
import { documents, profiles } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { consumeRateLimit } from "~/server/security/rate-limit.server";
import { storage } from "~/server/storage/storage.server";

// Enough bytes for file-type to see inside a DOCX (zip entries) before we decide; the rest streams.
const SNIFF_BYTES = 64 * 1024;
// Multipart framing and the small fields around the file.
const ENVELOPE_BYTES = 64 * 1024;
const MAX_NAME_LENGTH = 120;
const UPLOAD_RATE_LIMIT = { window: 60 * 60, max: 40 };

export type UploadedDocument = typeof documents.$inferSelect;
export type UploadOutcome =
  | { ok: true; document: UploadedDocument }
  | { ok: false; error: UploadError; documentType: DocumentType | null };

class UploadRefused extends Error {
  constructor(readonly code: UploadError) {
    super(code);
  }
}

/**
 * Reads one document upload (multipart: `documentType`, then `file`) from the request and stores
 * it for `actor`. The file streams to the storage driver; at most SNIFF_BYTES are held in memory.
 * Refusals (size, type by content, name, empty) leave neither an object nor a row behind.
 */
export async function uploadDocumentFromRequest({
  actor,
  request,
}: {
  actor: Pick<Viewer, "id">;
  request: Request;
}): Promise<UploadOutcome> {
  const contentType = request.headers.get("content-type") ?? "";
  let documentType: DocumentType | null = null;
  if (!contentType.toLowerCase().startsWith("multipart/form-data") || !request.body) {
    return { ok: false, error: "noFile", documentType };
  }
  // An honest client says how big the body is: refuse an oversized one before reading any of it.
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > MAX_DOCUMENT_BYTES + ENVELOPE_BYTES) {
    return { ok: false, error: "tooLarge", documentType };
  }

  // Bounds what one account can write to disk; generous for five document types and retries.
  const limit = await consumeRateLimit(`document-upload:${actor.id}`, UPLOAD_RATE_LIMIT);
  if (!limit.allowed) return { ok: false, error: "tooMany", documentType };

  let stored: { key: string; size: number; fileName: string; contentType: string } | null = null;
  try {
    stored = await receiveFile(request, contentType, actor.id, (value) => {
      documentType = value;
    });
    const { row, replacedKeys } = await insertDocumentRow(actor.id, documentType!, stored);
    stored = null;
    // After the commit: the replaced uploads' rows are gone, so their files can go too. A failed
    // delete only leaves an orphan object, never a row pointing at nothing.
    for (const key of replacedKeys) {
      await storage()
        .delete(key)
        .catch((error: unknown) =>
          logger().warn({ err: error, key }, "could not remove a replaced upload's file"),
        );
    }
    return { ok: true, document: row };
  } catch (error) {
    if (stored)
      await storage()
        .delete(stored.key)
        .catch(() => undefined);
    if (error instanceof UploadRefused) return { ok: false, error: error.code, documentType };
    logger().error({ err: error, userId: actor.id }, "document upload failed");
    return { ok: false, error: "failed", documentType };
  }
}

type StoredFile = { key: string; size: number; fileName: string; contentType: string };

function receiveFile(
  request: Request,
  contentType: string,
  userId: string,
  onDocumentType: (value: DocumentType) => void,
): Promise<StoredFile> {
  return new Promise<StoredFile>((resolve, reject) => {
    let documentType: DocumentType | null = null;
    let filePromise: Promise<StoredFile> | null = null;
    let refused: UploadRefused | null = null;
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
          fields: 10,
          fieldSize: 1024,
          parts: 12,
        },
      });
    } catch {
      reject(new UploadRefused("noFile"));
      return;
    }

    bb.on("field", (name, value) => {
      if (name !== "documentType") return;
      if ((DOCUMENT_TYPES as readonly string[]).includes(value)) {
        documentType = value as DocumentType;
        onDocumentType(documentType);
      }
    });

    bb.on("file", (name, stream, info) => {
      if (name !== "file" || filePromise || refused) {
        stream.resume();
        return;
      }
      if (!documentType) {
        refused = new UploadRefused("badDocumentType");
        stream.resume();
        return;
      }
      filePromise = storeFile(userId, stream, info.filename);
      // Keep the rejection for the 'close' handler; avoid an unhandled rejection meanwhile.
      filePromise.catch(() => undefined);
    });

    bb.on("error", (error) => {
      if (filePromise) filePromise.then(cleanupStored, () => undefined);
      reject(error instanceof UploadRefused ? error : new UploadRefused("noFile"));
    });

    bb.on("close", () => {
      if (refused) return reject(refused);
      if (!filePromise) {
        return reject(new UploadRefused(documentType ? "noFile" : "badDocumentType"));
      }
      filePromise.then(resolve, reject);
    });

    const source = Readable.fromWeb(request.body as unknown as NodeWebReadableStream<Uint8Array>);
    source.on("error", (error) => bb.destroy(error));
    source.pipe(bb);
  });
}

async function cleanupStored(file: StoredFile) {
  await storage()
    .delete(file.key)
    .catch(() => undefined);
}

async function storeFile(
  userId: string,
  stream: Readable & { truncated?: boolean },
  rawName: string | undefined,
): Promise<StoredFile> {
  const cleanName = cleanFileName(rawName ?? "");
  if (cleanName === null) {
    stream.resume();
    throw new UploadRefused("badName");
  }

  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const headParts: Buffer[] = [];
  let headSize = 0;
  let ended = false;
  while (headSize < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    headParts.push(next.value);
    headSize += next.value.length;
  }
  const head = Buffer.concat(headParts);
  const drain = async () => {
    if (ended) return;
    for (let n = await chunks.next(); !n.done; n = await chunks.next()) {
      /* discard */
    }
  };

  if (head.length === 0) throw new UploadRefused("empty");
  if (stream.truncated) {
    await drain();
    throw new UploadRefused("tooLarge");
  }
  const detected = await detectDocumentType(head);
  if (!detected) {
    await drain();
    throw new UploadRefused("wrongType");
  }

  const key = `documents/${userId}/${crypto.randomUUID()}`;
  async function* body() {
    yield head;
    if (ended) return;
    for (let n = await chunks.next(); !n.done; n = await chunks.next()) yield n.value;
  }
  const upload = Readable.from(body());
  let result: { size: number };
  try {
    result = await storage().put(key, upload, { contentType: detected });
  } catch (error) {
    await storage()
      .delete(key)
      .catch(() => undefined);
    throw error;
  }
  // busboy stops handing over bytes at the limit and marks the stream truncated: the object we
  // wrote is incomplete, so it goes.
  if (stream.truncated || result.size > MAX_DOCUMENT_BYTES) {
    await storage()
      .delete(key)
      .catch(() => undefined);
    throw new UploadRefused("tooLarge");
  }
  return {
    key,
    size: result.size,
    contentType: detected,
    fileName: withExtension(cleanName, ACCEPTED_DOCUMENT_TYPES[detected]),
  };
}

/** The accepted content type these bytes are, or null. Decided by content, never by name. */
export async function detectDocumentType(head: Uint8Array): Promise<AcceptedDocumentType | null> {
  const found = await fileTypeFromBuffer(head);
  if (!found) return null;
  switch (found.mime) {
    case "application/pdf":
    case "image/jpeg":
    case "image/png":
    case "application/vnd.openxmlformats-officedocument.wordprocessingml.document":
      return found.mime;
    // A legacy .doc is an OLE compound file; file-type names the container, not the application.
    case "application/x-cfb":
      return "application/msword";
    default:
      return null;
  }
}

/**
 * A file name safe to store and to show: no directories, no control characters, bounded length.
 * Returns null for a name that tries to point somewhere else (browsers only ever send a base name).
 */
export function cleanFileName(raw: string): string | null {
  const name = raw.normalize("NFC");
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[/\\\u0000-\u001f\u007f]/.test(name) || /^\.+$/.test(name.trim())) return null;
  const cleaned = name
    .replace(/[<>:"|?*\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, "_")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  if (!cleaned) return "document";
  if (cleaned.length <= MAX_NAME_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const ext = dot > 0 && cleaned.length - dot <= 6 ? cleaned.slice(dot) : "";
  return cleaned.slice(0, MAX_NAME_LENGTH - ext.length) + ext;
}

const EXTENSIONS_FOR: Record<string, string[]> = {
  pdf: ["pdf"],
  doc: ["doc"],
  docx: ["docx"],
  jpg: ["jpg", "jpeg"],
  png: ["png"],
};

// A PDF called "cv.png" is stored as "cv.png.pdf": the name never contradicts the content.
function withExtension(name: string, ext: string) {
  const current = name.includes(".") ? name.slice(name.lastIndexOf(".") + 1).toLowerCase() : "";
  return EXTENSIONS_FOR[ext]?.includes(current) ? name : `${name}.${ext}`;
}

/**
 * One pending document per type and person: the new upload takes the place of the pending one
 * (never reviewed, so nothing is lost) in one transaction. The profile row lock makes parallel
 * uploads of one person take turns on PostgreSQL, so each sees the pending row the previous one
 * left; PGlite runs transactions one at a time anyway. Reviewed documents stay as history.
 */
async function insertDocumentRow(userId: string, documentType: DocumentType, file: StoredFile) {
  return db().transaction(async (tx) => {
    await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for("update");
    const replaced = await tx
      .delete(documents)
      .where(
        and(
          eq(documents.userId, userId),
          eq(documents.documentType, documentType),
          eq(documents.status, "pending"),
        ),
      )
      .returning({ storageKey: documents.storageKey });
    const [row] = await tx
      .insert(documents)
      .values({
        userId,
        documentType,
        fileName: file.fileName,
        storageKey: file.key,
        fileSize: file.size,
        contentType: file.contentType,
        status: "pending",
      })
      .returning();
    return { row: row!, replacedKeys: replaced.map((r) => r.storageKey) };
  });
}
