import { inLanguage, type Localized } from "~/domain/document-types";
import type { ApplicationStatus } from "~/domain/enums";
import { registrationLine, registrationsToShow } from "~/domain/agency-trust";
import { type Language, LANGUAGE_NAMES, localizePath } from "~/domain/languages";
import type { SiteSettings } from "~/domain/settings";
import { formatMoney, whatsappLink } from "~/domain/settings";
import { formatDate } from "~/domain/format";
import { DEFAULT_INTERVIEW_MINUTES } from "~/domain/interview-slots";
import { EMAIL_CONFIRMATION_DAYS } from "~/domain/confirmation-link";
import { config } from "~/server/config.server";
import type { MailAttachment } from "~/server/db/schema";
import { escapeMarkup } from "~/server/escape.server";
import { calendarAttachment, interviewUid } from "~/server/interviews/calendar.server";
import { dateLocale, moneyLocale, serverT, type Translate } from "~/server/i18n/translate.server";

// Every e-mail the product sends, as plain text and HTML built from the same lines. The agency's
// name and contact details come from site settings so a change in /admin/settings shows in the
// next mail; links are absolute (BASE_URL), times in the agency's time zone. An applicant's e-mail
// is queued with enqueueApplicantMail (server/mail/outbox.server.ts), which renders the template
// with their name and the settings; other mail goes to enqueueMail together with `to`.
//
// Each mail is written in its recipient's language (`lng`: an applicant's preferred_language, an
// inquiry's page language; mail to the agency's own inbox in English), with the strings of
// app/locales/<lng>/mail.json, dates and money in that language and the agency's time zone.

export type RenderedMail = {
  subject: string;
  text: string;
  html: string;
  /** Files sent with it: an interview's calendar invite (.ics). */
  attachments?: MailAttachment[];
};

type Base = {
  settings: SiteSettings;
  /** Absolute origin for links, e.g. "https://passage.example"; defaults to the configured BASE_URL. */
  baseUrl?: string;
  /** The recipient's language; English when not given. */
  lng?: Language;
};

type Block =
  | { kind: "p"; text: string }
  | { kind: "quote"; text: string }
  | { kind: "facts"; rows: [string, string][] }
  | { kind: "button"; label: string; href: string };

// ── Applicant moments (used by applications, documents, payments) ────────────────────────────

/** An application status as the applicant's tracker names it, in their language. */
export function statusLabel(t: Translate, status: ApplicationStatus) {
  return t(`common:labels.applicationStatus.${status}.label`);
}

/**
 * A document type's name in the reader's language: its names as admins wrote them (document
 * types are data, decision record 40), or its key for a type that is gone.
 */
export type DocumentName = Localized | string;

export function documentLabel(name: DocumentName, lng: string | null | undefined) {
  return typeof name === "string" ? name : inLanguage(name, lng ?? "en");
}

export function applicationStatusChangedEmail(
  o: Base & {
    name: string;
    jobTitle: string;
    status: ApplicationStatus;
    comment?: string | null;
  },
): RenderedMail {
  const t = serverT(o.lng);
  const values = { jobTitle: o.jobTitle, status: statusLabel(t, o.status) };
  return renderMail(o, {
    subject: t("statusChanged.subject", values),
    greeting: o.name,
    blocks: [
      { kind: "p", text: t("statusChanged.body", values) },
      {
        kind: "p",
        text: t(`common:labels.applicationStatus.${o.status}.description`),
      },
      ...(o.comment ? [{ kind: "quote" as const, text: o.comment }] : []),
      {
        kind: "button",
        label: t("statusChanged.button"),
        href: link(o, "/dashboard/applications"),
      },
    ],
  });
}

type InterviewMail = Base & {
  name: string;
  jobTitle: string;
  interviewDate: Date;
  /** Where: an address or a video-call link. */
  location?: string | null;
  /** The application, for the calendar invite's UID (one event per application). */
  applicationId?: string;
  durationMinutes?: number;
  /** The applicant's address: the invite names them as its attendee. */
  email?: string;
};

