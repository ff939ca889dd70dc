import { z } from "zod";
import { DOCUMENT_TYPE_KEY } from "./document-types";
import { EMPLOYMENT_TYPES, isStaff, JOB_TYPES, SALARY_PERIODS, SECTORS } from "./enums";
import { APPLICATION_NOTE_MAX, SEARCH_MAX_LENGTH } from "./job-search";
import { PageParamSchema } from "./pagination";
import { nullableText, optionalText, requiredText } from "./text-fields";

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

export const ApplySchema = z.object({
  note: optionalText(APPLICATION_NOTE_MAX, "apply.errors.noteTooLong"),
});
export type Apply = z.infer<typeof ApplySchema>;

/**
 * Whether a viewer may see a premium job's content: staff, and applicants for whom premium jobs
 * are open (paid, or registered under a policy with no up-front fee: domain/fee-policy.ts).
 */
export function canSeePremium(viewer: { premiumUnlocked: boolean; role: string } | null): boolean {
  if (!viewer) return false;
  return viewer.premiumUnlocked || isStaff(viewer.role);
}

/** Who may see premium jobs, as far as the fee rule goes (server/auth/guards.server.ts Viewer). */
export type PremiumViewer = {
  premiumUnlocked: boolean;
  role: string;
  noFeeDestinations?: readonly string[];
  openDestinations?: readonly string[];
} | null;

/**
 * Which premium jobs a viewer may see: every one (true), or those of these destinations (country
 * codes; none for a visitor). A destination whose fee policy asks nothing up front opens its
 * premium jobs once registration is complete, though the office's own policy asks a fee.
 */
export function premiumAccess(viewer: PremiumViewer): true | readonly string[] {
  if (canSeePremium(viewer)) return true;
  return viewer?.openDestinations ?? [];
}

/** Whether a viewer may see one premium job of `countryCode`. */
export function canSeePremiumJob(viewer: PremiumViewer, countryCode: string | null): boolean {
  const access = premiumAccess(viewer);
  return access === true || (countryCode !== null && access.includes(countryCode.toUpperCase()));
}

// The staff job form. Validation messages are translation keys of the "admin" namespace.
/** Requirements and benefits are typed one per line; blank lines are dropped. */
export function splitLines(text: string | undefined | null): string[] {
  return (text ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

const optionalNumber = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return null;
    const n = Number(v.replace(/,/g, ""));
    if (!Number.isFinite(n) || n < 0) {
      ctx.addIssue({ code: "custom", message: "errors.salaryInvalid" });
      return z.NEVER;
    }
    return n;
  });

export const JobFormSchema = z
  .object({
    id: z.uuid().optional(),
    title: requiredText(200, "errors.titleRequired", "errors.tooLong"),
    description: requiredText(20000, "errors.descriptionRequired", "errors.tooLong"),
    sector: z.enum(SECTORS, { error: "errors.sectorRequired" }).default("technology"),
    jobType: z.enum(JOB_TYPES, { error: "errors.jobTypeRequired" }).default("entry_level"),
    employmentType: z
      .enum(EMPLOYMENT_TYPES, { error: "errors.employmentTypeRequired" })
      .default("full_time"),
    countryId: z
      .string()
      .optional()
      .transform((v) => (v ? Number(v) : null))
      .pipe(z.number().int().positive().nullable()),
    salaryRange: nullableText(120, "errors.tooLong"),
    salaryMin: optionalNumber,
    salaryMax: optionalNumber,
    salaryCurrency: z
      .string()
      .trim()
      .toUpperCase()
      .optional()
      .transform((v) => (v ? v : null))
      .pipe(
        z
          .string()
          .regex(/^[A-Z]{3}$/, "errors.currencyInvalid")
          .nullable(),
      ),
    salaryPeriod: z
      .enum(SALARY_PERIODS)
      .optional()
      .transform((v) => v ?? null),
    requirements: z
      .string()
      .max(20000, "errors.tooLong")
      .optional()
      .transform((v) => splitLines(v)),
    benefits: z
      .string()
      .max(20000, "errors.tooLong")
      .optional()
      .transform((v) => splitLines(v)),
    // What this job asks for beyond its destination's checklist (decision record 44).
    requiredDocuments: z
      .preprocess(
        (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
        z.array(z.string().regex(DOCUMENT_TYPE_KEY)).max(30),
      )
      .transform((v) => [...new Set(v)]),
    // The last day applications are taken (optional): saved jobs warn a week before.
    applicationDeadline: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || null)
      .refine(
        (v) =>
          v === null ||
          (/^\d{4}-\d{2}-\d{2}$/.test(v) &&
            !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
            new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v),
        "errors.dateInvalid",
      ),
    // The employer it is hired for (one of the editor's offices', checked on the server), and
    // how the public page names it instead when it is not to be named (decision record 43).
    employerId: z
      .string()
      .optional()
      .transform((v) => (v ? v : null))
      .pipe(z.uuid({ error: "employers.errors.notChoosable" }).nullable()),
    employerShownAs: nullableText(200, "errors.tooLong"),
    // Checkboxes: absent means unchecked. The form pre-checks both for a new job (spec defaults).
    isActive: z
      .string()
      .optional()
      .transform((v) => v === "on" || v === "true"),
    isPublic: z
      .string()
      .optional()
      .transform((v) => v === "on" || v === "true"),
  })
  .superRefine((v, ctx) => {
    if (v.salaryMin != null && v.salaryMax != null && v.salaryMin > v.salaryMax) {
      ctx.addIssue({ code: "custom", path: ["salaryMax"], message: "errors.salaryOrder" });
    }
  });
export type JobForm = z.output<typeof JobFormSchema>;
