import crypto from "node:crypto";
import { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import {
  ACCEPTED_DOCUMENT_TYPES,
  type AcceptedDocumentType,
  MAX_DOCUMENT_BYTES,
  type UploadError,
} from "~/domain/documents";
import { type DocumentDates, isDay } from "~/domain/checklists";
import { type DocumentTypeDef, formatAllowed, inLanguage } from "~/domain/document-types";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/domain/languages";
import type { DocumentType } from "~/domain/enums";
import type { Viewer } from "~/server/auth/guards.server";
import { recordAudit } from "~/server/audit/audit.server";
import type { Db } from "~/server/db/client.server";
import { documents, profiles } from "~/server/db/schema";
import { serverT } from "~/server/i18n/translate.server";
import { logger } from "~/server/logger.server";
import { inTransactionWithMail } from "~/server/mail/outbox.server";
import { documentLabel } from "~/server/documents/document-mail.server";
import { notifyApplicantOwners } from "~/server/owners/owners.server";
import {
  completeUploadTask,
  isOpenUploadTask,
  TaskNotOpenError,
} from "~/server/tasks/tasks.server";
import { consumeRateLimit } from "~/server/security/rate-limit.server";
import { isStorageFullError, storage } from "~/server/storage/storage.server";
import { BombCheck } from "./decompression-bombs.server";
import { activeDocumentTypes, listDocumentTypes, namesOf } from "./document-types.server";

// Enough bytes for file-type to see inside a DOCX (zip entries) before we decide; the rest streams.
const SNIFF_BYTES = 64 * 1024;
const MAX_NAME_LENGTH = 120;
const UPLOAD_RATE_LIMIT = { window: 60 * 60, max: 40 };

export type UploadedDocument = typeof documents.$inferSelect;
export type UploadOutcome =
  | { ok: true; document: UploadedDocument }
  | { ok: false; error: UploadError; documentType: DocumentType | null };

/**
 * A document upload as the HTTP side hands it over (`readDocumentUpload`,
 * upload-request.server.ts): refused from its headers alone, or ready to be received. Receiving
 * reads the body only up to the file, so the service counts the upload against the person's limit
 * before a byte of it is read.
 */
export type DocumentUpload =
  | { ok: false; error: "noFile" | "tooLarge" }
  | { ok: true; receive: () => Promise<ReceivedDocument> };

export type ReceivedDocument =
  | { ok: false; error: "noFile" | "badDocumentType"; documentType: DocumentType | null }
  | {
      ok: true;
      documentType: DocumentType;
      dates?: DocumentDates;
      /** The applicant's open upload task this document completes (sent from the task's form). */
      taskId?: string;
      /** The consent box of a sensitive type, and the language the page showed its words in. */
      consent?: { given: boolean; language: string | null };
      file: IncomingFile;
    };

export type IncomingFile = {
  /** The name as sent; the service cleans it (or refuses it). */
  name: string;
  /** The bytes as they arrive; `truncated` once more than MAX_DOCUMENT_BYTES came (the rest is discarded). */
  content: Readable & { truncated?: boolean };
  /** Settles once the whole request body has been read: rejects when it broke off or was malformed. */
  complete: Promise<void>;
};

/** An upload on someone's behalf whose permission ended while its file was arriving. */
class UploadNoLongerAllowed extends Error {}

/** What the upload was for failed in its transaction (see `alongside`): thrown on as it came. */
class AlongsideFailed extends Error {
  constructor(readonly reason: unknown) {
    super("what the upload was for failed");
  }
}

class UploadRefused extends Error {
  constructor(readonly code: UploadError) {
    super(code);
  }
}

type StoredFile = { key: string; size: number; fileName: string; contentType: string };

/**
 * Stores one uploaded document for `actor`. The file streams to the storage driver; at most
 * SNIFF_BYTES are held in memory. Refusals (size, type by content, name, empty, a body that broke
 * off) leave neither an object nor a row behind.
 */
export async function uploadDocument({
  actor,
  upload,
  onBehalf,
  alongside,
}: {
  actor: Pick<Viewer, "id">;
  upload: DocumentUpload;
  /**
   * An upload by someone else for the applicant (an agent for an applicant they registered): the
   * document is the applicant's, audited as the actor's doing. `stillAllowed` is asked again in
   * the row's transaction, with the applicant's profile row locked. Sensitive types stay the
   * applicant's own to upload.
   */
  onBehalf?: { applicantId: string; stillAllowed: (tx: Db) => Promise<boolean> };
  /**
   * What the document is uploaded for (a message that carries it), written in the document row's
   * transaction: when it fails, neither the row nor the file stays, and its error is thrown on.
   */
  alongside?: (tx: Db, document: UploadedDocument) => Promise<unknown>;
}): Promise<UploadOutcome> {
  if (!upload.ok) return { ok: false, error: upload.error, documentType: null };
  const ownerId = onBehalf?.applicantId ?? actor.id;

  // Bounds what one account can write to disk; generous for five document types and retries.
  const limit = await consumeRateLimit(`document-upload:${actor.id}`, UPLOAD_RATE_LIMIT);
  if (!limit.allowed) return { ok: false, error: "tooMany", documentType: null };

  const received = await upload.receive();
  if (!received.ok) return received;
  const { documentType, file } = received;
  let stored: StoredFile | null = null;
  try {
    // The type must be one an applicant may upload now (an admin may have retired it meanwhile).
    const type = (await activeDocumentTypes()).find(
      (t) => t.key === documentType && !(onBehalf && t.sensitive),
    );
    const dates = checkDates(received.dates);
    if (!dates) {
      file.content.resume();
      throw new UploadRefused("badDates");
    }
    // Only the applicant's own upload completes their task; asked before a byte is stored, and
    // again in the row's transaction.
    const taskId = onBehalf ? undefined : received.taskId;
    if (taskId && !(await isOpenUploadTask({ userId: ownerId, taskId, documentType }))) {
      file.content.resume();
      throw new UploadRefused("taskClosed");
    }
    // Special personal information is kept only with the applicant's explicit consent, in the
    // words they were shown (decision record 49); without it nothing is stored.
    const consent = type?.sensitive ? consentOf(type, received.consent) : null;
    if (type?.sensitive && !consent) {
      file.content.resume();
      throw new UploadRefused("consentNeeded");
    }
    stored = await storeFile(ownerId, file, type ?? null);
    await file.complete;
    const { row, replacedKeys } = await insertDocumentRow(
      { ownerId, actorId: actor.id, stillAllowed: onBehalf?.stillAllowed, taskId, alongside },
      documentType,
      stored,
      dates,
      consent,
    );
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
    if (stored) await removeStored(stored.key);
    // storeFile has read the file to its end (or seen it break), so the body settles.
    const bodyBroke = await file.complete.then(
      () => false,
      () => true,
    );
    if (bodyBroke) return { ok: false, error: "noFile", documentType };
    if (error instanceof AlongsideFailed) throw error.reason;
    if (error instanceof UploadNoLongerAllowed) return { ok: false, error: "failed", documentType };
    if (error instanceof TaskNotOpenError) return { ok: false, error: "taskClosed", documentType };
    if (error instanceof UploadRefused) {
      // A type one may not upload has no card to answer in: the page says it under the cards.
      const card = error.code === "badDocumentType" ? null : documentType;
      return { ok: false, error: error.code, documentType: card };
    }
    if (isStorageFullError(error)) {
      logger().error({ err: error, userId: actor.id }, "document upload refused: storage is full");
      return { ok: false, error: "storageFull", documentType };
    }
    logger().error({ err: error, userId: actor.id }, "document upload failed");
    return { ok: false, error: "failed", documentType };
  }
}

type Consent = { consentAt: Date; consentLanguage: Language; consentText: string };

/**
 * The consent to keep a sensitive document, as recorded: the words of the box in the language the
 * page was shown in (English when it says none it knows). Null when the box was not ticked.
 */
function consentOf(
  type: DocumentTypeDef,
  given: { given: boolean; language: string | null } | undefined,
): Consent | null {
  if (!given?.given) return null;
  const language: Language = isLanguage(given.language) ? given.language : DEFAULT_LANGUAGE;
  const text = serverT(language, "documents")("consent.label", {
    document: inLanguage(type.names, language),
  });
  return { consentAt: new Date(), consentLanguage: language, consentText: text };
}

/**
 * The dates as typed, each optional: real calendar days, the expiry after the issue. Null when
 * they are not (the upload is refused before its file is stored).
 */
export function checkDates(dates: Partial<DocumentDates> | undefined): DocumentDates | null {
  const issuedOn = dates?.issuedOn || null;
  const expiresOn = dates?.expiresOn || null;
  if (issuedOn && !isDay(issuedOn)) return null;
  if (expiresOn && !isDay(expiresOn)) return null;
  if (issuedOn && expiresOn && expiresOn <= issuedOn) return null;
  return { issuedOn, expiresOn };
}

async function removeStored(key: string) {
  await storage()
    .delete(key)
    .catch(() => undefined);
}

/** Reads the file to its end whatever happens, so the rest of the request body can be read. */
async function storeFile(
  userId: string,
  file: IncomingFile,
  type: Pick<DocumentTypeDef, "formats"> | null,
): Promise<StoredFile> {
  const stream = file.content;
  if (!type) {
    stream.resume();
    throw new UploadRefused("badDocumentType");
  }
  const cleanName = cleanFileName(file.name);
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
    try {
      for (let n = await chunks.next(); !n.done; n = await chunks.next()) {
        /* discard */
      }
    } catch {
      // The body broke off: file.complete says so.
    }
  };

  // A nameless empty part is the form sent with no file chosen (a browser that skipped `required`).
  if (head.length === 0) throw new UploadRefused(file.name === "" ? "noFile" : "empty");
  if (stream.truncated) {
    await drain();
    throw new UploadRefused("tooLarge");
  }
  const detected = await detectDocumentType(head);
  if (!detected) {
    await drain();
    throw new UploadRefused("wrongType");
  }
  // Each type allows some of the formats (a passport as a scan or photo, not a Word file).
  if (!formatAllowed(type, detected)) {
    await drain();
    throw new UploadRefused("formatNotForType");
  }
  // An image too large in pixels, or a DOCX that unpacks to far more than it weighs: from the
  // headers, never decoded. A PNG's size is in its first bytes; a JPEG's and a zip's come later.
  const bombs = new BombCheck(detected);
  bombs.push(head);
  if (bombs.early) {
    await drain();
    throw new UploadRefused(bombs.early);
  }

  const key = `documents/${userId}/${crypto.randomUUID()}`;
  async function* body() {
    yield head;
    if (ended) return;
    for (let n = await chunks.next(); !n.done; n = await chunks.next()) {
      bombs.push(n.value);
      yield n.value;
    }
  }
  const upload = Readable.from(body());
  let result: { size: number };
  try {
    result = await storage().put(key, upload, { contentType: detected });
  } catch (error) {
    await removeStored(key);
    await drain();
    throw error;
  }
  // busboy stops handing over bytes at the limit and marks the stream truncated: the object we
  // wrote is incomplete, so it goes.
  if (stream.truncated || result.size > MAX_DOCUMENT_BYTES) {
    await removeStored(key);
    throw new UploadRefused("tooLarge");
  }
  const verdict = bombs.verdict();
  if (verdict) {
    await removeStored(key);
    throw new UploadRefused(verdict);
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
async function insertDocumentRow(
  by: {
    ownerId: string;
    actorId: string;
    stillAllowed?: (tx: Db) => Promise<boolean>;
    taskId?: string;
    alongside?: (tx: Db, document: UploadedDocument) => Promise<unknown>;
  },
  documentType: DocumentType,
  file: StoredFile,
  dates: DocumentDates,
  consent: Consent | null,
) {
  const userId = by.ownerId;
  return inTransactionWithMail(async (tx) => {
    await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for("update");
    if (by.stillAllowed && !(await by.stillAllowed(tx))) throw new UploadNoLongerAllowed();
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
        issuedOn: dates.issuedOn,
        expiresOn: dates.expiresOn,
        ...consent,
      })
      .returning();
    if (by.taskId) {
      await completeUploadTask(tx, {
        userId,
        taskId: by.taskId,
        documentId: row!.id,
        documentType,
      });
    }
    if (by.alongside) {
      try {
        await by.alongside(tx as unknown as Db, row!);
      } catch (error) {
        throw new AlongsideFailed(error);
      }
    }
    if (by.actorId !== userId) {
      await recordAudit(tx, {
        actorId: by.actorId,
        action: "document.upload_for_applicant",
        targetType: "document",
        targetId: row!.id,
        details: { documentType, applicantId: userId },
      });
    }
    // The staff member who looks after this applicant hears of it.
    const document = namesOf(await listDocumentTypes(tx), documentType);
    await notifyApplicantOwners(tx, {
      applicantId: userId,
      actorId: by.actorId,
      event: "document",
      detail: (_t, lng) => documentLabel(document, lng),
    });
    return { row: row!, replacedKeys: replaced.map((r) => r.storageKey) };
  });
}
