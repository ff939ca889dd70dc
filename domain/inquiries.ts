import { z } from "zod";
import {
  CONTACT_INQUIRY_STATUSES,
  type ContactInquiryStatus,
  OUTSOURCING_INQUIRY_STATUSES,
  OUTSOURCING_SERVICES,
  type OutsourcingInquiryStatus,
} from "./enums";
import { COMPLAINT_STATUSES, type ComplaintStatus } from "./agency-trust";
import { emailAddress, optionalText, requiredText } from "./text-fields";
import { editVersion } from "./versions";

/**
 * The agency's inboxes: messages from /contact, quote requests from /outsourcing, and complaints
 * (from /complaints, and scam reports from /verify: decision record 31). One service
 * (server/inquiries) and one back-office list serve them all, keyed by kind.
 */
export const INQUIRY_KINDS = ["contact", "outsourcing", "complaint"] as const;
export type InquiryKind = (typeof INQUIRY_KINDS)[number];

export const INQUIRY_STATUSES = {
  contact: CONTACT_INQUIRY_STATUSES,
  outsourcing: OUTSOURCING_INQUIRY_STATUSES,
  complaint: COMPLAINT_STATUSES,
} as const;
export type InquiryStatus<K extends InquiryKind = InquiryKind> = {
  contact: ContactInquiryStatus;
  outsourcing: OutsourcingInquiryStatus;
  complaint: ComplaintStatus;
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
  open: "waiting",
  in_progress: "progress",
  resolved: "success",
  completed: "success",
  closed: "neutral",
} as const satisfies Record<InquiryStatus, string>;

// Validation messages are translation keys (namespace "inquiries" for contact, "outsourcing"
// for the quote form); the form shows t(key).
const email = emailAddress("errors.emailRequired", "errors.emailInvalid");
const name = requiredText(120, "errors.nameRequired", "errors.nameTooLong");

export const ContactInquirySchema = z.object({
  name,
  email,
  phone: optionalText(40, "errors.phoneTooLong"),
  subject: requiredText(200, "errors.subjectRequired", "errors.subjectTooLong"),
  message: requiredText(5000, "errors.messageRequired", "errors.messageTooLong"),
  // Honeypot: people never see or fill it; bots fill every field.
  website: z.string().optional(),
});
export type ContactInquiry = z.infer<typeof ContactInquirySchema>;

/** A staff status change, per kind (each kind has its own statuses). */
// An inquiry's forms (a complaint's too) post the version they showed: a change or a reply
// made on an older one is refused (decision record 37).
export const InquiryStatusSchemas = {
  contact: z.object({
    id: z.uuid(),
    status: z.enum(CONTACT_INQUIRY_STATUSES),
    version: editVersion,
  }),
  outsourcing: z.object({
    id: z.uuid(),
    status: z.enum(OUTSOURCING_INQUIRY_STATUSES),
    version: editVersion,
  }),
  complaint: z.object({
    id: z.uuid(),
    status: z.enum(COMPLAINT_STATUSES),
    version: editVersion,
  }),
} as const;

export const InquiryReplySchema = z.object({
  id: z.uuid(),
  body: requiredText(5000, "errors.replyRequired", "errors.messageTooLong"),
  version: editVersion,
});

export const OutsourcingInquirySchema = z.object({
  name,
  company: requiredText(160, "errors.companyRequired", "errors.companyTooLong"),
  email,
  services: z
    .array(z.enum(OUTSOURCING_SERVICES), { error: "errors.servicesRequired" })
    .min(1, "errors.servicesRequired"),
  budget: optionalText(120, "errors.budgetTooLong"),
  message: optionalText(5000, "errors.messageTooLong"),
  website: z.string().optional(),
});
export type OutsourcingInquiry = z.infer<typeof OutsourcingInquirySchema>;
