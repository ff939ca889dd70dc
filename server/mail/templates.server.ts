import type { SiteSettings } from "~/domain/settings";
import { formatMoney, whatsappLink } from "~/domain/settings";
import { formatDate } from "~/domain/format";
import { config } from "~/server/config.server";
import { escapeMarkup } from "~/server/escape.server";

// Every e-mail the product sends, as plain text and HTML built from the same lines. The agency's
// name and contact details come from site settings so a change in /admin/settings shows in the
// next mail; links are absolute (BASE_URL), times in the agency's time zone. An applicant's e-mail
// is queued with enqueueApplicantMail (server/mail/outbox.server.ts), which renders the template
// with their name and the settings; other mail goes to enqueueMail together with `to`.
//
// E-mails are English only for now: server/ may not import app/locales, and the recipient's
// language is not stored. Keep every sentence here so a translation has one place to start.

export type RenderedMail = { subject: string; text: string; html: string };

type Base = {
  settings: SiteSettings;
  /** Absolute origin for links, e.g. "https://passage.example"; defaults to the configured BASE_URL. */
  baseUrl?: string;
};

type Block =
  | { kind: "p"; text: string }
  | { kind: "quote"; text: string }
  | { kind: "facts"; rows: [string, string][] }
  | { kind: "button"; label: string; href: string };

// ── Applicant moments (used by applications, documents, payments) ────────────────────────────

export function applicationStatusChangedEmail(
  o: Base & {
    name: string;
    jobTitle: string;
    statusLabel: string;
    statusDescription?: string | null;
    comment?: string | null;
  },
): RenderedMail {
  return renderMail(o, {
    subject: `Your application for ${o.jobTitle}: ${o.statusLabel}`,
    greeting: o.name,
    blocks: [
      {
        kind: "p",
        text: `The status of your application for ${o.jobTitle} is now: ${o.statusLabel}.`,
      },
      ...(o.statusDescription ? [{ kind: "p" as const, text: o.statusDescription }] : []),
      ...(o.comment ? [{ kind: "quote" as const, text: o.comment }] : []),
      { kind: "button", label: "View my applications", href: link(o, "/dashboard/applications") },
    ],
  });
}

export function interviewScheduledEmail(
  o: Base & {
    name: string;
    jobTitle: string;
    interviewDate: Date;
    /** Where: an address or a video-call link. */
    location?: string | null;
    /** IANA time zone the date is shown in; default the agency's (CAT). */
    details?: string | null;
  },
): RenderedMail {
  const when = formatAgencyDateTime(o.interviewDate);
  const rows: [string, string][] = [["Date and time", when]];
  if (o.location?.trim()) rows.push(["Where", o.location.trim()]);
  return renderMail(o, {
    subject: `Interview scheduled: ${o.jobTitle}`,
    greeting: o.name,
    blocks: [
      {
        kind: "p",
        text: `Good news: an interview has been scheduled for your application for ${o.jobTitle}.`,
      },
      { kind: "facts", rows },
      ...(o.details ? [{ kind: "quote" as const, text: o.details }] : []),
      {
        kind: "p",
        text: "If you cannot attend at this time, reply to this e-mail or contact us as soon as possible.",
      },
      { kind: "button", label: "View my applications", href: link(o, "/dashboard/applications") },
    ],
  });
}

export function documentReviewedEmail(
  o: Base & {
    name: string;
    documentLabel: string;
    verified: boolean;
    reason?: string | null;
  },
): RenderedMail {
  const blocks: Block[] = o.verified
    ? [
        {
          kind: "p",
          text: `Your ${o.documentLabel} has been checked and verified. Nothing more is needed for this document.`,
        },
      ]
    : [
        {
          kind: "p",
          text: `We could not accept your ${o.documentLabel}. Please upload a new copy from your dashboard.`,
        },
        ...(o.reason
          ? [{ kind: "facts" as const, rows: [["Reason", o.reason]] as [string, string][] }]
          : []),
      ];
  return renderMail(o, {
    subject: o.verified
      ? `Document verified: ${o.documentLabel}`
      : `Action needed: please upload your ${o.documentLabel} again`,
    greeting: o.name,
    blocks: [
      ...blocks,
      { kind: "button", label: "Open my documents", href: link(o, "/dashboard/documents") },
    ],
  });
}

export function paymentReceiptEmail(
  o: Base & {
    name: string;
    amountMinor: number;
    currency: string;
    reference: string;
    paidAt: Date;
    method?: string | null;
  },
): RenderedMail {
  const amount = formatMoney(o.amountMinor, o.currency);
  const rows: [string, string][] = [
    ["Amount", amount],
    ["Reference", o.reference],
    ["Date", formatAgencyDateTime(o.paidAt)],
  ];
  // Provider method codes ("credit_card", "mobile_money") read as words.
  if (o.method)
    rows.push(["Method", o.method.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase())]);
  return renderMail(o, {
    subject: `Payment received: ${amount} (${o.reference})`,
    greeting: o.name,
    blocks: [
      {
        kind: "p",
        text: `Thank you. We have received your registration fee. Premium jobs are now open to you.`,
      },
      { kind: "facts", rows },
      { kind: "p", text: o.settings.registrationFee.refundPolicy },
      { kind: "p", text: "Keep this e-mail as your receipt." },
      { kind: "button", label: "Go to my dashboard", href: link(o, "/dashboard") },
    ],
  });
}

