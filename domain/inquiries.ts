import { z } from "zod";
import {
  CONTACT_INQUIRY_STATUSES,
  OUTSOURCING_INQUIRY_STATUSES,
  OUTSOURCING_SERVICES,
} from "./enums";

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

export const InquiryStatusSchema = z.object({
  id: z.string().uuid(),
  status: z.enum(CONTACT_INQUIRY_STATUSES),
});

export const InquiryReplySchema = z.object({
  id: z.string().uuid(),
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

export const OutsourcingStatusSchema = z.object({
  id: z.string().uuid(),
  status: z.enum(OUTSOURCING_INQUIRY_STATUSES),
});
