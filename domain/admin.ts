import { z } from "zod";
import { nullableText } from "./text-fields";
import { isDay } from "./checklists";
import { APPLICATION_STATUSES, ROLES } from "./enums";
import { editVersion } from "./versions";

// Validation messages are translation keys (namespace "admin"); the form shows t(key).

const optionalText = (max: number) => nullableText(max, "errors.tooLong");

export const ApplicationStatusChangeSchema = z.object({
  applicationId: z.string().uuid("errors.notFound"),
  status: z.enum(APPLICATION_STATUSES, { error: "errors.statusInvalid" }),
  note: optionalText(1000),
  // The version the form showed: a change made on a stale page is refused, never applied over
  // someone else's (decision record 37).
  version: editVersion,
  // An admin's reason for reaching a gated stage with checklist items missing (record 44).
  overrideReason: optionalText(500),
});

export const AdminCommentsSchema = z.object({
  applicationId: z.string().uuid("errors.notFound"),
  adminComments: optionalText(5000),
  version: editVersion,
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day an applicant travels (empty clears it) and what they need to know. */
export const DepartureSchema = z.object({
  applicationId: z.string().uuid("errors.notFound"),
  departureDate: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null)
    .refine(
      (v) => v === null || (DAY.test(v) && !Number.isNaN(Date.parse(v))),
      "errors.dateInvalid",
    ),
  departureDetails: optionalText(500),
  version: editVersion,
});

// A form without the field leaves the date as it is (undefined); an empty one clears it (null).
const optionalDay = z
  .string()
  .optional()
  .transform((v) => (v === undefined ? undefined : v.trim() || null))
  .refine((v) => !v || isDay(v), { message: "errors.documentDates" });

export const DocumentReviewSchema = z
  .object({
    documentId: z.string().uuid("errors.notFound"),
    decision: z.enum(["verify", "reject"]),
    reason: optionalText(500),
    // The dates printed on it, as staff confirm or correct them when verifying ("" = unknown).
    issuedOn: optionalDay,
    expiresOn: optionalDay,
  })
  .superRefine((v, ctx) => {
    if (v.decision === "reject" && !v.reason) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: "errors.reasonRequired" });
    }
    if (v.issuedOn && v.expiresOn && v.expiresOn <= v.issuedOn) {
      ctx.addIssue({ code: "custom", path: ["expiresOn"], message: "errors.documentDates" });
    }
  });

export const RoleChangeSchema = z.object({
  userId: z.string().min(1),
  role: z.enum(ROLES, { error: "errors.roleInvalid" }),
});

/** Mark Paid: the fee received by hand, with the reference it came with (receipt, transfer). */
export const MarkPaidSchema = z.object({
  userId: z.string().min(1),
  reference: z
    .string({ error: "errors.paymentReferenceRequired" })
    .trim()
    .min(3, "errors.paymentReferenceRequired")
    .max(100, "errors.tooLong"),
});

export const PAGE_SIZE = 25;
/** Staff lists that count matches only up to this many say "more than 1,000" past it. */
export const STAFF_COUNT_CAP = 1000;

/** Quotes a CSV cell; a leading =,+,-,@ is neutralised so a spreadsheet never runs it as a formula. */
export function csvCell(value: unknown): string {
  let s = value == null ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
