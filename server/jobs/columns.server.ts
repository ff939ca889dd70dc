import { countries, jobs } from "~/server/db/schema";

/** What a job's card shows of it: its title, kind of work and pay. */
export const jobCardColumns = {
  id: jobs.id,
  title: jobs.title,
  sector: jobs.sector,
  jobType: jobs.jobType,
  employmentType: jobs.employmentType,
  salaryRange: jobs.salaryRange,
  salaryMin: jobs.salaryMin,
  salaryMax: jobs.salaryMax,
  salaryCurrency: jobs.salaryCurrency,
  salaryPeriod: jobs.salaryPeriod,
};

/** A job's own columns, as the job page and the staff list read them. */
export const jobColumns = {
  ...jobCardColumns,
  description: jobs.description,
  requirements: jobs.requirements,
  benefits: jobs.benefits,
  isActive: jobs.isActive,
  isPublic: jobs.isPublic,
  applicationDeadline: jobs.applicationDeadline,
  createdAt: jobs.createdAt,
};

/** The name and code of the country a job or program is in (joined as `countries`). */
export const countryColumns = {
  countryName: countries.name,
  countryCode: countries.code,
};
