import { count, gte, inArray, isNull, sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { contactInquiries, jobApplications, jobs, profiles } from "~/server/db/schema";

/** The spec's headline numbers for the admin dashboard. */
export async function getDashboardStatsForStaff() {
  const [people] = await db()
    .select({
      total: count(),
      paid: sql<number>`count(*) filter (where ${profiles.registrationFeePaid})`.mapWith(Number),
    })
    .from(profiles)
    .where(isNull(profiles.erasedAt));
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
    .from(jobApplications);
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
