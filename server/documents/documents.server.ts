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
 * Staff look at an applicant's documents (application details, verification). Reads across
 * users by design; callers have already checked the staff role and that the applicant is in the
 * viewer's offices (the application details they come with were read through the scope).
 */
export async function listDocumentsForApplicantAsStaff(userId: string) {
  return db()
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
      downloadUrl: documents.id,
      issuedOn: documents.issuedOn,
      expiresOn: documents.expiresOn,
      // Whether its type carries dates staff confirm when verifying.
      expires: documentTypes.expires,
      validityMonths: documentTypes.validityMonths,
    })
    .from(documents)
    .leftJoin(profiles, eq(profiles.id, documents.reviewedBy))
    .leftJoin(documentTypes, eq(documentTypes.key, documents.documentType))
    .where(eq(documents.userId, userId))
    .orderBy(desc(documents.uploadedAt))
    .limit(HISTORY_LIMIT)
    .then((rows) => {
      const today = agencyToday();
      return rows.map((r) => {
        const until = validUntil(r, r);
        return {
          ...r,
          downloadUrl: documentDownloadPath(r.id),
          validUntil: until,
          expired: until !== null && until < today,
        };
      });
    });
}

export function documentDownloadPath(id: string) {
  return `/files/documents/${id}`;
}

/**
 * A document the viewer may download: their own, or, for staff, one of an applicant of their
 * offices. Others get null (→ 404).
 */
export async function getDocumentForDownload({
  viewer,
  id,
}: {
  viewer: Pick<Viewer, "id" | "role">;
  id: string;
}) {
  if (!isUuid(id)) return null;
  const where = isStaff(viewer.role)
    ? and(eq(documents.id, id), applicantInScope(await officeScopeFor(viewer), documents.userId))
    : and(eq(documents.id, id), eq(documents.userId, viewer.id));
  const [row] = await db().select().from(documents).where(where);
  return row ?? null;
}
