import { z } from "zod";
import { DOCUMENT_TYPE_KEY } from "./document-types";
import { FIELDS_OF_STUDY, PROGRAM_LEVELS } from "./enums";
import { APPLICATION_NOTE_MAX } from "./job-search";
import { splitLines } from "./jobs";
import { nullableText, requiredText } from "./text-fields";

// The staff program form and the staff list's filters. Messages are keys of the "admin"
// namespace (errors.*). What visitors' pages need is in ./program-search (no zod).

export const PROGRAM_LIST_STATUSES = ["listed", "inactive", "archived", "all"] as const;
export type ProgramListStatus = (typeof PROGRAM_LIST_STATUSES)[number];

/** The staff list's filters (`?q=&status=`): by default the programs not archived. */
export function parseProgramAdminFilter(params: URLSearchParams): {
  q: string;
  status: ProgramListStatus | null;
} {
  const status = params.get("status");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    status:
      status && (PROGRAM_LIST_STATUSES as readonly string[]).includes(status)
        ? (status as ProgramListStatus)
        : null,
  };
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (d: string) =>
  ISO_DAY.test(d) && new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d;

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true");

const oneOrMany = (v: unknown) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

export const ProgramFormSchema = z.object({
  title: requiredText(200, "errors.titleRequired", "errors.tooLong"),
  university: requiredText(200, "errors.universityRequired", "errors.tooLong"),
  city: requiredText(120, "errors.cityRequired", "errors.tooLong"),
  countryId: z.coerce
    .number({ error: "errors.countryRequired" })
    .int("errors.countryRequired")
    .positive("errors.countryRequired"),
  level: z.enum(PROGRAM_LEVELS, { error: "errors.levelRequired" }),
  fieldOfStudy: z.enum(FIELDS_OF_STUDY, { error: "errors.fieldRequired" }),
  durationMonths: z.coerce
    .number({ error: "errors.durationInvalid" })
    .int("errors.durationInvalid")
    .min(1, "errors.durationInvalid")
    .max(120, "errors.durationInvalid"),
  languageOfInstruction: requiredText(60, "errors.languageRequired", "errors.tooLong"),
  tuitionAmount: z
    .string({ error: "errors.tuitionInvalid" })
    .trim()
    .transform((v, ctx) => {
      const n = Number(v.replace(/,/g, ""));
      if (!v || !Number.isFinite(n) || n < 0 || n >= 1e10) {
        ctx.addIssue({ code: "custom", message: "errors.tuitionInvalid" });
        return z.NEVER;
      }
      return Math.round(n * 100) / 100;
    }),
  tuitionCurrency: z
    .string({ error: "errors.currencyInvalid" })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "errors.currencyInvalid"),
  // One date per line (YYYY-MM-DD), kept in order without repeats.
  intakes: z
    .string({ error: "errors.intakesRequired" })
    .max(2000, "errors.tooLong")
    .transform((v, ctx) => {
      const days = [...new Set(splitLines(v))].sort();
      if (days.length === 0) {
        ctx.addIssue({ code: "custom", message: "errors.intakesRequired" });
        return z.NEVER;
      }
      if (days.length > 24 || !days.every(isRealDay)) {
        ctx.addIssue({ code: "custom", message: "errors.intakesInvalid" });
        return z.NEVER;
      }
      return days;
    }),
  applicationDeadline: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || isRealDay(v), "errors.dateInvalid"),
  entryRequirements: z
    .string()
    .max(20000, "errors.tooLong")
    .optional()
    .transform((v) => splitLines(v)),
  requiredDocuments: z
    .preprocess(oneOrMany, z.array(z.string().regex(DOCUMENT_TYPE_KEY)).max(30))
    .transform((v) => [...new Set(v)]),
  scholarship: checkbox,
  scholarshipDetails: nullableText(2000, "errors.tooLong"),
  description: requiredText(20000, "errors.descriptionRequired", "errors.tooLong"),
  rating: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const n = Number(v);
      if (!Number.isFinite(n) || n < 0 || n > 5) {
        ctx.addIssue({ code: "custom", message: "errors.ratingInvalid" });
        return z.NEVER;
      }
      return Math.round(n * 10) / 10;
    }),
  isActive: checkbox,
});
export type ProgramForm = z.output<typeof ProgramFormSchema>;

/** A student's application to a program (messages: keys of the "study" namespace). */
export const ProgramApplySchema = z.object({
  intake: z
    .string({ error: "apply.errors.intakeRequired" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "apply.errors.intakeRequired"),
  note: nullableText(APPLICATION_NOTE_MAX, "apply.errors.noteTooLong"),
});
export type ProgramApply = z.infer<typeof ProgramApplySchema>;
