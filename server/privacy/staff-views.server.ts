import { and, desc, eq, inArray } from "drizzle-orm";
import type { Localized } from "~/domain/document-types";
import type { DocumentType, Role } from "~/domain/enums";
import { listDocumentTypes } from "~/server/documents/document-types.server";
import { recordSensitiveAccess } from "~/server/documents/sensitive.server";
import { recordAudit } from "~/server/audit/audit.server";
import type { Viewer } from "~/server/auth/guards.server";
import { db } from "~/server/db/client.server";
import { auditLog } from "~/server/db/schema";
import { consumeRateLimit } from "~/server/security/rate-limit.server";

// Who saw what: every time a staff member opens an applicant's profile (the
// application details) or one of their documents, the audit trail says so — with the profile as
// the target, so the applicant's own list is one index lookup (audit_log_target_idx), and the
// staff member's role at that moment, which is all the applicant is shown (never a name).

export const STAFF_VIEW_ACTIONS = ["profile.view", "document.view"] as const;
export type StaffViewAction = (typeof STAFF_VIEW_ACTIONS)[number];

/** How many documents one staff member may download in a window, and the window (seconds). */
export const STAFF_DOWNLOAD_LIMIT = { max: 60, window: 10 * 60 };

type Staff = Pick<Viewer, "id" | "role">;

/** The applicant's profile (application details) was shown to a staff member. */
export async function recordProfileViewed({
  staff,
  ownerId,
  applicationId,
}: {
  staff: Staff;
  ownerId: string;
  /** The application whose details were opened; none for the applicant's own page. */
  applicationId?: string;
}) {
  if (staff.id === ownerId) return;
  await recordAudit(db(), {
    actorId: staff.id,
    action: "profile.view",
    targetType: "profile",
    targetId: ownerId,
    details: applicationId ? { role: staff.role, applicationId } : { role: staff.role },
  });
}

/**
 * A staff member is about to receive an applicant's document. Counts the download against the
 * staff member's limit first: `{ allowed: false, retryAfter }` when it is used up (nothing is
 * recorded, nothing is sent); otherwise records the view, before a byte of the file goes out.
 */
export async function recordDocumentViewed({
  staff,
  document,
}: {
  staff: Staff;
  document: { id: string; userId: string; documentType: DocumentType; sensitive?: boolean };
}): Promise<{ allowed: true } | { allowed: false; retryAfter: number }> {
  if (staff.id === document.userId) return { allowed: true };
  const limit = await consumeRateLimit(`staff-document-download:${staff.id}`, STAFF_DOWNLOAD_LIMIT);
  if (!limit.allowed)
    return { allowed: false, retryAfter: limit.retryAfter ?? STAFF_DOWNLOAD_LIMIT.window };
  await db().transaction(async (tx) => {
    await recordAudit(tx, {
      actorId: staff.id,
      action: "document.view",
      targetType: "profile",
      targetId: document.userId,
      details: { role: staff.role, documentId: document.id, documentType: document.documentType },
    });
    // Special personal information: the applicant also reads who it was (decision record 49).
    if (document.sensitive) {
      await recordSensitiveAccess(tx, { staff, kind: "download", documents: [document] });
    }
  });
  return { allowed: true };
}

export type StaffView = {
  action: StaffViewAction;
  role: Role | null;
  documentType: DocumentType | null;
  /** The document type's name in each language (null: no document, or a type since removed). */
  documentNames: Localized | null;
  at: Date;
};

/** What staff looked at of this person's, newest first: for their own profile page. */
export async function listStaffViewsOfOwner({
  owner,
  limit = 20,
}: {
  owner: Pick<Viewer, "id">;
  limit?: number;
}): Promise<StaffView[]> {
  const rows = await db()
    .select({ action: auditLog.action, details: auditLog.details, at: auditLog.createdAt })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, "profile"),
        eq(auditLog.targetId, owner.id),
        inArray(auditLog.action, [...STAFF_VIEW_ACTIONS]),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  const types = await listDocumentTypes();
  return rows.map((r) => {
    const documentType =
      typeof r.details?.documentType === "string" ? (r.details.documentType as DocumentType) : null;
    return {
      action: r.action as StaffViewAction,
      role: typeof r.details?.role === "string" ? (r.details.role as Role) : null,
      documentType,
      documentNames: types.find((t) => t.key === documentType)?.names ?? null,
      at: r.at,
    };
  });
}
