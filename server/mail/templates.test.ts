import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_SETTINGS } from "~/domain/settings";
import { LANGUAGES } from "~/domain/languages";
import { applicationStatusChangedEmail } from "~/server/applications/application-mail.server";
import {
  contactInquiryReceivedEmail,
  contactInquiryReplyEmail,
  outsourcingInquiryReceivedEmail,
  outsourcingInquiryReplyEmail,
  outsourcingQuoteConfirmationEmail,
} from "~/server/inquiries/inquiry-mail.server";
import { documentReviewedEmail } from "~/server/documents/document-mail.server";
import {
  emailVerificationEmail,
  passwordResetEmail,
  signUpAttemptEmail,
} from "~/server/auth/account-mail.server";
import { interviewScheduledEmail } from "~/server/interviews/interview-mail.server";
import { jobAlertEmail } from "~/server/jobs/job-alert-mail.server";
import { alertSearchSummary } from "~/server/jobs/alert-summary.server";
import { newMessageEmail } from "~/server/messages/message-mail.server";
import { paymentReceiptEmail } from "~/server/payments/payment-mail.server";
import { type RenderedMail } from "./render.server";

const settings = { ...DEFAULT_SITE_SETTINGS, agencyName: "Passage Test Agency" };
const baseUrl = "https://passage.example";
/** What every mail to an applicant is rendered with: the settings, the site's address, their name. */
const toRudo = { settings, baseUrl, name: "Rudo" };

describe("mail templates", () => {
  it("escapes what a visitor typed in the HTML body and keeps it whole in the text body", () => {
    const mail = contactInquiryReceivedEmail({
      settings,
      baseUrl,
      inquiry: {
        name: "<script>alert(1)</script>",
        email: "x@example.com",
        subject: "Hi\r\nBcc: victim@example.com",
        message: 'Tom & "Jerry" <b>bold</b>',
      },
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).toContain("Tom &amp; &quot;Jerry&quot; &lt;b&gt;bold&lt;/b&gt;");
    expect(mail.text).toContain('Tom & "Jerry" <b>bold</b>');
    // A line break in a subject would be a header injection.
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain("https://passage.example/admin/inquiries");
  });

  it("carries the agency's name and contact details from settings in both bodies", () => {
    const mail = paymentReceiptEmail({
      ...toRudo,
      amountMinor: 9900,
      currency: "USD",
      reference: "PAY_123",
      paidAt: new Date("2026-01-05T10:00:00Z"),
    });
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("Passage Test Agency");
      expect(body).toContain(settings.contactEmail);
      expect(body).toContain(settings.offices[0]!.city);
    }
    expect(mail.subject).toBe("Payment received: $99.00 (PAY_123)");
  });

  it("shows the interview date in Central Africa Time", () => {
    const mail = interviewScheduledEmail({
      ...toRudo,
      jobTitle: "Welder",
      interviewDate: new Date("2026-03-02T08:30:00Z"),
    });
    expect(mail.text).toContain("Monday, 2 March 2026 at 10:30 CAT");
  });
});

