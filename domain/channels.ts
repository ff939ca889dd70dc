import type { NotificationKind } from "./enums";

/** The channels beside e-mail and the in-app list that reach a person's phone. */
export const PHONE_CHANNELS = ["whatsapp", "sms"] as const;
export type PhoneChannel = (typeof PHONE_CHANNELS)[number];

/**
 * The notices that also go to a phone (to whoever opted in): what an applicant must not miss.
 * Alerts, mentions and staff's own notices stay in the app and e-mail.
 */
export const PHONE_NOTICE_KINDS = [
  "application_status",
  "interview_scheduled",
  "document_reviewed",
  "document_expiring",
  "payment_received",
  "payment_refunded",
  "departure",
  "message",
  "task_assigned",
  "task_overdue",
] as const satisfies readonly NotificationKind[];

export function isPhoneNotice(kind: NotificationKind): boolean {
  return (PHONE_NOTICE_KINDS as readonly string[]).includes(kind);
}

/** A number as stored once read (E.164: "+263771234567"); anything else is not written to. */
export function isE164(value: string | null | undefined): value is string {
  return typeof value === "string" && /^\+[1-9]\d{6,14}$/.test(value);
}

/**
 * A reply that stops a channel: STOP, in any case, with or without a full stop, and its French and
 * Portuguese words (ARRÊT, ARRETER, PARAR), as the providers' own opt-out keywords.
 */
export function isStopReply(text: string): boolean {
  return /^\s*(stop|unsubscribe|arr[eê]t|arr[eê]ter|parar|pare)\s*[.!]?\s*$/i.test(text);
}