/** The interview as a calendar invite (.ics) in the agency's time zone, in the reader's language. */
function interviewInvite(o: InterviewMail, cancelled = false) {
  if (!o.applicationId) return [];
  const t = serverT(o.lng);
  const host = new URL(o.baseUrl ?? config().baseUrl).hostname;
  return [
    calendarAttachment({
      uid: interviewUid(o.applicationId, host),
      start: o.interviewDate,
      durationMinutes: o.durationMinutes ?? DEFAULT_INTERVIEW_MINUTES,
      summary: t("interviewSlots.calendarSummary", {
        jobTitle: o.jobTitle,
        agencyName: o.settings.agencyName,
      }),
      description: t("interviewSlots.calendarDescription", {
        link: link(o, "/dashboard/interviews"),
      }),
      location: o.location,
      organizer: { name: o.settings.agencyName, email: o.settings.contactEmail },
      attendee: o.email ? { name: o.name, email: o.email } : null,
      cancelled,
    }),
  ];
}

function interviewFacts(o: InterviewMail) {
  const t = serverT(o.lng);
  const rows: [string, string][] = [
    [t("interview.when"), formatAgencyDateTime(o.interviewDate, o.lng)],
  ];
  if (o.durationMinutes) {
    rows.push([
      t("interviewSlots.length"),
      t("interviewSlots.minutes", { count: o.durationMinutes }),
    ]);
  }
  if (o.location?.trim()) rows.push([t("interview.where"), o.location.trim()]);
  return rows;
}

export function interviewScheduledEmail(
  o: InterviewMail & { details?: string | null },
): RenderedMail {
  const t = serverT(o.lng);
  return {
    ...renderMail(o, {
      subject: t("interview.subject", { jobTitle: o.jobTitle }),
      greeting: o.name,
      blocks: [
        { kind: "p", text: t("interview.body", { jobTitle: o.jobTitle }) },
        { kind: "facts", rows: interviewFacts(o) },
        ...(o.details ? [{ kind: "quote" as const, text: o.details }] : []),
        { kind: "p", text: t("interview.cannotAttend") },
        { kind: "button", label: t("interview.button"), href: link(o, "/dashboard/applications") },
      ],
    }),
    attachments: interviewInvite(o),
  };
}

/** Staff set (or changed, or cleared) the day the applicant travels. */
export function departureSetEmail(
  o: Base & {
    name: string;
    jobTitle: string;
    departureDate: string | null;
    details: string | null;
  },
): RenderedMail {
  const t = serverT(o.lng);
  const values = { jobTitle: o.jobTitle };
  if (!o.departureDate) {
    return renderMail(o, {
      subject: t("departure.clearedSubject", values),
      greeting: o.name,
      blocks: [
        { kind: "p", text: t("departure.clearedBody", values) },
        { kind: "button", label: t("departure.button"), href: link(o, "/dashboard/applications") },
      ],
    });
  }
  return renderMail(o, {
    subject: t("departure.subject", values),
    greeting: o.name,
    blocks: [
      { kind: "p", text: t("departure.body", values) },
      {
        kind: "facts",
        rows: [[t("departure.when"), formatDate(o.departureDate, dateLocale(o.lng), "date")]],
      },
      ...(o.details ? [{ kind: "quote" as const, text: o.details }] : []),
      { kind: "button", label: t("departure.button"), href: link(o, "/dashboard/applications") },
    ],
  });
}

/** The applicant booked (or moved to) a slot: the confirmation, with the invite. */
export function interviewBookedEmail(
  o: InterviewMail & { rescheduled: boolean; changeUntil: Date },
): RenderedMail {
  const t = serverT(o.lng);
  const values = { jobTitle: o.jobTitle };
  return {
    ...renderMail(o, {
      subject: t(
        o.rescheduled ? "interviewSlots.movedSubject" : "interviewSlots.bookedSubject",
        values,
      ),
      greeting: o.name,
      blocks: [
        {
          kind: "p",
          text: t(o.rescheduled ? "interviewSlots.movedBody" : "interviewSlots.bookedBody", values),
        },
        { kind: "facts", rows: interviewFacts(o) },
        {
          kind: "p",
          text: t("interviewSlots.changeUntil", {
            until: formatAgencyDateTime(o.changeUntil, o.lng),
          }),
        },
        { kind: "p", text: t("interviewSlots.calendarHint") },
        {
          kind: "button",
          label: t("interviewSlots.button"),
          href: link(o, "/dashboard/interviews"),
        },
      ],
    }),
    attachments: interviewInvite(o),
  };
}

