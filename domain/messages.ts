import { z } from "zod";
import type { PhoneChannel } from "./channels";
import { MAX_DOCUMENT_BYTES } from "./documents";
import { MESSAGE_GROUPS } from "./enums";
import { optionalText, requiredText } from "./text-fields";

/**
 * How an applicant's message reached us when it was not written on the dashboard: a reply to one
 * of our e-mails, or a message from their number on WhatsApp or by SMS.
 */
export type MessageVia = "email" | PhoneChannel;

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

/**
 * An applicant's message to the agency from the dashboard: a new one (subject and text) or a
 * reply to a message they received (`replyTo`: its id; the subject is taken from it).
 */
export const ApplicantMessageSchema = z
  .object({
    replyTo: z.uuid().optional(),
    subject: optionalText(200, "errors.subjectTooLong"),
    content: requiredText(10_000, "errors.contentRequired", "errors.contentTooLong"),
    /** One of their own documents, uploaded on My Documents through the document rules. */
    documentId: z.preprocess((v) => (v ? v : undefined), z.uuid().optional()),
    /**
     * Or a new file, sent with the message: the server stores it as one of their documents of
     * `documentType` through the document rules (types, formats, size, content). Only its size is
     * judged here, so the form says "too large" before sending 10 MB for nothing.
     */
    file: z.preprocess((v) => (isChosenFile(v) ? v : undefined), z.unknown().optional()),
    documentType: z.preprocess((v) => (v ? v : undefined), z.string().max(100).optional()),
  })
  .superRefine((v, ctx) => {
    if (!v.replyTo && !v.subject)
      ctx.addIssue({ code: "custom", path: ["subject"], message: "errors.subjectRequired" });
    if (!isChosenFile(v.file)) return;
    if (v.documentId) ctx.addIssue({ code: "custom", path: ["file"], message: "errors.attachOne" });
    if (v.file.size > MAX_DOCUMENT_BYTES)
      ctx.addIssue({ code: "custom", path: ["file"], message: "upload.tooLarge" });
    if (!v.documentType)
      ctx.addIssue({ code: "custom", path: ["documentType"], message: "upload.badDocumentType" });
  });

/** A file input's value when a file was chosen (an empty input sends a nameless, empty part). */
export function isChosenFile(value: unknown): value is Blob & { name: string } {
  return (
    typeof Blob !== "undefined" &&
    value instanceof Blob &&
    (value.size > 0 || ("name" in value && value.name !== ""))
  );
}
export type ApplicantMessage = z.infer<typeof ApplicantMessageSchema>;

/** Staff's answer in an applicant's thread, from their page. */
export const StaffReplySchema = z.object({
  applicantId: z.string().trim().min(1).max(100),
  /** Needed only to start a conversation; an answer takes "Re:" and the last subject. */
  subject: optionalText(200, "errors.subjectTooLong"),
  content: requiredText(10_000, "errors.contentRequired", "errors.contentTooLong"),
});
export type StaffReply = z.infer<typeof StaffReplySchema>;

/**
 * The staff conversations list's filter and page, in the URL of /admin/messages beside the sent
 * list's own `?page=`: `?threads=waiting` shows only the conversations waiting for a reply,
 * `?threadsPage=` pages them. Anything else is every conversation, page 1.
 */
export const THREAD_FILTERS = ["waiting"] as const;
export type ThreadFilter = (typeof THREAD_FILTERS)[number];
export const THREADS_PAGE_PARAM = "threadsPage";

export function parseThreadFilter(value: string | null): ThreadFilter | null {
  return THREAD_FILTERS.find((f) => f === value) ?? null;
}

/** The subject of an answer: "Re: " once, however often the thread went back and forth. */
export function replySubject(subject: string): string {
  const bare = subject.replace(/^(\s*(re|aw|sv|tr|res|réf)\s*:\s*)+/i, "").trim();
  return `Re: ${bare || "…"}`.slice(0, 200);
}

// A reply's quoted history starts at one of these lines (mail clients in English, French and
// Portuguese), or at the first line quoted with ">".
const QUOTE_STARTS = [
  /^On .{4,200} wrote:\s*$/i,
  /^Le .{4,200} a écrit\s*:\s*$/i,
  /^(Em|No dia) .{4,200} escreveu:\s*$/i,
  /^-{2,}\s*(Original Message|Message d'origine|Mensagem original|Forwarded message)\s*-{2,}\s*$/i,
  /^_{10,}\s*$/,
  /^(From|De|Von)\s*:\s.+$/i,
  /^Sent from my /i,
  /^Envoyé de mon /i,
  /^Enviado do meu /i,
  /^>/,
];

/**
 * The new text of an e-mailed reply: everything before the quoted history (the "On … wrote:"
 * line, a quoted block, an original-message separator, a signature line "-- "), trimmed.
 * Some clients wrap "On … wrote:" over two lines; the first is then kept (a line at worst).
 */
export function stripQuotedReply(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const kept: string[] = [];
  for (const line of lines) {
    if (line === "-- " || QUOTE_STARTS.some((re) => re.test(line.trim()))) break;
    kept.push(line);
  }
  return kept
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
