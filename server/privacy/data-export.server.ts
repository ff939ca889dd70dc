import { PassThrough, type Readable } from "node:stream";
import { and, desc, eq, getTableName, inArray, is, lt, or, type SQL } from "drizzle-orm";
import { alias, getTableConfig, type PgColumn, PgTable } from "drizzle-orm/pg-core";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { isUuid } from "~/domain/ids";
import { DATA_EXPORT_TTL_DAYS } from "~/domain/privacy";
import type { Viewer } from "~/server/auth/guards.server";
import { db } from "~/server/db/client.server";
import * as schema from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { consumeRateLimit } from "~/server/security/rate-limit.server";
import { StorageNotFoundError, storage } from "~/server/storage/storage.server";
import { dataSummaryHtml } from "./data-summary.server";
import { listStaffViewsOfOwner } from "./staff-views.server";

// "Download my data": one zip archive with everything Passage holds about a
// person — `passage-summary.html` to read, `passage-data.json` for machines and their uploaded
// files under `documents/` — built in the
// background into storage and offered on their profile for DATA_EXPORT_TTL_DAYS days.
//
// What is "everything" is read from the schema itself: every table with a column that refers to
// a profile gives the rows where that column is this person, so a table added later is in the
// archive without anyone remembering to add it (the integration test checks every such table).
// A few things are joined in by hand: the messages they received, the history of their
// applications, who on the staff opened their profile or documents (by role), staff's notes on
// their applications (by the writer's role: notes are about them, so they are theirs to read, see
// decision record 23), the contact and quote requests and the e-mails sent to their address.

/** Secrets never leave the server, even to their owner. */
const SECRET_COLUMNS: Record<string, string[]> = {
  sessions: ["token"],
  accounts: ["password", "accessToken", "refreshToken", "idToken"],
};
/** Internal addresses of stored objects: the files themselves are in the archive instead. */
const INTERNAL_COLUMNS = ["storageKey"];
/**
 * Columns that name the staff member looking after a row (its owner), not the row's person: a
 * staff member's archive does not take their applicants' rows, nor the profile's own reference.
 */
const STAFF_REFERENCE_COLUMNS = ["owner_id"];
/**
 * The same for a staff note's writer: the notes are about an applicant (in that applicant's
 * archive as staffNotes), not the writer's own information; for who issued a certified copy, or
 * gave or cancelled a task; and for the staff member who opened a sensitive document (the rows
 * are the applicant's).
 */
const WRITER_COLUMNS: Record<string, string[]> = {
  application_notes: ["author_id"],
  // A certified copy is of an applicant's document; the staff member only issued it.
  certified_copies: ["issued_by"],
  // A task is the applicant's (decision record 51), not the giver's or the canceller's.
  applicant_tasks: ["created_by", "cancelled_by"],
  sensitive_document_access: ["staff_id"],
};

