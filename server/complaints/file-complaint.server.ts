import crypto from "node:crypto";
import type { ComplaintCategory } from "~/domain/agency-trust";
import type { Language } from "~/domain/languages";
import { complaints } from "~/server/db/schema";
import { enqueueMail, inTransactionWithMail } from "~/server/mail/outbox.server";
import { claimSubmission } from "~/server/security/idempotency.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import { complaintReceivedEmail, complaintToInboxEmail } from "./complaint-mail.server";

// A complaint filed on /complaints, or a scam report from /verify (category "impersonation"):
// stored with a reference the person follows it by, a deadline from the settings, and the agency
// inbox told. Decision record 31.

/** Crockford's alphabet: no 0/O, 1/I/L or U to misread when a reference is read out. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";

/** CMP-2026-7KQ4M9XD: 30^8 (6.5 × 10^11) per year, so a reference cannot be guessed. */
export function newComplaintReference(now = new Date()) {
  const bytes = crypto.randomBytes(8);
  let tail = "";
  for (const b of bytes) tail += ALPHABET[b % ALPHABET.length];
  return `CMP-${now.getUTCFullYear()}-${tail}`;
}

export type NewComplaint = {
  category: ComplaintCategory;
  message: string;
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  reportedContact?: string | null;
};

/**
 * Stores a complaint; the person (when they gave an address) gets its reference and deadline by
 * e-mail. A repeat of the same submission stores nothing and returns null.
 */
export async function fileComplaint(o: {
  complaint: NewComplaint;
  /** The signed-in person filing it, if any (never required). */
  userId?: string | null;
  language?: Language;
  submissionKey?: string | null;
  now?: Date;
}): Promise<{ reference: string; dueAt: Date } | null> {
  const language = o.language ?? "en";
  const c = o.complaint;
  return inTransactionWithMail(async (tx) => {
    if (!(await claimSubmission(tx, "complaint", o.submissionKey, c))) return null;
    const settings = await getSiteSettings(tx);
    const now = o.now ?? new Date();
    const dueAt = new Date(now.getTime() + settings.trust.complaintResponseDays * 86_400_000);
    const reference = newComplaintReference(now);
    await tx.insert(complaints).values({
      reference,
      category: c.category,
      message: c.message,
      name: c.name || null,
      email: c.email || null,
      phone: c.phone || null,
      reportedContact: c.reportedContact || null,
      userId: o.userId ?? null,
      language,
      dueAt,
      createdAt: now,
    });
    const toInbox = complaintToInboxEmail({ settings, reference, dueAt, ...c });
    await enqueueMail(tx, { to: settings.inboxEmail, replyTo: c.email || undefined, ...toInbox });
    if (c.email) {
      const mail = complaintReceivedEmail({
        settings,
        lng: language,
        name: c.name,
        reference,
        dueAt,
        category: c.category,
      });
      await enqueueMail(tx, { to: c.email, replyTo: settings.contactEmail, ...mail });
    }
    return { reference, dueAt };
  });
}
