import { and, desc, eq, sql } from "drizzle-orm";
import { isApplicantRole } from "~/domain/enums";
import { AGENCY_TIME_ZONE } from "~/domain/format";
import { canSeePremiumJob } from "~/domain/jobs";
import { savedJobState, type SavedJobState } from "~/domain/saved-jobs";
import type { Viewer } from "~/server/auth/guards.server";
import { db, preparedQuery } from "~/server/db/client.server";
import { countries, jobs, savedJobs } from "~/server/db/schema";
import { countryColumns } from "./columns.server";

type SavingViewer = Pick<Viewer, "id" | "role">;

/**
 * Keeps a job on the applicant's saved list (again is a no-op). Only a job on the board can be
 * saved; false when there is no such job.
 */
export async function saveJob(o: { viewer: SavingViewer; jobId: string }): Promise<boolean> {
  const [job] = await db()
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.id, o.jobId), eq(jobs.isActive, true), sql`${jobs.archivedAt} is null`));
  if (!job) return false;
  await db()
    .insert(savedJobs)
    .values({ userId: o.viewer.id, jobId: o.jobId })
    .onConflictDoNothing();
  return true;
}

/** Takes a job off the applicant's own saved list (nothing happens if it was not on it). */
export async function unsaveJob(o: { viewer: SavingViewer; jobId: string }) {
  await db()
    .delete(savedJobs)
    .where(and(eq(savedJobs.userId, o.viewer.id), eq(savedJobs.jobId, o.jobId)));
}

/**
 * Which of these jobs the viewer has saved: what their save buttons show. Empty for visitors and
 * staff (no save buttons), so it costs a query only on an applicant's (never cached) pages.
 */
export async function savedAmong(viewer: SavingViewer | null, jobIds: string[]) {
  if (!viewer || !isApplicantRole(viewer.role) || jobIds.length === 0) return [];
  const rows = await savedAmongQuery().execute({ userId: viewer.id, jobIds });
  return rows.map((r) => r.jobId);
}

// Every job list an applicant opens asks it: built once, the page's job ids as one array value.
const savedAmongQuery = preparedQuery((db) =>
  db
    .select({ jobId: savedJobs.jobId })
    .from(savedJobs)
    .where(
      and(
        eq(savedJobs.userId, sql.placeholder("userId")),
        sql`${savedJobs.jobId} = any(${sql.placeholder("jobIds")}::uuid[])`,
      ),
    )
    .prepare("passage_saved_among"),
);

export type SavedJobRow = {
  id: string;
  title: string;
  isPublic: boolean;
  locked: boolean;
  countryName: string | null;
  countryCode: string | null;
  applicationDeadline: string | null;
  savedAt: string;
  state: SavedJobState;
};

/** The agency's calendar day now, YYYY-MM-DD (deadlines are agency days). */
export function agencyToday(now = new Date()) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: AGENCY_TIME_ZONE }).format(now);
}

/** The viewer's own saved jobs, newest saved first, each with whether it closed or soon will. */
export async function listOwnSavedJobs(o: {
  viewer: Pick<
    Viewer,
    "id" | "role" | "registrationFeePaid" | "premiumUnlocked" | "openDestinations"
  >;
  now?: Date;
}): Promise<SavedJobRow[]> {
  const today = agencyToday(o.now);
  const rows = await db()
    .select({
      id: jobs.id,
      title: jobs.title,
      isPublic: jobs.isPublic,
      isActive: jobs.isActive,
      archivedAt: jobs.archivedAt,
      applicationDeadline: jobs.applicationDeadline,
      ...countryColumns,
      savedAt: savedJobs.createdAt,
    })
    .from(savedJobs)
    .innerJoin(jobs, eq(jobs.id, savedJobs.jobId))
    .leftJoin(countries, eq(countries.id, jobs.countryId))
    .where(eq(savedJobs.userId, o.viewer.id))
    .orderBy(desc(savedJobs.createdAt), jobs.id)
    .limit(200);
  return rows.map(({ isActive, archivedAt, savedAt, ...r }) => ({
    ...r,
    locked: !r.isPublic && !canSeePremiumJob(o.viewer, r.countryCode),
    savedAt: savedAt.toISOString(),
    state: savedJobState(
      { isActive, archived: archivedAt !== null, applicationDeadline: r.applicationDeadline },
      today,
    ),
  }));
}
