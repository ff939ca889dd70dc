import { z } from "zod";
import {
  CONTACT_INQUIRY_STATUSES,
  type ContactInquiryStatus,
  OUTSOURCING_INQUIRY_STATUSES,
  OUTSOURCING_SERVICES,
  type OutsourcingInquiryStatus,
} from "./enums";

/**
 * The agency's two inboxes: messages from /contact and quote requests from /outsourcing. One
 * service (server/inquiries) and one back-office list serve both, keyed by kind.
 */
export const INQUIRY_KINDS = ["contact", "outsourcing"] as const;
export type InquiryKind = (typeof INQUIRY_KINDS)[number];

export const INQUIRY_STATUSES = {
  contact: CONTACT_INQUIRY_STATUSES,
  outsourcing: OUTSOURCING_INQUIRY_STATUSES,
} as const;
export type InquiryStatus<K extends InquiryKind = InquiryKind> = {
  contact: ContactInquiryStatus;
  outsourcing: OutsourcingInquiryStatus;
}[K];

export function isInquiryStatus<K extends InquiryKind>(
  kind: K,
  value: unknown,
): value is InquiryStatus<K> {
  return (INQUIRY_STATUSES[kind] as readonly unknown[]).includes(value);
}

/** Badge tone of each status: amber waits on the agency, blue is being handled, green is done. */
export const INQUIRY_STATUS_TONES = {
  pending: "waiting",
  new: "waiting",
  in_progress: "progress",
  resolved: "success",
  completed: "success",
  closed: "neutral",
} as const satisfies Record<InquiryStatus, string>;

// Validation messages are translation keys (namespace "inquiries" for contact, "outsourcing"
// for the quote form); the form shows t(key).
const email = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(254, invalid)
    .email(invalid)
    .transform((v) => v.toLowerCase());

const optional = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : undefined));

export const ContactInquirySchema = z.object({
  name: z
    .string({ error: "errors.nameRequired" })
    .trim()
    .min(1, "errors.nameRequired")
    .max(120, "errors.nameTooLong"),
  email: email("errors.emailRequired", "errors.emailInvalid"),
  phone: optional(40, "errors.phoneTooLong"),
  subject: z
    .string({ error: "errors.subjectRequired" })
    .trim()
    .min(1, "errors.subjectRequired")
    .max(200, "errors.subjectTooLong"),
  message: z
    .string({ error: "errors.messageRequired" })
    .trim()
    .min(1, "errors.messageRequired")
    .max(5000, "errors.messageTooLong"),
  // Honeypot: people never see or fill it; bots fill every field.
  website: z.string().optional(),
});
export type ContactInquiry = z.infer<typeof ContactInquirySchema>;

/** A staff status change, per kind (each kind has its own statuses). */
export const InquiryStatusSchemas = {
  contact: z.object({ id: z.uuid(), status: z.enum(CONTACT_INQUIRY_STATUSES) }),
  outsourcing: z.object({ id: z.uuid(), status: z.enum(OUTSOURCING_INQUIRY_STATUSES) }),
} as const;

export const InquiryReplySchema = z.object({
  id: z.uuid(),
  body: z
    .string({ error: "errors.replyRequired" })
    .trim()
    .min(1, "errors.replyRequired")
    .max(5000, "errors.messageTooLong"),
});

export const OutsourcingInquirySchema = z.object({
  name: z
    .string({ error: "errors.nameRequired" })
    .trim()
    .min(1, "errors.nameRequired")
    .max(120, "errors.nameTooLong"),
  company: z
    .string({ error: "errors.companyRequired" })
    .trim()
    .min(1, "errors.companyRequired")
    .max(160, "errors.companyTooLong"),
  email: email("errors.emailRequired", "errors.emailInvalid"),
  services: z
    .array(z.enum(OUTSOURCING_SERVICES), { error: "errors.servicesRequired" })
    .min(1, "errors.servicesRequired"),
  budget: optional(120, "errors.budgetTooLong"),
  message: optional(5000, "errors.messageTooLong"),
  website: z.string().optional(),
});
export type OutsourcingInquiry = z.infer<typeof OutsourcingInquirySchema>;
