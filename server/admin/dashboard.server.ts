import { and, count, gte, inArray, isNull, sql } from "drizzle-orm";
import type { OfficeScope } from "~/domain/offices";
import { db } from "~/server/db/client.server";
import { contactInquiries, jobApplications, jobs, profiles } from "~/server/db/schema";
import { applicantInScope } from "~/server/offices/scope.server";

/** The spec's headline numbers for the admin dashboard: people and applications of `scope`. */
export async function getDashboardStatsForStaff(scope: OfficeScope) {
  const [people] = await db()
    .select({
      total: count(),
      paid: sql<number>`count(*) filter (where ${profiles.registrationFeePaid})`.mapWith(Number),
    })
    .from(profiles)
    .where(and(isNull(profiles.erasedAt), applicantInScope(scope, profiles.id)));
  const [jobRow] = await db()
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${jobs.isActive})`.mapWith(Number),
    })
    .from(jobs)
    .where(sql`${jobs.archivedAt} is null`);
  const [apps] = await db()
    .select({
      n: count(),
      study: sql<number>`count(*) filter (where ${jobApplications.kind} = 'program')`.mapWith(
        Number,
      ),
    })
    .from(jobApplications)
    .where(applicantInScope(scope, jobApplications.userId));
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
    // Of them, to study programs (the students' half of the agency).
    studyApplications: apps!.study,
    openInquiries: inquiries!.n,
  };
}

export async function countApplicationsByStatus(scope: OfficeScope) {
  return db()
    .select({ status: jobApplications.status, n: count() })
    .from(jobApplications)
    .where(applicantInScope(scope, jobApplications.userId))
    .groupBy(jobApplications.status);
}

/** New sign-ups per week (weeks start Monday, UTC) for the last `weeks` weeks, oldest first. */
export async function countSignUpsPerWeek(scope: OfficeScope, weeks = 12, now = new Date()) {
  const startOfWeek = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  startOfWeek.setUTCDate(startOfWeek.getUTCDate() - ((startOfWeek.getUTCDay() + 6) % 7));
  const from = new Date(startOfWeek);
  from.setUTCDate(from.getUTCDate() - 7 * (weeks - 1));
  const rows = await db()
    .select({ createdAt: profiles.createdAt })
    .from(profiles)
    .where(and(gte(profiles.createdAt, from), applicantInScope(scope, profiles.id)));
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
