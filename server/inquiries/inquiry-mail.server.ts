import { type Language, LANGUAGE_NAMES } from "~/domain/languages";
import { serverT, type Translate } from "~/server/i18n/translate.server";
import {
  type MailBase,
  type MailBlock,
  mailLink,
  type RenderedMail,
  renderMail,
} from "~/server/mail/render.server";

// The e-mails of the two inboxes: a contact message or quote request to the agency (in English,
// naming the language to answer in), the business's confirmation, and staff's replies.

/** To the agency's inbox (in English); it says which language to answer in. */
export function contactInquiryReceivedEmail(
  o: MailBase & {
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
        href: mailLink(o, "/admin/inquiries"),
      },
    ],
    staff: true,
  });
}

export function contactInquiryReplyEmail(
  o: MailBase & { name: string; subject?: string | null; reply: string; originalMessage: string },
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
  o: MailBase & {
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
        href: mailLink(o, "/admin/outsourcing"),
      },
    ],
    staff: true,
  });
}

type QuoteRequest = {
  name: string;
  company: string;
  services: string[];
  budget?: string | null;
  message?: string | null;
};

function quoteRequestBlocks(t: Translate, q: QuoteRequest): MailBlock[] {
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
  o: MailBase & { inquiry: QuoteRequest },
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
        href: mailLink(o, "/outsourcing", true),
      },
    ],
  });
}

/** A staff member's answer to a quote request, with the request it answers. */
export function outsourcingInquiryReplyEmail(
  o: MailBase & { reply: string; inquiry: QuoteRequest },
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
