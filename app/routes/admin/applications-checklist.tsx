import { useDocumentTypeName } from "~/app/components/admin/document-type-name";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { Badge } from "~/app/components/ui/badge";
import { CHECKLIST_STATE_TONE, type ChecklistLine } from "~/domain/checklists";
import { calendarDay, formatDate } from "~/domain/format";

/**
 * The application's checklist as its applicant sees it: each document its destination, path and
 * job or program ask for, mandatory or not, and where it stands today.
 */
export function ApplicationChecklist({ lines }: { lines: readonly ChecklistLine[] }) {
  const { t, lang } = useAdminT();
  const documentName = useDocumentTypeName();
  if (lines.length === 0) return null;
  return (
    <section className="grid gap-2" data-testid="application-checklist">
      <h3 className="font-semibold">{t("applications.details.checklist")}</h3>
      <ul className="grid gap-1">
        {lines.map((line) => (
          <li
            key={line.documentType}
            className="flex flex-wrap items-center justify-between gap-2"
            data-testid={`checklist-${line.documentType}`}
          >
            <span>
              {documentName(line.documentType)}
              <span className="text-slate-600">
                {" · "}
                {line.mandatory
                  ? t("applications.details.mandatory")
                  : t("applications.details.optional")}
                {line.validUntil
                  ? ` · ${t("applications.details.until", {
                      date: formatDate(calendarDay(line.validUntil), lang),
                    })}`
                  : ""}
              </span>
            </span>
            <Badge tone={CHECKLIST_STATE_TONE[line.state]}>
              {t(`applications.details.checklistState.${line.state}`)}
            </Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}
