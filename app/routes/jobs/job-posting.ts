import { endOfAgencyDay } from "~/domain/format";
import type { JobDetail } from "~/server/jobs/listing.server";

// The job's schema.org JobPosting, so job search engines can list it with what
// Google lists as required (title, description, datePosted, hiringOrganization, jobLocation) and
// the recommended properties the job's data can fill. Nothing is invented: a property the job does
// not know is left out.

const SCHEMA_EMPLOYMENT: Record<string, string> = {
  full_time: "FULL_TIME",
  part_time: "PART_TIME",
  seasonal: "TEMPORARY",
  live_in: "FULL_TIME",
  shift_work: "FULL_TIME",
};
const SCHEMA_PERIOD: Record<string, string> = { hour: "HOUR", month: "MONTH", year: "YEAR" };

/** The agency's logo: the brand mark the site's header shows (no logo upload exists). */
export const AGENCY_LOGO_PATH = "/favicon.svg";

type PostingJob = Pick<
  JobDetail,
  | "id"
  | "title"
  | "description"
  | "createdAt"
  | "employmentType"
  | "countryCode"
  | "salaryMin"
  | "salaryMax"
  | "salaryCurrency"
  | "salaryPeriod"
  | "applicationDeadline"
  | "employer"
  | "isPublic"
  | "isActive"
  | "archivedAt"
>;

/**
 * The JobPosting of a free, open job, or null: a premium job's content is for paying applicants
 * only (never in data a search engine reads), a closed job is not to be listed, and a job with no
 * country has no location to give (a posting without one is invalid, so none is given).
 */
export function jobPosting(job: PostingJob, agencyName: string, baseUrl: string) {
  if (!job.isPublic || !job.isActive || job.archivedAt || !job.countryCode) return null;
  // The employer when the job names it; the agency when the job has none or describes it instead
  // (decision record 43: then the employer's name must not reach the page).
  const hiringOrganization =
    job.employer?.kind === "named"
      ? {
          "@type": "Organization",
          name: job.employer.name,
          ...(job.employer.website ? { sameAs: job.employer.website } : {}),
        }
      : {
          "@type": "Organization",
          name: agencyName,
          sameAs: baseUrl,
          logo: `${baseUrl}${AGENCY_LOGO_PATH}`,
        };
  const posting: Record<string, unknown> = {
    "@context": "https://schema.org/",
    "@type": "JobPosting",
    title: job.title,
    description: job.description,
    datePosted: job.createdAt.slice(0, 10),
    employmentType: SCHEMA_EMPLOYMENT[job.employmentType] ?? "OTHER",
    hiringOrganization,
    // Where it is: the job records its country, nothing finer (no city, region or street).
    jobLocation: {
      "@type": "Place",
      address: { "@type": "PostalAddress", addressCountry: job.countryCode },
    },
    // The agency's own reference for the posting.
    identifier: { "@type": "PropertyValue", name: agencyName, value: job.id },
    // Applicants apply on this page (after signing in), not on another site.
    directApply: true,
    url: `${baseUrl}/jobs/${job.id}`,
  };
  // Applications are taken until the end of the deadline day, in the agency's time zone.
  if (job.applicationDeadline) posting.validThrough = endOfAgencyDay(job.applicationDeadline);
  if (job.salaryCurrency && (job.salaryMin != null || job.salaryMax != null)) {
    posting.baseSalary = {
      "@type": "MonetaryAmount",
      currency: job.salaryCurrency,
      value: {
        "@type": "QuantitativeValue",
        ...(job.salaryMin != null ? { minValue: job.salaryMin } : {}),
        ...(job.salaryMax != null ? { maxValue: job.salaryMax } : {}),
        ...(job.salaryPeriod ? { unitText: SCHEMA_PERIOD[job.salaryPeriod] } : {}),
      },
    };
  }
  return posting;
}
