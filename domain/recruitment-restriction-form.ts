import { z } from "zod";
import { SECTORS, type Sector } from "./enums";
import { editVersion } from "./versions";

// The admin form of a recruitment restriction (decision record 35), apart from the rule itself
// (./recruitment-restrictions.ts): a public page that names a restriction's country loads that
// rule's helpers without Zod.

const code = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => /^[A-Za-z]{2}$/.test(v), message)
    .transform((v) => v.toUpperCase());

export const RecruitmentRestrictionFormSchema = z.object({
  id: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((v) => v || null),
  destination: z
    .string()
    .trim()
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => v === "" || /^[A-Za-z]{2}$/.test(v), "restrictions.errors.destination")
    .transform((v) => v.toUpperCase()),
  sector: z
    .enum(["", ...SECTORS], { error: "restrictions.errors.sector" })
    .optional()
    .transform((v) => (v ? (v as Sector) : null)),
  residence: code("restrictions.errors.residence"),
  explanation: z
    .string({ error: "restrictions.errors.explanation" })
    .trim()
    .min(1, "restrictions.errors.explanation")
    .max(2000, "errors.tooLong"),
  // Optional translations: an applicant reading French or Portuguese sees theirs, else English.
  explanationFr: z.string().trim().max(2000, "errors.tooLong").optional().default(""),
  explanationPt: z.string().trim().max(2000, "errors.tooLong").optional().default(""),
  // The version the form showed: a save over a newer one is refused (decision record 37).
  version: editVersion,
});
export type RecruitmentRestrictionForm = z.infer<typeof RecruitmentRestrictionFormSchema>;

export const DeleteRecruitmentRestrictionSchema = z.object({
  id: z.string().trim().min(1).max(40),
  version: editVersion,
});
