import { z } from "zod";
import { SECTORS } from "./enums";
import { emailAddress, nullableText, requiredText } from "./text-fields";

// Employers (decision record 43): the organisations that hire through the agency, and
// the people there it deals with. Messages are translation keys of the "admin" namespace.

/** The staff list's filter: all not archived (default), verified, not verified, archived. */
export const EMPLOYER_LIST_STATUSES = ["verified", "unverified", "archived"] as const;
export type EmployerListStatus = (typeof EMPLOYER_LIST_STATUSES)[number];

export function parseEmployerFilter(params: URLSearchParams): {
  q: string;
  status: EmployerListStatus | null;
} {
  const status = params.get("status");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    status: (EMPLOYER_LIST_STATUSES as readonly string[]).includes(status ?? "")
      ? (status as EmployerListStatus)
      : null,
  };
}

const optionalId = z
  .string()
  .optional()
  .transform((v) => (v ? Number(v) : null))
  .pipe(z.number().int().positive().nullable());

/** An address on the web, as staff paste it ("example.org" is read as https://example.org). */
const website = nullableText(300, "errors.tooLong")
  .transform((v) => (v && !/^https?:\/\//i.test(v) ? `https://${v}` : v))
  .refine((v) => {
    if (v === null) return true;
    try {
      const url = new URL(v);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
    } catch {
      return false;
    }
  }, "employers.errors.website");

/** The employer form (intent "create" / "update"); the office is checked against the settings. */
export const EmployerFormSchema = z.object({
  name: requiredText(200, "employers.errors.name", "errors.tooLong"),
  countryId: optionalId,
  sector: z
    .enum(SECTORS)
    .optional()
    .or(z.literal("").transform(() => undefined))
    .transform((v) => v ?? null),
  registrationNumber: nullableText(100, "errors.tooLong"),
  website,
  office: requiredText(100, "employers.errors.office", "errors.tooLong"),
  notes: z
    .string()
    .trim()
    .max(5000, "errors.tooLong")
    .optional()
    .transform((v) => v ?? ""),
});
export type EmployerForm = z.output<typeof EmployerFormSchema>;

/** A contact person at an employer. */
export const EmployerContactSchema = z.object({
  name: requiredText(200, "employers.errors.contactName", "errors.tooLong"),
  email: emailAddress("employers.errors.contactEmail", "employers.errors.contactEmail"),
  phone: nullableText(40, "errors.tooLong"),
  position: nullableText(120, "errors.tooLong"),
});
export type EmployerContact = z.output<typeof EmployerContactSchema>;

/**
 * How a job names its employer in public: the words staff chose when the employer is not to be
 * named; else the employer's name and website (the job's structured data names it as the hiring
 * organisation), with whether staff verified it; else nothing. A described employer gives away
 * nothing that would identify it, its website included.
 */
export type PublicEmployer =
  | { kind: "named"; name: string; website: string | null; verified: boolean }
  | { kind: "described"; description: string }
  | null;

export function publicEmployer(job: {
  employerShownAs: string | null;
  employerName: string | null;
  employerWebsite: string | null;
  employerVerified: boolean | null;
}): PublicEmployer {
  const shownAs = job.employerShownAs?.trim();
  if (shownAs) return { kind: "described", description: shownAs };
  if (job.employerName) {
    return {
      kind: "named",
      name: job.employerName,
      website: job.employerWebsite,
      verified: Boolean(job.employerVerified),
    };
  }
  return null;
}
