import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { isStaff } from "../../domain/enums";
import { canSeePremium } from "../../domain/jobs";
import type { Viewer } from "../auth/guards.server";
import { db } from "../db/client.server";
import { applicationStatusHistory, countries, jobApplications, jobs } from "../db/schema";

type Applicant = Pick<Viewer, "id" | "role" | "registrationFeePaid">;

export type ApplyResult =
  | { ok: true; applicationId: string }
  | { ok: false; reason: "not_found" | "payment_required" | "duplicate" | "staff" };

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e;) {
    if (e.code === "23505") return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Applies the applicant to an active job: the application (registration_pending) and its first
 * history entry are written together. A second application to the same job is refused by the
 * database's unique index, which also holds when two requests race.
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
    })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  if (!job || !job.isActive || job.archivedAt) return { ok: false, reason: "not_found" };
  if (!job.isPublic && !canSeePremium(viewer)) return { ok: false, reason: "payment_required" };

  try {
    const applicationId = await db().transaction(async (tx) => {
      const [created] = await tx
        .insert(jobApplications)
        .values({ userId: viewer.id, jobId, status: "registration_pending", notes: note ?? null })
        .returning({ id: jobApplications.id });
      await tx.insert(applicationStatusHistory).values({
        applicationId: created!.id,
        fromStatus: null,
        toStatus: "registration_pending",
        changedBy: viewer.id,
      });
      return created!.id;
    });
    return { ok: true, applicationId };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate" };
    throw error;
  }
}

/** When the applicant applied to this job, or null. */
export async function findOwnApplication(userId: string, jobId: string) {
  const [row] = await db()
    .select({ id: jobApplications.id, appliedAt: jobApplications.appliedAt })
    .from(jobApplications)
    .where(and(eq(jobApplications.userId, userId), eq(jobApplications.jobId, jobId)));
  return row ? { id: row.id, appliedAt: row.appliedAt.toISOString() } : null;
}

export const APPLICATIONS_PAGE_SIZE = 20;

/** The applicant's own applications, newest first, each with its status history (oldest first). */
export async function listApplicationsForApplicant(options: {
  viewer: Pick<Viewer, "id">;
  page?: number;
  pageSize?: number;
}) {
  const pageSize = options.pageSize ?? APPLICATIONS_PAGE_SIZE;
  const own = eq(jobApplications.userId, options.viewer.id);
  const total = await db().$count(jobApplications, own);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, options.page ?? 1), pageCount);
  const rows = await db()
    .select({
      id: jobApplications.id,
      status: jobApplications.status,
      appliedAt: jobApplications.appliedAt,
      interviewDate: jobApplications.interviewDate,
      notes: jobApplications.notes,
      adminComments: jobApplications.adminComments,
      jobId: jobs.id,
      jobTitle: jobs.title,
      sector: jobs.sector,
      jobType: jobs.jobType,
      countryName: countries.name,
      countryCode: countries.code,
    })
    .from(jobApplications)
    .innerJoin(jobs, eq(jobApplications.jobId, jobs.id))
    .leftJoin(countries, eq(jobs.countryId, countries.id))
    .where(own)
    .orderBy(desc(jobApplications.appliedAt), asc(jobApplications.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);

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
    total,
    page,
    pageCount,
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
