import type { ContactInquiry, OutsourcingInquiry } from "~/domain/inquiries";
import type { Language } from "~/domain/languages";
import type { SiteSettings } from "~/domain/settings";
import type { Db } from "~/server/db/client.server";
import { eq } from "drizzle-orm";
import { contactInquiries, outsourcingInquiries, profiles } from "~/server/db/schema";
import { enqueueMail, inTransactionWithMail } from "~/server/mail/outbox.server";
import {
  contactInquiryReceivedEmail,
  outsourcingInquiryReceivedEmail,
  outsourcingQuoteConfirmationEmail,
} from "~/server/inquiries/inquiry-mail.server";
import { notifyApplicantOwners } from "~/server/owners/owners.server";
import { claimSubmission } from "~/server/security/idempotency.server";
import { getSiteSettings } from "~/server/settings/settings.server";

// What visitors send in: a message from /contact, a quote request from /outsourcing. Each is
// stored, the agency inbox is e-mailed, and a repeat of a submission already stored (same
// submission key and content) stores and sends nothing and returns null. `language` is the
// language of the page they wrote from: what we send them (and staff's replies) is written in it.

/** What a visitor sent (the bots' trap field already checked), and from which page's language. */
type Submission<Inquiry> = {
  inquiry: Omit<Inquiry, "website">;
  submissionKey?: string | null;
  language?: Language;
};

export async function submitContactInquiry(o: Submission<ContactInquiry>) {
  const language = o.language ?? "en";
  return receive("contact", o.submissionKey, o.inquiry, async (tx, settings) => {
    const q = o.inquiry;
    const [row] = await tx
      .insert(contactInquiries)
      .values({
        name: q.name,
        email: q.email,
        phone: q.phone ?? null,
        subject: q.subject || null,
        message: q.message,
        language,
      })
      .returning({ id: contactInquiries.id });
    // From an applicant's address: the staff member who looks after them hears of it.
    const [applicant] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.email, q.email.trim().toLowerCase()));
    if (applicant) {
      const subject = q.subject || q.message.slice(0, 80);
      await notifyApplicantOwners(tx, {
        applicantId: applicant.id,
        event: "message",
        detail: () => subject,
      });
    }
    const mail = contactInquiryReceivedEmail({ settings, inquiry: { ...q, language } });
    await enqueueMail(tx, { to: settings.inboxEmail, replyTo: q.email, ...mail });
    return row!.id;
  });
}

/** A quote request; the business also gets a confirmation of what it asked for. */
export async function submitOutsourcingInquiry(o: Submission<OutsourcingInquiry>) {
  const language = o.language ?? "en";
  return receive("outsourcing", o.submissionKey, o.inquiry, async (tx, settings) => {
    const q = { ...o.inquiry, services: [...new Set(o.inquiry.services)] };
    const [row] = await tx
      .insert(outsourcingInquiries)
      .values({
        name: q.name,
        company: q.company,
        email: q.email,
        services: q.services,
        budget: q.budget ?? null,
        message: q.message ?? null,
        language,
      })
      .returning({ id: outsourcingInquiries.id });
    const toAgency = outsourcingInquiryReceivedEmail({ settings, inquiry: { ...q, language } });
    await enqueueMail(tx, { to: settings.inboxEmail, replyTo: q.email, ...toAgency });
    const toBusiness = outsourcingQuoteConfirmationEmail({ settings, inquiry: q, lng: language });
    await enqueueMail(tx, { to: q.email, replyTo: settings.contactEmail, ...toBusiness });
    return row!.id;
  });
}

async function receive(
  scope: "contact" | "outsourcing",
  submissionKey: string | null | undefined,
  content: object,
  store: (tx: Db, settings: SiteSettings) => Promise<string>,
) {
  return inTransactionWithMail(async (tx) => {
    if (!(await claimSubmission(tx, scope, submissionKey, content))) return null;
    return store(tx, await getSiteSettings(tx));
  });
}
