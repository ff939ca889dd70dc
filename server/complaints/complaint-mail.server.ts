import type { ComplaintCategory } from "~/domain/agency-trust";
import { type Language, localizePath } from "~/domain/languages";
import type { SiteSettings } from "~/domain/settings";
import { config } from "~/server/config.server";
import { serverT } from "~/server/i18n/translate.server";
import { formatAgencyDateTime, renderMail } from "~/server/mail/render.server";

// The e-mails of complaints: the confirmation with its reference, a staff answer, the
// agency inbox's copy, and the super admins' overdue notice. Strings: mail.json "complaint".

type Base = { settings: SiteSettings; lng?: Language; baseUrl?: string };

function link(o: Base, path: string) {
  const base = (o.baseUrl ?? config().baseUrl).replace(/\/$/, "");
  return `${base}${localizePath(path, o.lng ?? "en")}`;
}

const categoryLabel = (lng: Language | undefined, category: ComplaintCategory) =>
  serverT(lng ?? "en")(`trust:categories.${category}`);

/** To the person who complained: it arrived, its reference, and by when they will hear. */
export function complaintReceivedEmail(
  o: Base & { name?: string | null; reference: string; dueAt: Date; category: ComplaintCategory },
) {
  const t = serverT(o.lng ?? "en");
  return renderMail(o, {
    subject: t("complaint.received.subject", { reference: o.reference }),
    greeting: o.name ?? null,
    blocks: [
      { kind: "p", text: t("complaint.received.body") },
      {
        kind: "facts",
        rows: [
          [t("complaint.reference"), o.reference],
          [t("complaint.category"), categoryLabel(o.lng, o.category)],
          [t("complaint.due"), formatAgencyDateTime(o.dueAt, o.lng)],
        ],
      },
      { kind: "button", label: t("complaint.follow"), href: link(o, "/complaints") },
    ],
  });
}

/** A staff answer meant for the person who complained. */
export function complaintAnswerEmail(o: Base & { reference: string; body: string }) {
  const t = serverT(o.lng ?? "en");
  return renderMail(o, {
    subject: t("complaint.answer.subject", { reference: o.reference }),
    greeting: null,
    blocks: [
      { kind: "p", text: t("complaint.answer.body", { reference: o.reference }) },
      { kind: "quote", text: o.body },
      { kind: "button", label: t("complaint.follow"), href: link(o, "/complaints") },
    ],
  });
}

/** The agency inbox's copy of a new complaint or scam report (English, like all staff mail). */
export function complaintToInboxEmail(
  o: Base & {
    reference: string;
    category: ComplaintCategory;
    message: string;
    reportedContact?: string | null;
    dueAt: Date;
  },
) {
  const t = serverT("en");
  const rows: [string, string][] = [
    [t("complaint.reference"), o.reference],
    [t("complaint.category"), categoryLabel("en", o.category)],
    [t("complaint.due"), formatAgencyDateTime(o.dueAt, "en")],
  ];
  if (o.reportedContact) rows.push([t("complaint.reported"), o.reportedContact]);
  return renderMail(
    { ...o, lng: "en" },
    {
      subject: t("complaint.inbox.subject", { reference: o.reference }),
      greeting: null,
      blocks: [
        { kind: "facts", rows },
        { kind: "quote", text: o.message },
        {
          kind: "button",
          label: t("complaint.inbox.button"),
          href: `${(o.baseUrl ?? config().baseUrl).replace(/\/$/, "")}/admin/complaints`,
        },
      ],
      staff: true,
    },
  );
}

/** To a super admin: a complaint passed its deadline unanswered (sent once per complaint). */
export function complaintOverdueEmail(
  o: Base & { reference: string; dueAt: Date; ownerName: string | null; id: string },
) {
  const t = serverT(o.lng ?? "en");
  return renderMail(o, {
    subject: t("complaint.overdue.subject", { reference: o.reference }),
    greeting: null,
    blocks: [
      {
        kind: "p",
        text: t("complaint.overdue.body", {
          reference: o.reference,
          due: formatAgencyDateTime(o.dueAt, o.lng),
          owner: o.ownerName ?? t("complaint.nobody"),
        }),
      },
      {
        kind: "button",
        label: t("complaint.inbox.button"),
        href: `${(o.baseUrl ?? config().baseUrl).replace(/\/$/, "")}/admin/complaints?id=${o.id}`,
      },
    ],
    staff: true,
  });
}
