import { jobs } from "~/server/db/schema";

/** A job's own columns, as the job page and the staff list read them. */
export const jobColumns = {
  id: jobs.id,
  title: jobs.title,
  description: jobs.description,
  sector: jobs.sector,
  jobType: jobs.jobType,
  employmentType: jobs.employmentType,
  salaryRange: jobs.salaryRange,
  salaryMin: jobs.salaryMin,
  salaryMax: jobs.salaryMax,
  salaryCurrency: jobs.salaryCurrency,
  salaryPeriod: jobs.salaryPeriod,
  requirements: jobs.requirements,
  benefits: jobs.benefits,
  isActive: jobs.isActive,
  isPublic: jobs.isPublic,
  applicationDeadline: jobs.applicationDeadline,
  createdAt: jobs.createdAt,
};
