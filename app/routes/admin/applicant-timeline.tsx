import { auditSentence } from "~/app/components/admin/audit-text";
import { useDocumentTypeName } from "~/app/components/admin/document-type-name";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { dateFormatter, formatMoney } from "~/domain/format";
import type { TimelineEntry } from "~/server/applicants/applicant-record.server";
import { Section } from "./applicant-sections";

/** Everything that happened to the applicant, newest first, as one list. */
export function ApplicantTimeline({ entries }: { entries: TimelineEntry[] }) {
  const { t, tc, lang } = useAdminT();
  const documentName = useDocumentTypeName();
  const dateTime = dateFormatter(lang, "dateTime");
  const status = (s: string | null) =>
    s ? tc(`labels.applicationStatus.${s}.label`) : t("applications.details.new");
  /** What one entry says, and who did it (when someone did). */
  const told = (e: TimelineEntry): { text: string; by?: string | null; extra?: string | null } => {
    switch (e.kind) {
      case "status":
        return {
          text: t("applicant.timeline.status", {
            title: e.applicationTitle,
            from: status(e.from),
            to: status(e.to),
          }),
          by: e.by ?? t("applications.details.system"),
          extra: e.note,
        };
      case "document":
        return {
          text: t("applicant.timeline.document", {
            document: documentName(e.documentType),
            state: t(`documents.status.${e.status}`),
          }),
          extra: e.fileName,
        };
      case "payment":
        return {
          text: t("applicant.timeline.payment", {
            amount: formatMoney(e.amountMinor, e.currency, lang),
            state: t(`payments.statuses.${e.status}`),
          }),
          extra: e.receiptNumber,
        };
      case "message":
        return {
          text: t("applicant.timeline.message", { subject: e.subject }),
          by: e.by ?? t("applications.details.formerStaff"),
        };
      case "audit":
        return {
          text: auditSentence(e.action, e.details, t, tc, lang, documentName),
          by: e.by ?? t("activity.system"),
        };
    }
  };
  return (
    <Section
      id="applicant-timeline"
      title={t("applicant.timeline.title")}
      empty={entries.length === 0 && t("applicant.timeline.empty")}
    >
      <ol className="grid gap-2 text-sm" data-testid="applicant-timeline">
        {entries.map((e) => {
          const { text, by, extra } = told(e);
          return (
            <li
              key={e.id}
              className="grid gap-0.5 border-l-2 border-slate-200 pl-3"
              data-kind={e.kind}
              data-testid="timeline-entry"
            >
              <p className="break-words">{text}</p>
              {extra ? (
                <p className="break-words whitespace-pre-line text-slate-700">{extra}</p>
              ) : null}
              <p className="text-xs text-slate-600">
                <time dateTime={e.at}>{dateTime.format(new Date(e.at))}</time>
                {by ? ` · ${by}` : ""}
              </p>
            </li>
          );
        })}
      </ol>
    </Section>
  );
}