/** The applicant cancelled their booking: the confirmation, with the invite's cancellation. */
export function interviewCancelledEmail(o: InterviewMail): RenderedMail {
  const t = serverT(o.lng);
  const values = { jobTitle: o.jobTitle };
  return {
    ...renderMail(o, {
      subject: t("interviewSlots.cancelledSubject", values),
      greeting: o.name,
      blocks: [
        {
          kind: "p",
          text: t("interviewSlots.cancelledBody", {
            ...values,
            when: formatAgencyDateTime(o.interviewDate, o.lng),
          }),
        },
        {
          kind: "button",
          label: t("interviewSlots.button"),
          href: link(o, "/dashboard/interviews"),
        },
      ],
    }),
    attachments: interviewInvite(o, true),
  };
}

/** The day before an interview. */
export function interviewReminderEmail(o: InterviewMail): RenderedMail {
  const t = serverT(o.lng);
  return renderMail(o, {
    subject: t("interviewSlots.reminderSubject", { jobTitle: o.jobTitle }),
    greeting: o.name,
    blocks: [
      { kind: "p", text: t("interviewSlots.reminderBody", { jobTitle: o.jobTitle }) },
      { kind: "facts", rows: interviewFacts(o) },
      { kind: "p", text: t("interview.cannotAttend") },
      { kind: "button", label: t("interviewSlots.button"), href: link(o, "/dashboard/interviews") },
    ],
  });
}

/** The application reached the interview stage and there are times to choose from. */
export function interviewInvitationEmail(
  o: Base & { name: string; jobTitle: string },
): RenderedMail {
  const t = serverT(o.lng);
  return renderMail(o, {
    subject: t("interviewSlots.inviteSubject", { jobTitle: o.jobTitle }),
    greeting: o.name,
    blocks: [
      { kind: "p", text: t("interviewSlots.inviteBody", { jobTitle: o.jobTitle }) },
      {
        kind: "button",
        label: t("interviewSlots.inviteButton"),
        href: link(o, "/dashboard/interviews"),
      },
    ],
  });
}

export function documentReviewedEmail(
  o: Base & {
    name: string;
    document: DocumentName;
    verified: boolean;
    reason?: string | null;
  },
): RenderedMail {
  const t = serverT(o.lng);
  const document = documentLabel(o.document, o.lng);
  const blocks: Block[] = o.verified
    ? [{ kind: "p", text: t("documentVerified.body", { document }) }]
    : [
        { kind: "p", text: t("documentRejected.body", { document }) },
        ...(o.reason
          ? [
              {
                kind: "facts" as const,
                rows: [[t("documentRejected.reason"), o.reason]] as [string, string][],
              },
            ]
          : []),
      ];
  return renderMail(o, {
    subject: o.verified
      ? t("documentVerified.subject", { document })
      : t("documentRejected.subject", { document }),
    greeting: o.name,
    blocks: [
      ...blocks,
      { kind: "button", label: t("documentButton"), href: link(o, "/dashboard/documents") },
    ],
  });
}

/** One mail for the documents verified within a few minutes (the review gathers them). */
export function documentsVerifiedEmail(
  o: Base & { name: string; documents: DocumentName[] },
): RenderedMail {
  if (o.documents.length === 1) {
    return documentReviewedEmail({ ...o, document: o.documents[0]!, verified: true });
  }
  const t = serverT(o.lng);
  const documents = new Intl.ListFormat(o.lng ?? "en", { type: "conjunction" }).format(
    o.documents.map((name) => documentLabel(name, o.lng)),
  );
  return renderMail(o, {
    subject: t("documentsVerified.subject", { count: o.documents.length }),
    greeting: o.name,
    blocks: [
      { kind: "p", text: t("documentsVerified.body", { documents }) },
      { kind: "button", label: t("documentButton"), href: link(o, "/dashboard/documents") },
    ],
  });
}

/** A provider's method code ("mobile_money") as words in the reader's language. */
export function paymentMethodLabel(t: Translate, method: string) {
  const words = method.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
  return t(`paymentMethods.${method}`, { defaultValue: words });
}