/** The profile-referring columns of each table of the schema, found from its foreign keys. */
function tablesReferringToProfiles(): { name: string; table: PgTable; columns: PgColumn[] }[] {
  const found: { name: string; table: PgTable; columns: PgColumn[] }[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const columns = config.foreignKeys
      .map((fk) => fk.reference())
      .filter((ref) => getTableName(ref.foreignTable) === "profiles")
      .flatMap((ref) => ref.columns)
      .filter((column) => !STAFF_REFERENCE_COLUMNS.includes(column.name))
      .filter((column) => !WRITER_COLUMNS[config.name]?.includes(column.name));
    if (columns.length > 0) found.push({ name: config.name, table: value, columns });
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

export function personalTableNames(): string[] {
  return ["profiles", ...tablesReferringToProfiles().map((t) => t.name)];
}

function clean(tableName: string, row: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (SECRET_COLUMNS[tableName]?.includes(key) || INTERNAL_COLUMNS.includes(key)) continue;
    out[key] = value;
  }
  return out;
}

export type PersonalData = {
  exportedAt: string;
  /** Table name → this person's rows (secrets and storage addresses left out). */
  tables: Record<string, Record<string, unknown>[]>;
  messagesReceived: Record<string, unknown>[];
  applicationHistory: Record<string, unknown>[];
  /** Notes staff wrote on their applications: about them, so part of what they may see. */
  staffNotes: Record<string, unknown>[];
  staffViews: Awaited<ReturnType<typeof listStaffViewsOfOwner>>;
  contactInquiries: Record<string, unknown>[];
  quoteRequests: Record<string, unknown>[];
  emailsSent: Record<string, unknown>[];
};

/** Everything held about `userId`, as rows (no files). */
export async function collectPersonalData(userId: string): Promise<PersonalData> {
  const [profile] = await db().select().from(schema.profiles).where(eq(schema.profiles.id, userId));
  if (!profile) throw new Error(`no profile ${userId}`);
  const tables: PersonalData["tables"] = { profiles: [clean("profiles", profile)] };
  for (const { name, table, columns } of tablesReferringToProfiles()) {
    const where = or(...columns.map((c) => eq(c, userId))) as SQL;
    const rows = await db().select().from(table).where(where);
    tables[name] = rows.map((r) => clean(name, r as Record<string, unknown>));
  }

  const receivedIds = db()
    .select({ id: schema.messageRecipients.messageId })
    .from(schema.messageRecipients)
    .where(eq(schema.messageRecipients.userId, userId));
  const applicationIds = db()
    .select({ id: schema.jobApplications.id })
    .from(schema.jobApplications)
    .where(eq(schema.jobApplications.userId, userId));
  const noteAuthor = alias(schema.profiles, "note_author");
  const [messagesReceived, applicationHistory, staffNotes, staffViews, contact, quotes, emails] =
    await Promise.all([
      db()
        .select({
          id: schema.messages.id,
          subject: schema.messages.subject,
          content: schema.messages.content,
          sentAt: schema.messages.sentAt,
        })
        .from(schema.messages)
        .where(
          or(inArray(schema.messages.id, receivedIds), eq(schema.messages.recipientId, userId)),
        )
        .orderBy(desc(schema.messages.sentAt)),
      db()
        .select({
          applicationId: schema.applicationStatusHistory.applicationId,
          fromStatus: schema.applicationStatusHistory.fromStatus,
          toStatus: schema.applicationStatusHistory.toStatus,
          note: schema.applicationStatusHistory.note,
          createdAt: schema.applicationStatusHistory.createdAt,
        })
        .from(schema.applicationStatusHistory)
        .where(inArray(schema.applicationStatusHistory.applicationId, applicationIds))
        .orderBy(schema.applicationStatusHistory.createdAt),
      db()
        .select({
          applicationId: schema.applicationNotes.applicationId,
          body: schema.applicationNotes.body,
          authorRole: noteAuthor.role,
          createdAt: schema.applicationNotes.createdAt,
        })
        .from(schema.applicationNotes)
        .leftJoin(noteAuthor, eq(noteAuthor.id, schema.applicationNotes.authorId))
        .where(inArray(schema.applicationNotes.applicationId, applicationIds))
        .orderBy(schema.applicationNotes.createdAt),
      listStaffViewsOfOwner({ owner: { id: userId }, limit: 10_000 }),
      db()
        .select()
        .from(schema.contactInquiries)
        .where(eq(schema.contactInquiries.email, profile.email)),
      db()
        .select()
        .from(schema.outsourcingInquiries)
        .where(eq(schema.outsourcingInquiries.email, profile.email)),
      db()
        .select({
          channel: schema.mailOutbox.channel,
          subject: schema.mailOutbox.subject,
          text: schema.mailOutbox.text,
          status: schema.mailOutbox.status,
          createdAt: schema.mailOutbox.createdAt,
        })
        .from(schema.mailOutbox)
        // Their e-mails, and the WhatsApp and SMS notices sent to their numbers.
        .where(
          inArray(
            schema.mailOutbox.to,
            [profile.email, profile.phoneNumber, profile.whatsappNumber].filter((v): v is string =>
              Boolean(v),
            ),
          ),
        )
        .orderBy(desc(schema.mailOutbox.createdAt)),
    ]);
  return {
    exportedAt: new Date().toISOString(),
    tables,
    messagesReceived,
    applicationHistory,
    staffNotes,
    staffViews,
    contactInquiries: contact,
    quoteRequests: quotes,
    emailsSent: emails,
  };
}

/** A name that is safe in any zip tool: letters, digits, dot, dash and underscore. */
function safeName(name: string) {
  return name.replace(/[^\w.-]+/g, "_").slice(0, 120) || "file";
}

/**
 * The archive as a stream: passage-summary.html (a readable page in their language),
 * passage-data.json (everything, for machines), then every stored document of theirs.
 */
export async function writeArchive(userId: string): Promise<Readable> {
  const data = await collectPersonalData(userId);
  const files = await db()
    .select({
      id: schema.documents.id,
      documentType: schema.documents.documentType,
      fileName: schema.documents.fileName,
      storageKey: schema.documents.storageKey,
    })
    .from(schema.documents)
    .where(eq(schema.documents.userId, userId));

  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) return out.destroy(error);
    out.write(chunk);
    if (final) out.end();
  });
  const fileNames = new Map(
    files.map((f) => [
      f.id,
      `documents/${f.documentType}-${f.id.slice(0, 8)}-${safeName(f.fileName)}`,
    ]),
  );
  // The readable page first: what a person opens on a phone (data-summary.server.ts).
  const summary = new ZipDeflate("passage-summary.html", { level: 6 });
  zip.add(summary);
  summary.push(new TextEncoder().encode(await dataSummaryHtml(userId, data)), true);
  const json = new ZipDeflate("passage-data.json", { level: 6 });
  zip.add(json);
  const withFiles = {
    ...data,
    files: files.map((f) => ({ documentId: f.id, path: fileNames.get(f.id) })),
  };
  json.push(new TextEncoder().encode(JSON.stringify(withFiles, null, 2)), true);

  void (async () => {
    try {
      for (const file of files) {
        let object: Awaited<ReturnType<ReturnType<typeof storage>["get"]>>;
        try {
          object = await storage().get(file.storageKey);
        } catch (error) {
          if (error instanceof StorageNotFoundError) continue;
          throw error;
        }
        // Documents are PDFs and photos, already compressed: stored as they are.
        const entry = new ZipPassThrough(fileNames.get(file.id)!);
        zip.add(entry);
        for await (const chunk of object.body) entry.push(chunk as Uint8Array);
        entry.push(new Uint8Array(0), true);
      }
      zip.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}

export type DataExport = typeof schema.dataExports.$inferSelect;

/** An archive still "preparing" after this long was lost (the process stopped): shown as failed. */
const PREPARING_TIMEOUT_MS = 15 * 60 * 1000;
/** At most this many archives per person per day. */
export const EXPORT_LIMIT = { max: 5, window: 24 * 60 * 60 };

/**
 * Starts building a new archive for `owner` in the background (unless one is already being
 * built): `{ ok: true }`, or `{ ok: false, retryAfter }` when they asked too often today. `done`
 * resolves when the background work is over (tests wait for it; requests do not).
 */
export async function requestDataExport({
  owner,
}: {
  owner: Pick<Viewer, "id">;
}): Promise<{ ok: true; done: Promise<void> } | { ok: false; retryAfter: number }> {
  const [preparing] = await db()
    .select()
    .from(schema.dataExports)
    .where(
      and(eq(schema.dataExports.userId, owner.id), eq(schema.dataExports.status, "preparing")),
    );
  if (preparing && Date.now() - preparing.requestedAt.getTime() < PREPARING_TIMEOUT_MS)
    return { ok: true, done: Promise.resolve() };
  const limit = await consumeRateLimit(`data-export:${owner.id}`, EXPORT_LIMIT);
  if (!limit.allowed) return { ok: false, retryAfter: limit.retryAfter ?? EXPORT_LIMIT.window };
  const [row] = await db()
    .insert(schema.dataExports)
    .values({ userId: owner.id })
    .returning({ id: schema.dataExports.id });
  return { ok: true, done: buildDataExport(row!.id, owner.id) };
}

async function buildDataExport(id: string, userId: string) {
  const key = `exports/${userId}/${id}.zip`;
  try {
    const archive = await writeArchive(userId);
    const { size } = await storage().put(key, archive, { contentType: "application/zip" });
    const now = new Date();
    await db()
      .update(schema.dataExports)
      .set({
        status: "ready",
        storageKey: key,
        sizeBytes: size,
        readyAt: now,
        expiresAt: new Date(now.getTime() + DATA_EXPORT_TTL_DAYS * 24 * 60 * 60 * 1000),
      })
      .where(eq(schema.dataExports.id, id));
  } catch (error) {
    logger().error({ err: error, exportId: id }, "building a data export failed");
    await db()
      .update(schema.dataExports)
      .set({ status: "failed" })
      .where(eq(schema.dataExports.id, id))
      .catch(() => {});
  }
}

export type DataExportView = {
  id: string;
  status: "preparing" | "ready" | "failed";
  requestedAt: Date;
  expiresAt: Date | null;
  sizeBytes: number | null;
};

/**
 * The person's archives, newest first, after deleting the expired ones (object and row): what
 * their profile offers.
 */
export async function listDataExports({
  owner,
}: {
  owner: Pick<Viewer, "id">;
}): Promise<DataExportView[]> {
  const now = new Date();
  const expired = await db()
    .delete(schema.dataExports)
    .where(and(eq(schema.dataExports.userId, owner.id), lt(schema.dataExports.expiresAt, now)))
    .returning({ storageKey: schema.dataExports.storageKey });
  for (const { storageKey } of expired) {
    if (storageKey)
      await storage()
        .delete(storageKey)
        .catch(() => {});
  }
  const rows = await db()
    .select()
    .from(schema.dataExports)
    .where(eq(schema.dataExports.userId, owner.id))
    .orderBy(desc(schema.dataExports.requestedAt))
    .limit(5);
  return rows.map((r) => ({
    id: r.id,
    status:
      r.status === "preparing" && now.getTime() - r.requestedAt.getTime() > PREPARING_TIMEOUT_MS
        ? "failed"
        : r.status,
    requestedAt: r.requestedAt,
    expiresAt: r.expiresAt,
    sizeBytes: r.sizeBytes,
  }));
}

/** A ready, unexpired archive of the owner's (anyone else's: null, answered as not found). */
export async function getDataExportForDownload({
  owner,
  id,
}: {
  owner: Pick<Viewer, "id">;
  id: string;
}): Promise<DataExport | null> {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .select()
    .from(schema.dataExports)
    .where(and(eq(schema.dataExports.id, id), eq(schema.dataExports.userId, owner.id)));
  if (!row || row.status !== "ready" || !row.storageKey) return null;
  if (row.expiresAt && row.expiresAt.getTime() < Date.now()) return null;
  return row;
}

export function dataExportDownloadPath(id: string) {
  return `/files/exports/${id}`;
}
