import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { db } from "../db/client.server";
import { auditLog, contactInquiries, jobApplications, jobs, profiles } from "../db/schema";

/** The spec's headline numbers for the admin dashboard. */
export async function getDashboardStatsForStaff() {
  const [people] = await db()
    .select({
      total: count(),
      paid: sql<number>`count(*) filter (where ${profiles.registrationFeePaid})`.mapWith(Number),
    })
    .from(profiles);
  const [jobRow] = await db()
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${jobs.isActive})`.mapWith(Number),
    })
    .from(jobs)
    .where(sql`${jobs.archivedAt} is null`);
  const [apps] = await db().select({ n: count() }).from(jobApplications);
  const [inquiries] = await db()
    .select({ n: count() })
    .from(contactInquiries)
    .where(inArray(contactInquiries.status, ["pending", "in_progress"]));
  return {
    profiles: people!.total,
    paidProfiles: people!.paid,
    jobs: jobRow!.total,
    activeJobs: jobRow!.active,
    applications: apps!.n,
    openInquiries: inquiries!.n,
  };
}

export async function countApplicationsByStatus() {
  return db()
    .select({ status: jobApplications.status, n: count() })
    .from(jobApplications)
    .groupBy(jobApplications.status);
}

/** New sign-ups per week (weeks start Monday, UTC) for the last `weeks` weeks, oldest first. */
export async function countSignUpsPerWeek(weeks = 12, now = new Date()) {
  const startOfWeek = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  startOfWeek.setUTCDate(startOfWeek.getUTCDate() - ((startOfWeek.getUTCDay() + 6) % 7));
  const from = new Date(startOfWeek);
  from.setUTCDate(from.getUTCDate() - 7 * (weeks - 1));
  const rows = await db()
    .select({ createdAt: profiles.createdAt })
    .from(profiles)
    .where(gte(profiles.createdAt, from));
  const buckets = Array.from({ length: weeks }, (_, i) => {
    const start = new Date(from);
    start.setUTCDate(start.getUTCDate() + 7 * i);
    return { weekStart: start.toISOString().slice(0, 10), count: 0 };
  });
  for (const r of rows) {
    const i = Math.floor((r.createdAt.getTime() - from.getTime()) / (7 * 86_400_000));
    if (i >= 0 && i < weeks) buckets[i]!.count += 1;
  }
  return buckets;
}

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
export async function listAuditEntriesForStaff(options: {
  filter: AuditFilter;
  page: number;
  pageSize: number;
}) {
  const where = auditWhere(options.filter);
  const rows = await db()
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
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  const [total] = await db().select({ n: count() }).from(auditLog).where(where);
  return { rows, total: total!.n };
}
export type AuditRow = Awaited<ReturnType<typeof listAuditEntriesForStaff>>["rows"][number];

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