export function paymentReceiptEmail(
  o: Base & {
    name: string;
    amountMinor: number;
    currency: string;
    reference: string;
    /** Set for every payment recorded since receipts were numbered. */
    receiptNumber?: string | null;
    /** The printable receipt (a path of this site). */
    receiptUrl?: string | null;
    paidAt: Date;
    method?: string | null;
    /** A student applicant: the fee opens study programs. */
    student?: boolean;
  },
): RenderedMail {
  const t = serverT(o.lng);
  const amount = formatMoney(o.amountMinor, o.currency, moneyLocale(o.lng));
  const rows: [string, string][] = [];
  if (o.receiptNumber) rows.push([t("payment.receiptNumber"), o.receiptNumber]);
  rows.push(
    [t("payment.amount"), amount],
    [t("payment.reference"), o.reference],
    [t("payment.date"), formatAgencyDateTime(o.paidAt, o.lng)],
  );
  if (o.method) rows.push([t("payment.method"), paymentMethodLabel(t, o.method)]);
  return renderMail(o, {
    subject: t("payment.subject", { amount, reference: o.reference }),
    greeting: o.name,
    blocks: [
      { kind: "p", text: t(o.student ? "payment.bodyStudy" : "payment.body") },
      { kind: "facts", rows },
      // Staff write the refund policy in the settings, in the agency's language.
      { kind: "p", text: o.settings.registrationFee.refundPolicy },
      { kind: "p", text: t("payment.keep") },
      o.receiptUrl
        ? { kind: "button", label: t("payment.receiptButton"), href: link(o, o.receiptUrl) }
        : { kind: "button", label: t("payment.button"), href: link(o, "/dashboard") },
    ],
  });
}

/** A refund staff recorded (a refund rule's outcome, issue 39): how much, and how it comes back. */
export function paymentRefundedEmail(
  o: Base & {
    name: string;
    amountMinor: number;
    currency: string;
    reference: string;
    receiptNumber: string | null;
    reason: string;
    throughProvider: boolean;
  },
): RenderedMail {
  const t = serverT(o.lng);
  const amount = formatMoney(o.amountMinor, o.currency, moneyLocale(o.lng));
  const rows: [string, string][] = [[t("refund.amount"), amount]];
  if (o.receiptNumber) rows.push([t("payment.receiptNumber"), o.receiptNumber]);
  rows.push([t("payment.reference"), o.reference], [t("refund.reason"), o.reason]);
  return renderMail(o, {
    subject: t("refund.subject", { amount, reference: o.reference }),
    greeting: o.name,
    blocks: [
      { kind: "p", text: t("refund.body", { amount }) },
      { kind: "facts", rows },
      { kind: "p", text: t(o.throughProvider ? "refund.throughProvider" : "refund.byHand") },
      { kind: "button", label: t("refund.button"), href: link(o, "/dashboard/payment") },
    ],
  });
}

// ── Accounts (for the auth flows) ────────────────────────────────────────────────────────────

export function passwordResetEmail(o: Base & { name: string; url: string }): RenderedMail {
  const t = serverT(o.lng);
  return renderMail(o, {
    subject: t("passwordReset.subject", { agencyName: o.settings.agencyName }),
    greeting: o.name,
    blocks: [
      { kind: "p", text: t("passwordReset.body") },
      { kind: "button", label: t("passwordReset.button"), href: o.url },
      { kind: "p", text: t("passwordReset.notYou") },
    ],
  });
}

/**
 * An applicant whose account has been inactive for almost the retention period (site settings):
 * it will be erased on `eraseOn` unless they sign in (issue 17, decision record 23).
 */
export function retentionWarningEmail(
  o: Base & { name: string; eraseOn: Date; months: number },
): RenderedMail {
  const t = serverT(o.lng);
  const date = formatDate(o.eraseOn, dateLocale(o.lng), "date");
  const base = o.baseUrl ?? config().baseUrl;
  return renderMail(o, {
    subject: t("retentionWarning.subject", { agencyName: o.settings.agencyName, date }),
    greeting: o.name,
    blocks: [
      {
        kind: "p",
        text: t("retentionWarning.body", {
          agencyName: o.settings.agencyName,
          months: o.months,
          date,
        }),
      },
      { kind: "p", text: t("retentionWarning.keep") },
      {
        kind: "button",
        label: t("retentionWarning.button"),
        href: `${base}${localizePath("/auth", o.lng ?? "en")}`,
      },
      { kind: "p", text: t("retentionWarning.download") },
    ],
  });
}