// ── Accounts (for the auth flows) ────────────────────────────────────────────────────────────

export function passwordResetEmail(o: Base & { name: string; url: string }): RenderedMail {
  return renderMail(o, {
    subject: `Reset your ${o.settings.agencyName} password`,
    greeting: o.name,
    blocks: [
      {
        kind: "p",
        text: "Someone asked to reset the password of your account. If it was you, use the link below.",
      },
      { kind: "button", label: "Choose a new password", href: o.url },
      {
        kind: "p",
        text: "If you did not ask for this, ignore this e-mail: your password stays the same.",
      },
    ],
  });
}

export function emailVerificationEmail(o: Base & { name: string; url: string }): RenderedMail {
  return renderMail(o, {
    subject: `Confirm your e-mail address for ${o.settings.agencyName}`,
    greeting: o.name,
    blocks: [
      {
        kind: "p",
        text: "Please confirm that this is your e-mail address, so we can reach you about your applications.",
      },
      { kind: "button", label: "Confirm my e-mail", href: o.url },
    ],
  });
}

/**
 * To the owner of an address someone tried to sign up with. Sign-up answers the same for a new
 * and a taken address (nobody can probe for accounts), so this is how the owner hears of it.
 */
export function signUpAttemptEmail(o: Base & { name: string }): RenderedMail {
  return renderMail(o, {
    subject: `Someone tried to create an account with your e-mail address`,
    greeting: o.name,
    blocks: [
      {
        kind: "p",
        text: `Someone tried to create a new ${o.settings.agencyName} account with this e-mail address. You already have an account, so nothing was changed.`,
      },
      {
        kind: "p",
        text: "If it was you, sign in with your password. If you have forgotten it, choose a new one:",
      },
      { kind: "button", label: "Sign in", href: link(o, "/auth") },
      { kind: "button", label: "Choose a new password", href: link(o, "/auth/forgot-password") },
      {
        kind: "p",
        text: "If it was not you, you can ignore this e-mail: your account and your password stay the same.",
      },
    ],
  });
}

// ── Inquiries and messages ───────────────────────────────────────────────────────────────────

export function contactInquiryReceivedEmail(
  o: Base & {
    inquiry: {
      name: string;
      email: string;
      phone?: string | null;
      subject?: string | null;
      message: string;
    };
  },
): RenderedMail {
  const q = o.inquiry;
  return renderMail(o, {
    subject: `New contact inquiry: ${q.subject || "No subject"} (${q.name})`,
    greeting: null,
    blocks: [
      { kind: "p", text: "A new message came in through the contact form." },
      {
        kind: "facts",
        rows: [
          ["Name", q.name],
          ["E-mail", q.email],
          ["Phone", q.phone || "—"],
          ["Subject", q.subject || "No subject"],
        ],
      },
      { kind: "quote", text: q.message },
      { kind: "button", label: "Open Contact Inquiries", href: link(o, "/admin/inquiries") },
    ],
    staff: true,
  });
}

export function contactInquiryReplyEmail(
  o: Base & { name: string; subject?: string | null; reply: string; originalMessage: string },
): RenderedMail {
  return renderMail(o, {
    subject: `Re: ${o.subject || `Your message to ${o.settings.agencyName}`}`,
    greeting: o.name,
    blocks: [
      { kind: "p", text: o.reply },
      { kind: "p", text: "Your original message:" },
      { kind: "quote", text: o.originalMessage },
    ],
  });
}

export function outsourcingInquiryReceivedEmail(
  o: Base & {
    inquiry: {
      name: string;
      company: string;
      email: string;
      services: string[];
      budget?: string | null;
      message?: string | null;
    };
  },
): RenderedMail {
  const q = o.inquiry;
  return renderMail(o, {
    subject: `New outsourcing quote request: ${q.company}`,
    greeting: null,
    blocks: [
      {
        kind: "p",
        text: "A business asked for an outsourcing quote. We promised an answer within 24 hours.",
      },
      {
        kind: "facts",
        rows: [
          ["Name", q.name],
          ["Company", q.company],
          ["E-mail", q.email],
          ["Services", q.services.join(", ")],
          ["Budget", q.budget || "—"],
        ],
      },
      ...(q.message ? [{ kind: "quote" as const, text: q.message }] : []),
      { kind: "button", label: "Open Outsourcing Inquiries", href: link(o, "/admin/outsourcing") },
    ],
    staff: true,
  });
}

