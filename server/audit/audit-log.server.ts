import { and, desc, eq, gte, inArray, lt, type SQL } from "drizzle-orm";
import { paginateSelect } from "~/server/db/paginate.server";
import { db } from "~/server/db/client.server";
import { auditLog, profiles } from "~/server/db/schema";

// Reading the audit trail (the admin activity log); writing it is recordAudit in ./audit.server.

export type AuditFilter = {
  action?: string | null;
  targetType?: string | null;
  actor?: string | null;
  from?: Date | null;
  to?: Date | null;
};

function auditWhere(filter: AuditFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.action) parts.push(eq(auditLog.action, filter.action));
  if (filter.targetType) parts.push(eq(auditLog.targetType, filter.targetType));
  if (filter.actor) parts.push(eq(auditLog.actorId, filter.actor));
  if (filter.from) parts.push(gte(auditLog.createdAt, filter.from));
  if (filter.to) parts.push(lt(auditLog.createdAt, filter.to));
  return parts.length ? and(...parts) : undefined;
}

/** The audit trail, newest first, with each actor's name. */
export async function listAuditEntriesForStaff({
  filter,
  ...paging
}: {
  filter: AuditFilter;
  page: number;
  pageSize: number;
}) {
  const where = auditWhere(filter);
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