export function emailVerificationEmail(o: Base & { name: string; url: string }): RenderedMail {
  const t = serverT(o.lng);
  return renderMail(o, {
    subject: t("verifyEmail.subject", { agencyName: o.settings.agencyName }),
    greeting: o.name,
    blocks: [
      { kind: "p", text: t("verifyEmail.body") },
      { kind: "button", label: t("verifyEmail.button"), href: o.url },
      { kind: "p", text: t("verifyEmail.expires", { count: EMAIL_CONFIRMATION_DAYS }) },
    ],
  });
}

/**
 * To the owner of an address someone tried to sign up with. Sign-up answers the same for a new
 * and a taken address (nobody can probe for accounts), so this is how the owner hears of it.
 */
export function signUpAttemptEmail(o: Base & { name: string }): RenderedMail {
  const t = serverT(o.lng);
  return renderMail(o, {
    subject: t("signUpAttempt.subject"),
    greeting: o.name,
    blocks: [
      { kind: "p", text: t("signUpAttempt.body", { agencyName: o.settings.agencyName }) },
      { kind: "p", text: t("signUpAttempt.ifYou") },
      { kind: "button", label: t("signUpAttempt.signIn"), href: link(o, "/auth", true) },
      {
        kind: "button",
        label: t("signUpAttempt.newPassword"),
        href: link(o, "/auth/forgot-password", true),
      },
      { kind: "p", text: t("signUpAttempt.notYou") },
    ],
  });
}

// ── Inquiries and messages ───────────────────────────────────────────────────────────────────

/** To the agency's inbox (in English); it says which language to answer in. */
export function contactInquiryReceivedEmail(
  o: Base & {
    inquiry: {
      name: string;
      email: string;
      phone?: string | null;
      subject?: string | null;
      message: string;
      language?: Language;
    };
  },
): RenderedMail {
  const q = o.inquiry;
  const t = serverT(o.lng);
  const subject = q.subject || t("contactReceived.noSubject");
  return renderMail(o, {
    subject: t("contactReceived.subject", { subject, name: q.name }),
    greeting: null,
    blocks: [
      { kind: "p", text: t("contactReceived.body") },
      {
        kind: "facts",
        rows: [
          [t("contactReceived.name"), q.name],
          [t("contactReceived.email"), q.email],
          [t("contactReceived.phone"), q.phone || "—"],
          [t("contactReceived.subjectLabel"), subject],
          [t("contactReceived.language"), LANGUAGE_NAMES[q.language ?? "en"]],
        ],
      },
      { kind: "quote", text: q.message },
      {
        kind: "button",
        label: t("contactReceived.button"),
        href: link(o, "/admin/inquiries"),
      },
    ],
    staff: true,
  });
}

export function contactInquiryReplyEmail(
  o: Base & { name: string; subject?: string | null; reply: string; originalMessage: string },
): RenderedMail {
  const t = serverT(o.lng);
  const subject =
    o.subject || t("contactReply.defaultSubject", { agencyName: o.settings.agencyName });
  return renderMail(o, {
    subject: t("contactReply.subject", { subject }),
    greeting: o.name,
    blocks: [
      { kind: "p", text: o.reply },
      { kind: "p", text: t("contactReply.original") },
      { kind: "quote", text: o.originalMessage },
    ],
  });
}

/** To the agency's inbox (in English); it says which language to answer in. */
export function outsourcingInquiryReceivedEmail(
  o: Base & {
    inquiry: {
      name: string;
      company: string;
      email: string;
      services: string[];
      budget?: string | null;
      message?: string | null;
      language?: Language;
    };
  },
): RenderedMail {
  const q = o.inquiry;
  const t = serverT(o.lng);
  return renderMail(o, {
    subject: t("outsourcingReceived.subject", { company: q.company }),
    greeting: null,
    blocks: [
      { kind: "p", text: t("outsourcingReceived.body") },
      {
        kind: "facts",
        rows: [
          [t("contactReceived.name"), q.name],
          [t("quote.company"), q.company],
          [t("contactReceived.email"), q.email],
          [t("quote.services"), q.services.join(", ")],
          [t("quote.budget"), q.budget || "—"],
          [t("contactReceived.language"), LANGUAGE_NAMES[q.language ?? "en"]],
        ],
      },
      ...(q.message ? [{ kind: "quote" as const, text: q.message }] : []),
      {
        kind: "button",
        label: t("outsourcingReceived.button"),
        href: link(o, "/admin/outsourcing"),
      },
    ],
    staff: true,
  });
}

