import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Localized } from "~/domain/document-types";
import { isStaff, type Role, USER_ADMIN_ROLES } from "~/domain/enums";
import type { Viewer } from "~/server/auth/guards.server";
import { type Db, db } from "~/server/db/client.server";
import { documents, profiles, sensitiveDocumentAccess } from "~/server/db/schema";
import { listDocumentTypes } from "./document-types.server";

// Special personal information (decision record 49): documents of a `sensitive` type (a police
// clearance, a medical report) are opened only by the applicant, the staff member who owns the
// applicant (`profiles.owner_id`) and admins. Other staff see that one exists, its type, status
// and how long it is valid, never its file, name or review note; agents do not see it at all.
// Every time a permitted staff member is shown its details or receives its file is one row of
// `sensitive_document_access`, written in that request, which the applicant reads on their
// profile.

type Staff = Pick<Viewer, "id"> & { role: string };

export type SensitiveAccessKind = "view" | "download";

/** Whether `staff` may open the sensitive documents of an applicant owned by `ownerId`. */
export function maySeeSensitive(staff: Staff, ownerId: string | null): boolean {
  if ((USER_ADMIN_ROLES as readonly string[]).includes(staff.role)) return true;
  return isStaff(staff.role) && ownerId !== null && ownerId === staff.id;
}

/**
 * The same rule in SQL, for lists over many applicants: true when the row's document may be
 * shown in full to `staff` (not sensitive, or the applicant is theirs, or they are an admin).
 */
export function sensitiveShownSql(staff: Staff, o: { sensitive: SQL; ownerId: SQL | AnyPgColumn }) {
  if (maySeeSensitive(staff, null)) return sql`true`;
  if (!isStaff(staff.role)) return sql`not ${o.sensitive}`;
  return sql`(not ${o.sensitive} or ${o.ownerId} is not distinct from ${staff.id})`;
}

/** The staff member who owns the applicant (null: nobody). */
export async function applicantOwnerOf(applicantId: string, on: Db = db()) {
  const [row] = await on
    .select({ ownerId: profiles.ownerId })
    .from(profiles)
    .where(eq(profiles.id, applicantId));
  return row?.ownerId ?? null;
}

/** The keys of the sensitive document types (the types are kept in memory). */
export async function sensitiveTypeKeys(on?: Db): Promise<Set<string>> {
  const types = await listDocumentTypes(on);
  return new Set(types.filter((t) => t.sensitive).map((t) => t.key));
}

/** One access row per document: a staff member was shown it (`view`) or sent its file. */
export async function recordSensitiveAccess(
  on: Db,
  o: {
    staff: Staff;
    kind: SensitiveAccessKind;
    documents: { id: string; userId: string; documentType: string }[];
  },
) {
  const rows = o.documents.filter((d) => d.userId !== o.staff.id);
  if (rows.length === 0) return;
  await on.insert(sensitiveDocumentAccess).values(
    rows.map((d) => ({
      documentId: d.id,
      applicantId: d.userId,
      staffId: o.staff.id,
      staffRole: o.staff.role,
      documentType: d.documentType,
      kind: o.kind,
    })),
  );
}

export type SensitiveAccess = {
  id: number;
  kind: SensitiveAccessKind;
  at: Date;
  staffName: string | null;
  staffRole: Role;
  documentType: string;
  /** The type's name in each language (null: a type since removed). */
  documentNames: Localized | null;
  /** The applicant's own file name (null: that upload was replaced since). */
  fileName: string | null;
};

/**
 * Who on the staff opened which of the applicant's sensitive documents, and when, newest first:
 * for their own profile (and their data archive).
 */
export async function listSensitiveAccessOfApplicant({
  applicant,
  limit = 50,
}: {
  applicant: Pick<Viewer, "id">;
  limit?: number;
}): Promise<SensitiveAccess[]> {
  const a = sensitiveDocumentAccess;
  const rows = await db()
    .select({
      id: a.id,
      kind: a.kind,
      at: a.at,
      staffName: profiles.fullName,
      staffRole: a.staffRole,
      documentType: a.documentType,
      fileName: documents.fileName,
    })
    .from(a)
    .leftJoin(profiles, eq(profiles.id, a.staffId))
    .leftJoin(documents, and(eq(documents.id, a.documentId), eq(documents.userId, a.applicantId)))
    .where(eq(a.applicantId, applicant.id))
    .orderBy(desc(a.at), desc(a.id))
    .limit(limit);
  const types = await listDocumentTypes();
  return rows.map((r) => ({
    ...r,
    staffRole: r.staffRole as Role,
    documentNames: types.find((t) => t.key === r.documentType)?.names ?? null,
  }));
}
