import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { JOB_CORE_DOCUMENTS } from "~/domain/application-facts";
import { isStaff } from "~/domain/enums";
import { canSeePremiumJob } from "~/domain/jobs";
import type { Viewer } from "~/server/auth/guards.server";
import { type Db, db } from "~/server/db/client.server";
import { paginateSelect } from "~/server/db/paginate.server";
import {
  applicationStatusHistory,
  countries,
  jobApplications,
  jobs,
  programs,
} from "~/server/db/schema";
import type { StartingStage } from "~/server/applications/apply-core.server";
import { allVerified, feeSettled, openApplication } from "~/server/applications/apply-core.server";
import { applicationColumns } from "~/server/applications/columns.server";
import { countryColumns } from "~/server/jobs/columns.server";
import {
  residenceOf,
  restrictionForJob,
} from "~/server/restrictions/recruitment-restrictions.server";

type Applicant = Pick<
  Viewer,
  | "id"
  | "role"
  | "registrationFeePaid"
  | "premiumUnlocked"
  | "openDestinations"
  | "noFeeDestinations"
>;

export type ApplyResult =
  | { ok: true; applicationId: string }
  | {
      ok: false;
      reason: "not_found" | "payment_required" | "registration_required" | "duplicate" | "staff";
    };

// The documents every application needs (JOB_CORE_DOCUMENTS); once staff have verified both, a new
// application does not ask for them again.

/**
 * The first stage still true for this person when they apply: the fee already paid skips
 * Registration Pending, and a verified passport and CV on top of it skip to Documents Uploaded.
 * Read inside the applying transaction, from the database rather than the session, so a payment
 * confirmed a moment ago counts. The note says why, for the history staff read.
 */
async function startingStage(tx: Db, userId: string): Promise<StartingStage> {
  if (!(await feeSettled(tx, userId, "jobs")))
    return { status: "registration_pending", note: null };
  const fee = "registration fee settled (paid, or none asked by the office's fee policy)";
  if (await allVerified(tx, userId, JOB_CORE_DOCUMENTS)) {
    return {
      status: "documents_uploaded",
      note: `Started at Documents Uploaded: ${fee}, passport and CV already verified.`,
    };
  }
  return { status: "registration_paid", note: `Started at Registration Complete: ${fee}.` };
}

/**
 * Applies the applicant to an active job, at the first stage still true for them (see
 * startingStage); once per job (see openApplication).
 */
export async function applyToJob(options: {
  viewer: Applicant;
  jobId: string;
  note?: string;
}): Promise<ApplyResult> {
  const { viewer, jobId, note } = options;
  if (isStaff(viewer.role)) return { ok: false, reason: "staff" };
  const [job] = await db()
    .select({
      id: jobs.id,
      isPublic: jobs.isPublic,
      isActive: jobs.isActive,
      archivedAt: jobs.archivedAt,
      sector: jobs.sector,
      countryCode: countries.code,
    })
    .from(jobs)
    .leftJoin(countries, eq(countries.id, jobs.countryId))
    .where(eq(jobs.id, jobId));
  if (!job || !job.isActive || job.archivedAt) return { ok: false, reason: "not_found" };
  if (!job.isPublic && !canSeePremiumJob(viewer, job.countryCode)) {
    // A destination that asks them no fee opens with their registration, not a payment.
    const noFee = job.countryCode && viewer.noFeeDestinations.includes(job.countryCode);
    return { ok: false, reason: noFee ? "registration_required" : "payment_required" };
  }

  return openApplication({
    applicantId: viewer.id,
    target: { jobId, notes: note ?? null },
    startAt: (tx) => startingStage(tx, viewer.id),
    // A job not advertised to residents of their country (decision record 35): they found it
    // and applied themselves, so it is recorded as a direct application.
    restrictionOf: async (tx) => restrictionForJob(job, await residenceOf(viewer.id, tx), tx),
  });
}

/** When the applicant applied to this job, or null. */
export async function findOwnApplication({
  viewer,
  jobId,
}: {
  viewer: Pick<Viewer, "id">;
  jobId: string;
}) {
  const [row] = await db()
    .select({
      id: jobApplications.id,
      appliedAt: jobApplications.appliedAt,
      status: jobApplications.status,
    })
    .from(jobApplications)
    .where(and(eq(jobApplications.userId, viewer.id), eq(jobApplications.jobId, jobId)));
  if (!row) return null;
  // The job page's words for it (keys apply.<state>Title / <state>Body): applied, or withdrawn.
  const state = row.status === "withdrawn" ? ("withdrawn" as const) : ("already" as const);
  return { id: row.id, appliedAt: row.appliedAt.toISOString(), state };
}

export const APPLICATIONS_PAGE_SIZE = 20;

/**
 * The applicant's own applications of both kinds, newest first, each with its status history
 * (oldest first). `jobTitle` is what was applied for: the job's title or the program's.
 */
export async function listApplicationsForApplicant(options: {
  viewer: Pick<Viewer, "id">;
  page?: number;
  pageSize?: number;
}) {
  const pageSize = options.pageSize ?? APPLICATIONS_PAGE_SIZE;
  const own = eq(jobApplications.userId, options.viewer.id);
  const { items: rows, ...page } = await paginateSelect(
    jobApplications,
    own,
    { page: options.page ?? 1, pageSize },
    db()
      .select({
        ...applicationColumns,
        kind: jobApplications.kind,
        jobId: jobs.id,
        jobTitle: sql<string>`coalesce(${jobs.title}, ${programs.title})`,
        sector: jobs.sector,
        jobType: jobs.jobType,
        programId: programs.id,
        university: programs.university,
        intake: jobApplications.intake,
        ...countryColumns,
      })
      .from(jobApplications)
      .leftJoin(jobs, eq(jobApplications.jobId, jobs.id))
      .leftJoin(programs, eq(jobApplications.programId, programs.id))
      .leftJoin(
        countries,
        sql`${countries.id} = coalesce(${jobs.countryId}, ${programs.countryId})`,
      )
      .where(own)
      .orderBy(desc(jobApplications.appliedAt), asc(jobApplications.id))
      .$dynamic(),
  );

  const ids = rows.map((r) => r.id);
  const history = ids.length
    ? await db()
        .select({
          applicationId: applicationStatusHistory.applicationId,
          fromStatus: applicationStatusHistory.fromStatus,
          toStatus: applicationStatusHistory.toStatus,
          createdAt: applicationStatusHistory.createdAt,
        })
        .from(applicationStatusHistory)
        .where(inArray(applicationStatusHistory.applicationId, ids))
        .orderBy(asc(applicationStatusHistory.createdAt))
    : [];

  return {
    ...page,
    items: rows.map((r) => ({
      ...r,
      appliedAt: r.appliedAt.toISOString(),
      interviewDate: r.interviewDate ? r.interviewDate.toISOString() : null,
      history: history
        .filter((h) => h.applicationId === r.id)
        .map((h) => ({
          fromStatus: h.fromStatus,
          toStatus: h.toStatus,
          createdAt: h.createdAt.toISOString(),
        })),
    })),
  };
}
