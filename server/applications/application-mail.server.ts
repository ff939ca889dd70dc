import type { ApplicationStatus } from "~/domain/enums";
import { formatDate } from "~/domain/format";
import { dateLocale, serverT, type Translate } from "~/server/i18n/translate.server";
import {
  type MailBase,
  mailLink,
  type RenderedMail,
  renderMail,
} from "~/server/mail/render.server";

// The e-mails of an application's moments: a status change, the departure day, and to staff a
// colleague's mention in a note. The layout and signature are renderMail's (server/mail/render.server.ts).

/** An application status as the applicant's tracker names it, in their language. */
export function statusLabel(t: Translate, status: ApplicationStatus) {
  return t(`common:labels.applicationStatus.${status}.label`);
}

export function applicationStatusChangedEmail(
  o: MailBase & {
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
        href: mailLink(o, "/dashboard/applications"),
      },
    ],
  });
}

/** Staff set (or changed, or cleared) the day the applicant travels. */
export function departureSetEmail(
  o: MailBase & {
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
        {
          kind: "button",
          label: t("departure.button"),
          href: mailLink(o, "/dashboard/applications"),
        },
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
      {
        kind: "button",
        label: t("departure.button"),
        href: mailLink(o, "/dashboard/applications"),
      },
    ],
  });
}

/**
 * A colleague mentioned the recipient in a staff note. The note itself stays in the back-office
 * (it may hold what the applicant must never read, and e-mail leaves the system): the mail says
 * who, on which application, and links to it.
 */
export function staffMentionEmail(
  o: MailBase & { name: string; author: string; applicant: string; jobTitle: string; path: string },
): RenderedMail {
  const t = serverT(o.lng);
  const values = { author: o.author, applicant: o.applicant, jobTitle: o.jobTitle };
  return renderMail(o, {
    subject: t("mention.subject", values),
    greeting: o.name,
    blocks: [
      { kind: "p", text: t("mention.body", values) },
      { kind: "button", label: t("mention.button"), href: mailLink(o, o.path) },
    ],
    staff: true,
  });
}
