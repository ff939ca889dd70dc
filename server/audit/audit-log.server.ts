import { and, desc, eq, gte, inArray, lt, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { APPLICANT_ROLES } from "~/domain/enums";
import type { OfficeScope } from "~/domain/offices";
import { paginateSelect } from "~/server/db/paginate.server";
import { db } from "~/server/db/client.server";
import { auditLog, profiles } from "~/server/db/schema";
import { applicantInScope } from "~/server/offices/scope.server";

// Reading the audit trail (the admin activity log); writing it is recordAudit in ./audit.server.

export type AuditFilter = {
  action?: string | null;
  targetType?: string | null;
  actor?: string | null;
  from?: Date | null;
  to?: Date | null;
};

/**
 * The person an entry is about, for the kinds of entry that are about one (their profile, an
 * application, a document, a message to them); null when its row is gone or a message went to a
 * group.
 */
const ENTRY_PERSON = sql`(case ${auditLog.targetType}
  when 'user' then ${auditLog.targetId}
  when 'profile' then ${auditLog.targetId}
  when 'application' then (select a.user_id from job_applications a where a.id = ${auditLog.targetId}::uuid)
  when 'document' then (select d.user_id from documents d where d.id = ${auditLog.targetId}::uuid)
  when 'message' then (select m.recipient_id from messages m where m.id = ${auditLog.targetId}::uuid)
end)`;
const ABOUT_A_PERSON = ["user", "profile", "application", "document", "message"];

/**
 * What a staff member of some offices may read of the trail (decision record 23): their own
 * actions, entries about no person, and entries about staff or an applicant of their offices.
 * An entry about an applicant elsewhere, or one whose row is gone, is not theirs to read: its
 * details carry that applicant's interview, status history or messages.
 */
function auditVisibleTo(viewerId: string, scope: OfficeScope): SQL | undefined {
  if (scope.all) return undefined;
  const person = ENTRY_PERSON as unknown as AnyPgColumn;
  const applicants = db()
    .select({ id: profiles.id })
    .from(profiles)
    .where(inArray(profiles.role, [...APPLICANT_ROLES]));
  return or(
    eq(auditLog.actorId, viewerId),
    notInArray(auditLog.targetType, ABOUT_A_PERSON),
    and(sql`${person} is not null`, notInArray(person, applicants)),
    applicantInScope(scope, person),
  );
}

function auditWhere(filter: AuditFilter, viewerId: string, scope: OfficeScope): SQL | undefined {
  const parts: SQL[] = [];
  const visible = auditVisibleTo(viewerId, scope);
  if (visible) parts.push(visible);
  if (filter.action) parts.push(eq(auditLog.action, filter.action));
  if (filter.targetType) parts.push(eq(auditLog.targetType, filter.targetType));
  if (filter.actor) parts.push(eq(auditLog.actorId, filter.actor));
  if (filter.from) parts.push(gte(auditLog.createdAt, filter.from));
  if (filter.to) parts.push(lt(auditLog.createdAt, filter.to));
  return parts.length ? and(...parts) : undefined;
}

/** The audit trail as `viewer` may read it (their offices' scope), newest first, with each actor's name. */
export async function listAuditEntriesForStaff({
  viewer,
  scope,
  filter,
  ...paging
}: {
  viewer: { id: string };
  scope: OfficeScope;
  filter: AuditFilter;
  page: number;
  pageSize: number;
}) {
  const where = auditWhere(filter, viewer.id, scope);
  return paginateSelect(
    auditLog,
    where,
    { ...paging },
    db()
      .select({
        id: auditLog.id,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        details: auditLog.details,
        createdAt: auditLog.createdAt,
        actorId: auditLog.actorId,
        actorName: profiles.fullName,
        actorEmail: profiles.email,
      })
      .from(auditLog)
      .leftJoin(profiles, eq(profiles.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .$dynamic(),
  );
}
export type AuditRow = Awaited<ReturnType<typeof listAuditEntriesForStaff>>["items"][number];

/** Choices for the activity filters: the actions and target types seen, and the staff who acted. */
export async function listAuditFilterOptions() {
  const actions = await db()
    .selectDistinct({ v: auditLog.action })
    .from(auditLog)
    .orderBy(auditLog.action);
  const targets = await db()
    .selectDistinct({ v: auditLog.targetType })
    .from(auditLog)
    .orderBy(auditLog.targetType);
  const actors = await db()
    .select({ id: profiles.id, name: profiles.fullName })
    .from(profiles)
    .where(inArray(profiles.role, ["manager", "admin", "super_admin"]))
    .orderBy(profiles.fullName)
    .limit(200);
  return { actions: actions.map((a) => a.v), targetTypes: targets.map((t) => t.v), actors };
}
