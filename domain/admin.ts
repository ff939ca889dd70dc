import { z } from "zod";
import {
  APPLICATION_STATUSES,
  EMPLOYMENT_TYPES,
  JOB_TYPES,
  ROLES,
  SALARY_PERIODS,
  SECTORS,
} from "./enums";

// Validation messages are translation keys (namespace "admin"); the form shows t(key).

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

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "errors.tooLong")
    .optional()
    .transform((v) => (v ? v : null));

export const JobFormSchema = z
  .object({
    id: z.string().uuid().optional(),
    title: z
      .string({ error: "errors.titleRequired" })
      .trim()
      .min(1, "errors.titleRequired")
      .max(200, "errors.tooLong"),
    description: z
      .string({ error: "errors.descriptionRequired" })
      .trim()
      .min(1, "errors.descriptionRequired")
      .max(20000, "errors.tooLong"),
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
    salaryRange: optionalText(120),
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

export const ApplicationStatusChangeSchema = z.object({
  applicationId: z.string().uuid("errors.notFound"),
  status: z.enum(APPLICATION_STATUSES, { error: "errors.statusInvalid" }),
  note: optionalText(1000),
});

export const AdminCommentsSchema = z.object({
  applicationId: z.string().uuid("errors.notFound"),
  adminComments: optionalText(5000),
});

export const DocumentReviewSchema = z
  .object({
    documentId: z.string().uuid("errors.notFound"),
    decision: z.enum(["verify", "reject"]),
    reason: optionalText(500),
  })
  .superRefine((v, ctx) => {
    if (v.decision === "reject" && !v.reason) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: "errors.reasonRequired" });
    }
  });

export const RoleChangeSchema = z.object({
  userId: z.string().min(1),
  role: z.enum(ROLES, { error: "errors.roleInvalid" }),
});

export const PAGE_SIZE = 25;
/** Staff lists that count matches only up to this many say "more than 1,000" past it. */
export const STAFF_COUNT_CAP = 1000;

export function readPage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n < 100_000 ? n : 1;
}

/** Quotes a CSV cell; a leading =,+,-,@ is neutralised so a spreadsheet never runs it as a formula. */
export function csvCell(value: unknown): string {
  let s = value == null ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
