import type { TFunction } from "i18next";
import { formatSalary } from "~/domain/format";

/** What a job says about its pay (the figures staff entered, and their own words). */
export type JobSalary = {
  salaryRange: string | null;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string | null;
  salaryPeriod: string | null;
};

/**
 * A job's pay in the reader's language: the employer's figures through Intl (and the period
 * translated) when staff gave them, else staff's own words. One rule for the job page and its card.
 */
export function salaryText(job: JobSalary, t: TFunction<"jobs">, lng: string): string | null {
  const amount =
    job.salaryCurrency && (job.salaryMin != null || job.salaryMax != null)
      ? formatSalary(job.salaryMin, job.salaryMax, job.salaryCurrency, lng)
      : null;
  if (!amount) return job.salaryRange;
  return job.salaryPeriod
    ? t(`detail.salaryPer.${job.salaryPeriod}` as "detail.salaryPer.month", { amount })
    : amount;
}