describe("mail templates in each language", () => {
  const quote = { name: "Ana", company: "Acme", services: ["call_centre"], message: "Hi" };
  const render = (lng: (typeof LANGUAGES)[number]): RenderedMail[] => {
    const o = { settings, baseUrl, lng, name: "Ana" };
    return [
      applicationStatusChangedEmail({ ...o, jobTitle: "Chef", status: "visa_approved" }),
      interviewScheduledEmail({ ...o, jobTitle: "Chef", interviewDate: new Date(), location: "X" }),
      documentReviewedEmail({ ...o, document: "CV", verified: false, reason: "Blurred" }),
      documentReviewedEmail({
        ...o,
        document: { en: "Passport", fr: "Passeport", pt: "Passaporte" },
        verified: true,
      }),
      paymentReceiptEmail({
        ...o,
        amountMinor: 100,
        currency: "USD",
        reference: "R",
        paidAt: new Date(),
        method: "mobile_money",
      }),
      passwordResetEmail({ ...o, url: "https://x.example/r" }),
      emailVerificationEmail({ ...o, url: "https://x.example/v" }),
      signUpAttemptEmail(o),
      newMessageEmail({ ...o, subject: "S" }),
      contactInquiryReplyEmail({ ...o, reply: "R", originalMessage: "M" }),
      contactInquiryReceivedEmail({
        ...o,
        inquiry: { name: "A", email: "a@x.example", message: "M" },
      }),
      outsourcingInquiryReceivedEmail({ ...o, inquiry: { ...quote, email: "a@x.example" } }),
      outsourcingQuoteConfirmationEmail({ ...o, inquiry: quote }),
      outsourcingInquiryReplyEmail({ ...o, reply: "R", inquiry: quote }),
      ...[1, 3].map((count) =>
        jobAlertEmail({
          ...o,
          alertName: "Chefs",
          search: alertSearchSummary({ sector: "hospitality", country: "CA" }, lng),
          unsubscribeUrl: "https://x.example/u",
          jobs: Array.from({ length: count }, (_, i) => ({
            id: `j${i}`,
            title: `Chef ${i}`,
            countryName: "Canada",
            teaser: i === 0,
          })),
        }),
      ),
    ];
  };
  const english = render("en");

  it.each(LANGUAGES)("%s: every mail is written out, none shows a key or a placeholder", (lng) => {
    // A missing string shows as its key ("payment.subject") or its raw placeholder.
    const rawKey =
      /\b(layout|statusChanged|interview|document\w*|payment\w*|passwordReset|verifyEmail|signUpAttempt|newMessage|contact\w*|quote\w*|outsourcing\w*|jobAlert|labels|common)[.:]\w/;
    render(lng).forEach((mail, i) => {
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toMatch(rawKey);
        expect(part).not.toContain("{{");
      }
      expect(mail.html).toContain(`<html lang="${lng}">`);
      if (lng !== "en") expect(mail.subject).not.toBe(english[i]!.subject);
    });
  });

  it("lists an alert's jobs at the reader's language's address, premium ones as teasers", () => {
    const mail = jobAlertEmail({
      settings,
      baseUrl,
      lng: "fr",
      name: "Ana",
      alertName: "Cuisine",
      search: alertSearchSummary({ sector: "hospitality", country: "CA", q: "chef" }, "fr"),
      unsubscribeUrl: "https://passage.example/alerts/unsubscribe?token=t",
      jobs: [
        { id: "a1", title: "Chef", countryName: "Canada", teaser: false },
        { id: "b2", title: "Sous-chef", countryName: null, teaser: true },
      ],
    });
    expect(mail.subject).toBe("2 nouvelles offres pour votre alerte « Cuisine »");
    expect(mail.text).toContain("Chef (Canada): https://passage.example/fr/jobs/a1");
    expect(mail.text).toContain(
      "Sous-chef · Premium : ses détails s’ouvrent une fois votre inscription complète",
    );
    expect(mail.text).toContain("https://passage.example/alerts/unsubscribe?token=t");
    // What the alert looks for, in words and in French: no codes.
    expect(mail.text).toContain(
      "Elle recherche : Offres : Hôtellerie-restauration – Canada contenant « chef ».",
    );
  });

  it("greets a visitor's alert without their e-mail address", () => {
    const mail = jobAlertEmail({
      settings,
      baseUrl,
      lng: "en",
      name: null,
      alertName: "Nurses",
      search: alertSearchSummary({ sector: "healthcare", country: "CA" }, "en"),
      unsubscribeUrl: "https://passage.example/alerts/unsubscribe?token=t",
      jobs: [{ id: "a1", title: "Nurse", countryName: "Canada", teaser: false }],
    });
    expect(mail.text).toContain("It looks for: Healthcare jobs in Canada.");
    // No "Hello visitor@example.com,": the mail starts with what it is about.
    expect(mail.text.startsWith("A new job matches your alert “Nurses”")).toBe(true);
  });

  it("links a French reader to the French sign-in page", () => {
    const mail = signUpAttemptEmail({ settings, baseUrl, name: "Ana", lng: "fr" });
    expect(mail.text).toContain("https://passage.example/fr/auth");
  });
});