export function newMessageEmail(o: Base & { name: string; subject: string }): RenderedMail {
  const t = serverT(o.lng);
  return renderMail(o, {
    subject: t("newMessage.subject", { subject: o.subject }),
    greeting: o.name,
    blocks: [
      {
        kind: "p",
        text: t("newMessage.body", { agencyName: o.settings.agencyName, subject: o.subject }),
      },
      { kind: "button", label: t("newMessage.button"), href: link(o, "/dashboard/messages") },
    ],
  });
}

// ── Staff ────────────────────────────────────────────────────────────────────────────────────

/**
 * A colleague mentioned the recipient in a staff note. The note itself stays in the back-office
 * (it may hold what the applicant must never read, and e-mail leaves the system): the mail says
 * who, on which application, and links to it.
 */
export function staffMentionEmail(
  o: Base & { name: string; author: string; applicant: string; jobTitle: string; path: string },
): RenderedMail {
  const t = serverT(o.lng);
  const values = { author: o.author, applicant: o.applicant, jobTitle: o.jobTitle };
  return renderMail(o, {
    subject: t("mention.subject", values),
    greeting: o.name,
    blocks: [
      { kind: "p", text: t("mention.body", values) },
      { kind: "button", label: t("mention.button"), href: link(o, o.path) },
    ],
    staff: true,
  });
}

/**
 * To the staff member who owns an applicant: that applicant sent a new document or a message
 * (issue 19). `detail` is the document's type or the message's subject, in the owner's language.
 */
export function applicantActivityEmail(
  o: Base & {
    name: string;
    event: "document" | "message";
    applicantName: string;
    detail: string;
    path: string;
  },
): RenderedMail {
  const t = serverT(o.lng);
  const values = { name: o.applicantName, detail: o.detail };
  return renderMail(o, {
    subject: t(`applicantActivity.${o.event}.title`, values),
    greeting: o.name,
    blocks: [
      { kind: "p", text: t(`applicantActivity.${o.event}.body`, values) },
      { kind: "button", label: t("applicantActivity.button"), href: link(o, o.path) },
    ],
    staff: true,
  });
}

// ── Job alerts ─────────────────────────────────────────────────────────────────────────────────

export type AlertJob = { id: string; title: string; countryName: string | null; teaser: boolean };

/**
 * New jobs for one alert (one at once, or a day's or week's digest). A premium job for someone who
 * has not unlocked premium jobs is only a teaser: its title and country, and what opens it (worded
 * for every fee policy: registration complete, and the fee paid where the office charges one).
 * The unsubscribe link stops this alert without signing in.
 */
export function jobAlertEmail(
  o: Base & { name: string; alertName: string; jobs: AlertJob[]; unsubscribeUrl: string },
): RenderedMail {
  const t = serverT(o.lng);
  const lines = o.jobs.map((job) => {
    const where = job.countryName ? ` (${job.countryName})` : "";
    const teaser = job.teaser ? ` · ${t("jobAlert.premium")}` : "";
    return `${job.title}${where}${teaser}: ${link(o, `/jobs/${job.id}`, true)}`;
  });
  return renderMail(o, {
    subject: t("jobAlert.subject", { count: o.jobs.length, alertName: o.alertName }),
    greeting: o.name,
    blocks: [
      { kind: "p", text: t("jobAlert.body", { count: o.jobs.length, alertName: o.alertName }) },
      { kind: "p", text: lines.join("\n") },
      { kind: "button", label: t("jobAlert.button"), href: link(o, "/jobs", true) },
      { kind: "p", text: t("jobAlert.unsubscribe", { url: o.unsubscribeUrl }) },
    ],
  });
}

/**
 * A visitor's new alert waits for this: the link confirms it (on a page with one button, so a mail
 * scanner that opens links confirms nothing). Nothing is matched or sent before, and an alert left
 * unconfirmed is deleted after `days`.
 */
export function jobAlertConfirmEmail(
  o: Base & { alertName: string; confirmUrl: string; days: number },
): RenderedMail {
  const t = serverT(o.lng);
  return renderMail(o, {
    subject: t("jobAlertConfirm.subject", { alertName: o.alertName }),
    greeting: null,
    blocks: [
      { kind: "p", text: t("jobAlertConfirm.body", { alertName: o.alertName }) },
      { kind: "button", label: t("jobAlertConfirm.button"), href: o.confirmUrl },
      { kind: "p", text: t("jobAlertConfirm.expires", { count: o.days }) },
      { kind: "p", text: t("jobAlertConfirm.ignore") },
    ],
  });
}

