import { z } from "zod";
import { MESSAGE_GROUPS } from "./enums";
import { optionalText, requiredText } from "./text-fields";

// Validation messages are translation keys in the "messages" namespace.
export const ComposeMessageSchema = z
  .object({
    recipientType: z.enum(["group", "individual"]).default("group"),
    recipientGroup: z.enum(MESSAGE_GROUPS).optional(),
    recipientId: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined)),
    subject: requiredText(200, "errors.subjectRequired", "errors.subjectTooLong"),
    content: requiredText(10_000, "errors.contentRequired", "errors.contentTooLong"),
    // Only https links: a javascript: or http: URL in an applicant's inbox is a risk.
    attachmentUrl: optionalText(2000, "errors.attachmentInvalid")
      .refine((v) => v === undefined || /^https:\/\/[^\s]+$/i.test(v), "errors.attachmentInvalid")
      .refine((v) => {
        if (v === undefined) return true;
        try {
          return new URL(v).protocol === "https:";
        } catch {
          return false;
        }
      }, "errors.attachmentInvalid"),
  })
  .superRefine((v, ctx) => {
    if (v.recipientType === "group" && !v.recipientGroup)
      ctx.addIssue({ code: "custom", path: ["recipientGroup"], message: "errors.groupRequired" });
    if (v.recipientType === "individual" && !v.recipientId)
      ctx.addIssue({ code: "custom", path: ["recipientId"], message: "errors.recipientRequired" });
  });
export type ComposeMessage = z.infer<typeof ComposeMessageSchema>;
