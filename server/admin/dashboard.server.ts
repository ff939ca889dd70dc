import { and, count, gte, inArray, isNull, sql } from "drizzle-orm";
import { APPLICATION_STATUSES, type ApplicationStatus, statusesForKind } from "~/domain/enums";
import type { OfficeScope } from "~/domain/offices";
import { db } from "~/server/db/client.server";
import {
  applicationsInStatus,
  applicationsOfKindInStatus,
  readCounts,
} from "~/server/db/record-counts.server";
import { contactInquiries, jobApplications, profiles } from "~/server/db/schema";
import { applicantInScope } from "~/server/offices/scope.server";

/**
 * The spec's headline numbers for the admin dashboard: people and applications of `scope`. A
 * viewer of every office reads the applications' counts kept by triggers (record_counts); one who
 * sees some offices has them counted afresh.
 */
export async function getDashboardStatsForStaff(scope: OfficeScope) {
  const [[people], jobCounts, apps, [inquiries]] = await Promise.all([
    db()
      .select({
        total: count(),
        paid: sql<number>`count(*) filter (where ${profiles.registrationFeePaid})`.mapWith(Number),
      })
      .from(profiles)
      .where(and(isNull(profiles.erasedAt), applicantInScope(scope, profiles.id))),
    readCounts(["jobs:open", "jobs:open:active"]),
    scope.all ? keptApplicationTotals() : countApplicationTotals(scope),
    db()
      .select({ n: count() })
      .from(contactInquiries)
      .where(inArray(contactInquiries.status, ["pending", "in_progress"])),
  ]);
  return {
    profiles: people!.total,
    paidProfiles: people!.paid,
    jobs: jobCounts["jobs:open"],
    activeJobs: jobCounts["jobs:open:active"],
    applications: apps.n,
    // Of them, to study programs (the students' half of the agency).
    studyApplications: apps.study,
    openInquiries: inquiries!.n,
  };
}

async function keptApplicationTotals() {
  const all = APPLICATION_STATUSES.map(applicationsInStatus);
  const study = statusesForKind("program").map((s) => applicationsOfKindInStatus("program", s));
  const counts = await readCounts([...all, ...study]);
  const sum = (keys: string[]) => keys.reduce((total, key) => total + (counts[key] ?? 0), 0);
  return { n: sum(all), study: sum(study) };
}

async function countApplicationTotals(scope: OfficeScope) {
  const [apps] = await db()
    .select({
      n: count(),
      study: sql<number>`count(*) filter (where ${jobApplications.kind} = 'program')`.mapWith(
        Number,
      ),
    })
    .from(jobApplications)
    .where(applicantInScope(scope, jobApplications.userId));
  return apps!;
}

/** Applications per status, of `scope` (kept counts for a viewer of every office). */
export async function countApplicationsByStatus(
  scope: OfficeScope,
): Promise<{ status: ApplicationStatus; n: number }[]> {
  if (scope.all) {
    const counts = await readCounts(APPLICATION_STATUSES.map(applicationsInStatus));
    return APPLICATION_STATUSES.map((status) => ({
      status,
      n: counts[applicationsInStatus(status)] ?? 0,
    }));
  }
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
  // Counted per week by the database: a busy quarter is thousands of sign-ups, not rows to send.
  const week = sql<number>`floor(extract(epoch from ${profiles.createdAt} - ${from.toISOString()}::timestamptz) / 604800)::int`;
  const rows = await db()
    .select({ week, n: count() })
    .from(profiles)
    .where(and(gte(profiles.createdAt, from), applicantInScope(scope, profiles.id)))
    // By position: the expression binds its own copy of `from`, so it would not match itself.
    .groupBy(sql`1`);
  const buckets = Array.from({ length: weeks }, (_, i) => {
    const start = new Date(from);
    start.setUTCDate(start.getUTCDate() + 7 * i);
    return { weekStart: start.toISOString().slice(0, 10), count: 0 };
  });
  for (const r of rows) {
    const i = Number(r.week);
    if (i >= 0 && i < weeks) buckets[i]!.count += Number(r.n);
  }
  return buckets;
}