// ── Rendering ────────────────────────────────────────────────────────────────────────────────

/** An absolute link; a public page's in the reader's language (`/fr/auth`). */
function link(o: Base, path: string, publicPage = false) {
  const base = o.baseUrl ?? config().baseUrl;
  return `${base.replace(/\/$/, "")}${publicPage ? localizePath(path, o.lng ?? "en") : path}`;
}

/**
 * "Monday, 2 March 2026 at 10:30 CAT", "lundi 2 mars 2026 à 10:30 UTC+2": a moment as an e-mail or
 * notification states it, in the agency's time zone and the reader's language.
 */
export function formatAgencyDateTime(d: Date, lng?: Language | null) {
  return formatDate(d, dateLocale(lng), "appointment");
}

export function renderMail(
  o: Base,
  mail: { subject: string; greeting: string | null; blocks: Block[]; staff?: boolean },
): RenderedMail {
  const s = o.settings;
  const lng = o.lng ?? "en";
  const t = serverT(lng);
  const hours = `${s.businessHours.days}, ${s.businessHours.open}–${s.businessHours.close} ${s.businessHours.timeZoneLabel}`;
  const greeting = mail.greeting ? t("layout.greeting", { name: mail.greeting }) : null;
  const signature = mail.staff
    ? []
    : [t("layout.closing"), t("layout.team", { agencyName: s.agencyName })];
  const label = {
    email: t("layout.email"),
    phone: t("layout.phone"),
    whatsapp: t("layout.whatsapp"),
    hours: t("layout.officeHours"),
  };
  // Who the agency is, in every e-mail (issue 39): its registrations, the data-protection
  // contact, and where to check that a number or address claiming to be us really is.
  const verifyUrl = link(o, "/verify", true);
  const trustLines = [
    ...registrationsToShow(s.trust).map(registrationLine),
    ...(s.privacy.informationOfficerEmail
      ? [
          t("layout.dataProtection", {
            contact: [s.privacy.informationOfficer, s.privacy.informationOfficerEmail]
              .filter(Boolean)
              .join(", "),
          }),
        ]
      : []),
  ];
  const contactLines = [
    s.agencyName,
    `${label.email}: ${s.contactEmail} · ${label.phone}: ${s.phone} · ${label.whatsapp}: ${s.whatsappNumber}`,
    `${label.hours}: ${hours}`,
    ...s.offices.map((of) => `${of.city}, ${of.country}: ${of.address}`),
    ...trustLines,
    t("layout.verify", { url: verifyUrl }),
  ];

  const textParts: string[] = [];
  if (greeting) textParts.push(greeting);
  for (const b of mail.blocks) {
    if (b.kind === "p") textParts.push(b.text);
    else if (b.kind === "quote")
      textParts.push(
        b.text
          .split("\n")
          .map((l) => `> ${l}`)
          .join("\n"),
      );
    else if (b.kind === "facts") textParts.push(b.rows.map(([k, v]) => `${k}: ${v}`).join("\n"));
    else textParts.push(`${b.label}: ${b.href}`);
  }
  if (signature.length) textParts.push(signature.join("\n"));
  const text = `${textParts.join("\n\n")}\n\n-- \n${contactLines.join("\n")}\n`;

  const htmlParts: string[] = [];
  if (greeting) htmlParts.push(p(escapeMarkup(greeting)));
  for (const b of mail.blocks) {
    if (b.kind === "p") htmlParts.push(p(multiline(b.text)));
    else if (b.kind === "quote")
      htmlParts.push(
        `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #0f766e;background:#f1f5f9;color:#1e293b">${multiline(b.text)}</blockquote>`,
      );
    else if (b.kind === "facts")
      htmlParts.push(
        `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${b.rows
          .map(
            ([k, v]) =>
              `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;color:#475569;font-weight:600;vertical-align:top">${escapeMarkup(k)}</th><td style="padding:4px 0;color:#0f172a">${multiline(v)}</td></tr>`,
          )
          .join("")}</table>`,
      );
    else
      htmlParts.push(
        `<p style="margin:24px 0"><a href="${escapeMarkup(b.href)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escapeMarkup(b.label)}</a></p>`,
      );
  }
  if (signature.length) htmlParts.push(p(signature.map(escapeMarkup).join("<br>")));

  const html = `<!doctype html>
<html lang="${lng}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeMarkup(mail.subject)}</title></head>
<body style="margin:0;padding:0;background:#f8fafc;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#0f172a">
<div style="max-width:600px;margin:0 auto;padding:24px 16px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#0f766e">${escapeMarkup(s.agencyName)}</p>
<div style="background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">
${htmlParts.join("\n")}
</div>
<div style="padding:16px 4px;font-size:13px;color:#475569">
<p style="margin:0 0 4px"><strong>${escapeMarkup(s.agencyName)}</strong></p>
<p style="margin:0 0 4px">${escapeMarkup(label.email)}: <a href="mailto:${escapeMarkup(s.contactEmail)}" style="color:#0f766e">${escapeMarkup(s.contactEmail)}</a> · ${escapeMarkup(label.phone)}: ${escapeMarkup(s.phone)} · ${escapeMarkup(label.whatsapp)}: <a href="${escapeMarkup(whatsappLink(s.whatsappNumber))}" style="color:#0f766e">${escapeMarkup(s.whatsappNumber)}</a></p>
<p style="margin:0 0 4px">${escapeMarkup(label.hours)}: ${escapeMarkup(hours)}</p>
${s.offices.map((of) => `<p style="margin:0 0 4px">${escapeMarkup(of.city)}, ${escapeMarkup(of.country)}: ${escapeMarkup(of.address)}</p>`).join("\n")}
${trustLines.map((line) => `<p style="margin:0 0 4px">${escapeMarkup(line)}</p>`).join("\n")}
<p style="margin:8px 0 0">${escapeMarkup(t("layout.verify", { url: "" }).trim())} <a href="${escapeMarkup(verifyUrl)}" style="color:#0f766e">${escapeMarkup(verifyUrl)}</a></p>
</div>
</div>
</body></html>`;

  return { subject: oneLine(mail.subject), text, html };
}