export function newMessageEmail(o: Base & { name: string; subject: string }): RenderedMail {
  return renderMail(o, {
    subject: `New message: ${o.subject}`,
    greeting: o.name,
    blocks: [
      { kind: "p", text: `You have a new message from ${o.settings.agencyName}: “${o.subject}”.` },
      { kind: "button", label: "Read it in my inbox", href: link(o, "/dashboard/messages") },
    ],
  });
}

// ── Rendering ────────────────────────────────────────────────────────────────────────────────

function link(o: Base, path: string) {
  const base = o.baseUrl ?? config().baseUrl;
  return `${base.replace(/\/$/, "")}${path}`;
}

/** "Monday, 2 March 2026 at 10:30 CAT": a moment as an e-mail or notification states it. */
export function formatAgencyDateTime(d: Date) {
  // The product's appointment style, in the agency's time zone. English as written in Zimbabwe
  // names the zone as the agency does ("CAT"; en-GB would say "GMT+2").
  return formatDate(d, "en-ZW", "appointment");
}

export function renderMail(
  o: Base,
  mail: { subject: string; greeting: string | null; blocks: Block[]; staff?: boolean },
): RenderedMail {
  const s = o.settings;
  const hours = `${s.businessHours.days}, ${s.businessHours.open}–${s.businessHours.close} ${s.businessHours.timeZoneLabel}`;
  const signature = mail.staff ? [] : ["Kind regards,", `The ${s.agencyName} team`];
  const contactLines = [
    s.agencyName,
    `E-mail: ${s.contactEmail} · Phone: ${s.phone} · WhatsApp: ${s.whatsappNumber}`,
    `Office hours: ${hours}`,
    ...s.offices.map((of) => `${of.city}, ${of.country}: ${of.address}`),
  ];

  const textParts: string[] = [];
  if (mail.greeting) textParts.push(`Hello ${mail.greeting},`);
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
  if (mail.greeting) htmlParts.push(p(`Hello ${escapeMarkup(mail.greeting)},`));
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
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeMarkup(mail.subject)}</title></head>
<body style="margin:0;padding:0;background:#f8fafc;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#0f172a">
<div style="max-width:600px;margin:0 auto;padding:24px 16px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#0f766e">${escapeMarkup(s.agencyName)}</p>
<div style="background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">
${htmlParts.join("\n")}
</div>
<div style="padding:16px 4px;font-size:13px;color:#475569">
<p style="margin:0 0 4px"><strong>${escapeMarkup(s.agencyName)}</strong></p>
<p style="margin:0 0 4px">E-mail: <a href="mailto:${escapeMarkup(s.contactEmail)}" style="color:#0f766e">${escapeMarkup(s.contactEmail)}</a> · Phone: ${escapeMarkup(s.phone)} · WhatsApp: <a href="${escapeMarkup(whatsappLink(s.whatsappNumber))}" style="color:#0f766e">${escapeMarkup(s.whatsappNumber)}</a></p>
<p style="margin:0 0 4px">Office hours: ${escapeMarkup(hours)}</p>
${s.offices.map((of) => `<p style="margin:0 0 4px">${escapeMarkup(of.city)}, ${escapeMarkup(of.country)}: ${escapeMarkup(of.address)}</p>`).join("\n")}
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

function quoteRequestBlocks(q: QuoteRequest): Block[] {
  return [
    {
      kind: "facts",
      rows: [
        ["Company", q.company],
        ["Services", q.services.join(", ")],
        ["Budget", q.budget || "Not given"],
      ],
    },
    ...(q.message ? [{ kind: "quote" as const, text: q.message }] : []),
  ];
}

/** Sent to the business as soon as it asks for a quote: what it asked for, and when we answer. */
export function outsourcingQuoteConfirmationEmail(
  o: Base & { inquiry: QuoteRequest },
): RenderedMail {
  return renderMail(o, {
    subject: `We received your quote request (${o.inquiry.company})`,
    greeting: o.inquiry.name,
    blocks: [
      {
        kind: "p",
        text: `Thank you for asking ${o.settings.agencyName} for an outsourcing quote. We will answer within 24 hours. This is what you asked for:`,
      },
      ...quoteRequestBlocks(o.inquiry),
      { kind: "p", text: "To add anything, simply reply to this e-mail." },
      { kind: "button", label: "About our outsourcing", href: link(o, "/outsourcing") },
    ],
  });
}

/** A staff member's answer to a quote request, with the request it answers. */
export function outsourcingInquiryReplyEmail(
  o: Base & { reply: string; inquiry: QuoteRequest },
): RenderedMail {
  return renderMail(o, {
    subject: `Re: Your quote request (${o.inquiry.company})`,
    greeting: o.inquiry.name,
    blocks: [
      { kind: "p", text: o.reply },
      { kind: "p", text: "Your request:" },
      ...quoteRequestBlocks(o.inquiry),
    ],
  });
}
