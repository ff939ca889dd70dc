import { z } from "zod";
import {
  FILED_COMPLAINT_CATEGORIES,
  normaliseComplaintReference,
  type ComplaintCategory,
} from "./agency-trust";
import { optionalText, requiredText } from "./text-fields";
import { editVersion } from "./versions";

// The public forms of /verify and /complaints and the staff's complaint actions.
// Messages are keys of the "trust" namespace (staff ones of "inbox").

const optionalEmail = z
  .string()
  .trim()
  .max(254, "errors.emailInvalid")
  .optional()
  .transform((v) => (v ? v.toLowerCase() : undefined))
  .refine((v) => v === undefined || z.email().safeParse(v).success, "errors.emailInvalid");

/** What a visitor asks /verify about: a phone or WhatsApp number, an e-mail address or a name. */
export const VerifyQuerySchema = z.object({
  q: requiredText(120, "errors.queryRequired", "errors.queryTooLong"),
});

/** "Report a suspected scam": what claimed to be us, what happened, and how to answer them. */
export const ScamReportSchema = z.object({
  reportedContact: requiredText(200, "errors.reportedRequired", "errors.tooLong"),
  message: requiredText(5000, "errors.messageRequired", "errors.messageTooLong"),
  email: optionalEmail,
  website: z.string().optional(),
});
export type ScamReport = z.infer<typeof ScamReportSchema>;

export const ComplaintSchema = z.object({
  category: z.enum(FILED_COMPLAINT_CATEGORIES as [ComplaintCategory, ...ComplaintCategory[]], {
    error: "errors.categoryRequired",
  }),
  message: requiredText(5000, "errors.messageRequired", "errors.messageTooLong"),
  // All optional: a complaint may be anonymous.
  name: optionalText(120, "errors.tooLong"),
  email: optionalEmail,
  phone: optionalText(40, "errors.tooLong"),
  website: z.string().optional(),
});
export type Complaint = z.infer<typeof ComplaintSchema>;

/** Following a complaint: its reference as typed ("cmp-2026-7kq4 m9xd" reads as CMP-2026-7KQ4M9XD). */
export const ComplaintFollowSchema = z.object({
  reference: z
    .string({ error: "errors.referenceRequired" })
    .trim()
    .min(1, "errors.referenceRequired")
    .max(40, "errors.referenceInvalid")
    .transform((v, ctx) => {
      const ref = normaliseComplaintReference(v);
      if (!ref) {
        ctx.addIssue({ code: "custom", message: "errors.referenceInvalid" });
        return z.NEVER;
      }
      return ref;
    }),
});

/** A staff answer: to the person who complained (shown on follow-up, e-mailed) or a staff note. */
export const ComplaintReplySchema = z.object({
  id: z.uuid(),
  body: requiredText(5000, "errors.replyRequired", "errors.messageTooLong"),
  audience: z.enum(["complainant", "staff"]).default("complainant"),
  // The version the dialog showed: an answer on an older one is refused (decision record 37).
  version: editVersion,
});

export const ComplaintAssignSchema = z.object({
  id: z.uuid(),
  ownerId: z.string().min(1),
  version: editVersion,
});
