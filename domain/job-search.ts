// The jobs board's sizes and the search's URL: what the browser needs on /, /jobs and a job's
// page. No zod here (the search schema is in ./jobs, used by loaders), so it costs visitors ~1 KB.

import type { EmploymentType, JobType, SalaryPeriod, Sector } from "./enums";
import { searchQuery } from "./search-query";

export const JOBS_PAGE_SIZE = 12;
export const HOME_JOBS_LIMIT = 8;
export const SEARCH_MAX_LENGTH = 100;
export const APPLICATION_NOTE_MAX = 1000;

/** The filters of a search, as parsed by JobSearchSchema (./jobs). */
type SearchFilters = {
  q?: string;
  country?: string;
  sector?: string;
  type?: string;
  page?: number;
};

/** The query string for a search: empty filters and page 1 are left out so URLs stay short. */
export function jobSearchQuery({ q, country, sector, type, page }: SearchFilters): string {
  return searchQuery({ q, country, sector, type }, page);
}

export function hasActiveFilters(search: SearchFilters): boolean {
  return Boolean(search.q || search.country || search.sector || search.type);
}

/** A job as its card shows it, the same for the board, the home page and the dashboard. */
export type JobCard = {
  id: string;
  title: string;
  isPublic: boolean;
  /** True when the viewer sees only the teaser: the other content fields are null. */
  locked: boolean;
  /** A locked premium job of a destination that asks no fee: it opens with a complete registration. */
  opensWithRegistration?: true;
  sector: Sector;
  jobType: JobType;
  employmentType: EmploymentType;
  countryName: string | null;
  countryCode: string | null;
  salaryRange: string | null;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string | null;
  salaryPeriod: SalaryPeriod | null;
  excerpt: string | null;
  createdAt: string | null;
};
