import { z } from "zod";
import { isStaff, JOB_TYPES, SECTORS } from "./enums";
import { APPLICATION_NOTE_MAX, SEARCH_MAX_LENGTH } from "./job-search";
import { PageParamSchema } from "./pagination";
import { optionalText } from "./text-fields";

// What the browser needs (page sizes, a search's URL) lives in ./job-search, which has no zod;
// re-exported so server code and tests keep importing it from here.
export {
  APPLICATION_NOTE_MAX,
  hasActiveFilters,
  HOME_JOBS_LIMIT,
  jobSearchQuery,
  JOBS_PAGE_SIZE,
  SEARCH_MAX_LENGTH,
} from "./job-search";

/**
 * The jobs board counts matches only up to this many: past it the page says "more than 1,000" and
 * pages on with Next, so a broad search never has to read every matching job just to count them.
 */
export const JOBS_COUNT_CAP = 1000;

// A filter value that is missing, empty, 'all' or not one of the allowed values means "no filter":
// a shared or hand-edited URL never breaks the page, it just shows more.
function filterOf<T extends string>(values: readonly T[]) {
  return z
    .unknown()
    .transform((v) => (typeof v === "string" ? v.trim() : ""))
    .transform((v) => ((values as readonly string[]).includes(v) ? (v as T) : undefined));
}

const countryCode = z
  .unknown()
  .transform((v) => (typeof v === "string" ? v.trim().toUpperCase() : ""))
  .transform((v) => (/^[A-Z]{2}$/.test(v) ? v : undefined));

export const JobSearchSchema = z.object({
  q: z
    .unknown()
    .transform((v) => (typeof v === "string" ? v.trim().slice(0, SEARCH_MAX_LENGTH) : ""))
    .transform((v) => v || undefined),
  country: countryCode,
  sector: filterOf(SECTORS),
  type: filterOf(JOB_TYPES),
  page: PageParamSchema,
});
export type JobSearch = z.infer<typeof JobSearchSchema>;

/** The search and filters of a URL (`?q=&country=&sector=&type=&page=`). */
export function parseJobSearch(params: URLSearchParams): JobSearch {
  return JobSearchSchema.parse({
    q: params.get("q") ?? undefined,
    country: params.get("country") ?? undefined,
    sector: params.get("sector") ?? undefined,
    type: params.get("type") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}

/** A LIKE pattern that matches `text` literally anywhere (%, _ and \ in the input are escaped). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const ApplySchema = z.object({
  note: optionalText(APPLICATION_NOTE_MAX, "apply.errors.noteTooLong"),
});
export type Apply = z.infer<typeof ApplySchema>;

/** Whether a viewer may see a premium job's content: paid applicants, and staff. */
export function canSeePremium(
  viewer: { registrationFeePaid: boolean; role: string } | null,
): boolean {
  if (!viewer) return false;
  return viewer.registrationFeePaid || isStaff(viewer.role);
}
