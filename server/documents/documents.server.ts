import { and, desc, eq } from "drizzle-orm";
import { isStaff } from "~/domain/enums";
import { isUuid } from "~/domain/ids";
import type { Viewer } from "~/server/auth/guards.server";
import { db } from "~/server/db/client.server";
import { newestOwnRows } from "~/server/db/own-rows.server";
import { validUntil } from "~/domain/checklists";
import { documents, documentTypes, profiles } from "~/server/db/schema";
import { agencyToday } from "~/server/jobs/saved-jobs.server";
import { applicantInScope, officeScopeFor } from "~/server/offices/scope.server";
import { applicantOwnerOf, maySeeSensitive, recordSensitiveAccess } from "./sensitive.server";

export type DocumentRow = typeof documents.$inferSelect;

// An applicant has at most a few dozen uploads (five types, each with its history): one query,
// served by documents_user_type_idx.
const HISTORY_LIMIT = 200;

/** The owner's own documents, newest first. */
export async function listDocumentsForOwner(owner: Pick<Viewer, "id">) {
  return newestOwnRows(documents, documents.uploadedAt, owner.id, HISTORY_LIMIT);
}

/** Whether the owner has uploaded documents that staff have not reviewed yet. */
export async function hasOwnDocumentsWaiting(owner: Pick<Viewer, "id">): Promise<boolean> {
  const [row] = await db()
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.userId, owner.id), eq(documents.status, "pending")))
    .limit(1);
  return Boolean(row);
}

/**
 * Staff look at an applicant's documents (application details, the applicant's page). Reads
 * across users by design; callers have already checked the staff role and that the applicant is
 * in the viewer's offices (the records they come with were read through the scope).
 *
 * A sensitive document (decision record 49) is shown in full only to the applicant's owner and
 * admins, and each one shown so is logged as a view in this request; anyone else gets it
 * `restricted`: its type, status and validity, without its file, name, size or review note.
 */
export async function listDocumentsForApplicantAsStaff({
  viewer,
  userId,
}: {
  viewer: Pick<Viewer, "id" | "role">;
  userId: string;
}) {
  const [rows, ownerId] = await Promise.all([
    db()
      .select({
        id: documents.id,
        userId: documents.userId,
        documentType: documents.documentType,
        fileName: documents.fileName,
        fileSize: documents.fileSize,
        contentType: documents.contentType,
        status: documents.status,
        reviewReason: documents.reviewReason,
        reviewedAt: documents.reviewedAt,
        reviewedBy: documents.reviewedBy,
        reviewerName: profiles.fullName,
        uploadedAt: documents.uploadedAt,
        issuedOn: documents.issuedOn,
        expiresOn: documents.expiresOn,
        // Whether its type carries dates staff confirm when verifying.
        expires: documentTypes.expires,
        validityMonths: documentTypes.validityMonths,
        sensitive: documentTypes.sensitive,
      })
      .from(documents)
      .leftJoin(profiles, eq(profiles.id, documents.reviewedBy))
      .leftJoin(documentTypes, eq(documentTypes.key, documents.documentType))
      .where(eq(documents.userId, userId))
      .orderBy(desc(documents.uploadedAt))
      .limit(HISTORY_LIMIT),
    applicantOwnerOf(userId),
  ]);
  const today = agencyToday();
  const allowed = maySeeSensitive(viewer, ownerId);
  const listed = rows.map((r) => {
    const until = validUntil(r, r);
    const shown = {
      ...r,
      sensitive: r.sensitive ?? false,
      restricted: false,
      downloadUrl: documentDownloadPath(r.id) as string | null,
      validUntil: until,
      expired: until !== null && until < today,
    };
    if (!shown.sensitive || allowed) return shown;
    return {
      ...shown,
      restricted: true,
      fileName: "",
      fileSize: 0,
      contentType: "",
      reviewReason: null,
      issuedOn: null,
      expiresOn: null,
      downloadUrl: null,
    };
  });
  // What the owner or an admin was just shown of the special personal information: logged.
  const viewed = listed.filter((d) => d.sensitive && !d.restricted && d.status !== "replaced");
  if (viewed.length > 0) {
    await recordSensitiveAccess(db(), { staff: viewer, kind: "view", documents: viewed });
  }
  return listed;
}

export function documentDownloadPath(id: string) {
  return `/files/documents/${id}`;
}

/**
 * A document the viewer may download: their own, or, for staff, one of an applicant of their
 * offices (a sensitive one only when the applicant is theirs or they are an admin). Others get
 * null (→ 404). `sensitive` says whether the staff member's download is to be logged as such.
 */
export async function getDocumentForDownload({
  viewer,
  id,
}: {
  viewer: Pick<Viewer, "id" | "role">;
  id: string;
}) {
  if (!isUuid(id)) return null;
  if (!isStaff(viewer.role)) {
    const [own] = await db()
      .select()
      .from(documents)
      .where(and(eq(documents.id, id), eq(documents.userId, viewer.id)));
    return own ? { ...own, sensitive: false } : null;
  }
  const [row] = await db()
    .select({
      document: documents,
      sensitive: documentTypes.sensitive,
      ownerId: profiles.ownerId,
    })
    .from(documents)
    .innerJoin(profiles, eq(profiles.id, documents.userId))
    .leftJoin(documentTypes, eq(documentTypes.key, documents.documentType))
    .where(
      and(eq(documents.id, id), applicantInScope(await officeScopeFor(viewer), documents.userId)),
    );
  if (!row) return null;
  const sensitive = row.sensitive ?? false;
  // Special personal information: another staff member gets the same 404 as for a missing one.
  if (sensitive && !maySeeSensitive(viewer, row.ownerId)) return null;
  return { ...row.document, sensitive };
}
