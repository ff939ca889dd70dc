import { inLanguage, type Localized } from "~/domain/document-types";
import { calendarDay, formatDate } from "~/domain/format";
import { serverT } from "~/server/i18n/translate.server";
import {
  type MailBase,
  type MailBlock,
  mailLink,
  type RenderedMail,
  renderMail,
} from "~/server/mail/render.server";

// The e-mails of a document's review: verified (one at a time or gathered) or rejected with why.

/**
 * A document type's name in the reader's language: its names as admins wrote them (document
 * types are data, decision record 40), or its key for a type that is gone.
 */
export type DocumentName = Localized | string;

export function documentLabel(name: DocumentName, lng: string | null | undefined) {
  return typeof name === "string" ? name : inLanguage(name, lng ?? "en");
}

export function documentReviewedEmail(
  o: MailBase & {
    name: string;
    document: DocumentName;
    verified: boolean;
    reason?: string | null;
  },
): RenderedMail {
  const t = serverT(o.lng);
  const document = documentLabel(o.document, o.lng);
  const blocks: MailBlock[] = o.verified
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
      { kind: "button", label: t("documentButton"), href: mailLink(o, "/dashboard/documents") },
    ],
  });
}

/** One mail for the documents verified within a few minutes (the review gathers them). */
export function documentsVerifiedEmail(
  o: MailBase & { name: string; documents: DocumentName[] },
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
      { kind: "button", label: t("documentButton"), href: mailLink(o, "/dashboard/documents") },
    ],
  });
}

/** A document stops being valid in `daysBefore` days (60, 30 or 7): upload a new one in time. */
export function documentExpiringEmail(
  o: MailBase & { name: string; document: DocumentName; validUntil: string; daysBefore: number },
): RenderedMail {
  const t = serverT(o.lng);
  const document = documentLabel(o.document, o.lng);
  const date = formatDate(calendarDay(o.validUntil), o.lng ?? "en", "longDate");
  return renderMail(o, {
    subject: t("documentExpiring.subject", { document, count: o.daysBefore }),
    greeting: o.name,
    blocks: [
      { kind: "p", text: t("documentExpiring.body", { document, date, count: o.daysBefore }) },
      { kind: "button", label: t("documentButton"), href: mailLink(o, "/dashboard/documents") },
    ],
  });
}
