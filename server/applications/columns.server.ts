import { sql } from "drizzle-orm";
import { jobApplications, jobs, programs } from "~/server/db/schema";

/** An application's own columns, as the applicant's list and the staff views read them. */
export const applicationColumns = {
  id: jobApplications.id,
  status: jobApplications.status,
  appliedAt: jobApplications.appliedAt,
  interviewDate: jobApplications.interviewDate,
  interviewLocation: jobApplications.interviewLocation,
  departureDate: jobApplications.departureDate,
  departureDetails: jobApplications.departureDetails,
  notes: jobApplications.notes,
  adminComments: jobApplications.adminComments,
  // What a staff form posts back: an edit on an older version is refused (decision record 37).
  version: jobApplications.version,
};

/**
 * An application's title, its job's or its program's (an application has one of the two), as a
 * column of a query over job_applications that does not join them.
 */
export const applicationTitle = sql<string>`coalesce(
  (select ${jobs.title} from ${jobs} where ${jobs.id} = ${jobApplications.jobId}),
  (select ${programs.title} from ${programs} where ${programs.id} = ${jobApplications.programId}))`;