function p(inner: string) {
  return `<p style="margin:0 0 16px">${inner}</p>`;
}

function multiline(s: string) {
  return escapeMarkup(s).replace(/\r?\n/g, "<br>");
}

// Subjects come partly from user input (inquiry subjects); a line break there would be a header
// injection attempt, and nodemailer would refuse it anyway.
function oneLine(s: string) {
  return s
    .replace(/[\r\n]+/g, " ")
    .trim()
    .slice(0, 200);
}

// ── Quote requests (server/inquiries), to the business ───────────────────────────────────────

type QuoteRequest = {
  name: string;
  company: string;
  services: string[];
  budget?: string | null;
  message?: string | null;
};

function quoteRequestBlocks(t: Translate, q: QuoteRequest): Block[] {
  return [
    {
      kind: "facts",
      rows: [
        [t("quote.company"), q.company],
        [t("quote.services"), q.services.join(", ")],
        [t("quote.budget"), q.budget || t("quote.notGiven")],
      ],
    },
    ...(q.message ? [{ kind: "quote" as const, text: q.message }] : []),
  ];
}

/** Sent to the business as soon as it asks for a quote: what it asked for, and when we answer. */
export function outsourcingQuoteConfirmationEmail(
  o: Base & { inquiry: QuoteRequest },
): RenderedMail {
  const t = serverT(o.lng);
  return renderMail(o, {
    subject: t("quoteConfirmation.subject", { company: o.inquiry.company }),
    greeting: o.inquiry.name,
    blocks: [
      { kind: "p", text: t("quoteConfirmation.body", { agencyName: o.settings.agencyName }) },
      ...quoteRequestBlocks(t, o.inquiry),
      { kind: "p", text: t("quoteConfirmation.addMore") },
      {
        kind: "button",
        label: t("quoteConfirmation.button"),
        href: link(o, "/outsourcing", true),
      },
    ],
  });
}

/** A staff member's answer to a quote request, with the request it answers. */
export function outsourcingInquiryReplyEmail(
  o: Base & { reply: string; inquiry: QuoteRequest },
): RenderedMail {
  const t = serverT(o.lng);
  return renderMail(o, {
    subject: t("quoteReply.subject", { company: o.inquiry.company }),
    greeting: o.inquiry.name,
    blocks: [
      { kind: "p", text: o.reply },
      { kind: "p", text: t("quoteReply.request") },
      ...quoteRequestBlocks(t, o.inquiry),
    ],
  });
}
