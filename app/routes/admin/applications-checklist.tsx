import { Form, useNavigation } from "react-router";
import { useDocumentTypeName } from "~/app/components/admin/document-type-name";
import { HiddenValues } from "~/app/components/admin/intent-form";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { SelectField, TextareaField } from "~/app/components/ui/field";
import { useRootData } from "~/app/lib/root-data";
import { GATED_STATUSES } from "~/domain/application-facts";
import { CHECKLIST_STATE_TONE, type ChecklistLine, checklistGaps } from "~/domain/checklists";
import {
  type ApplicationKind,
  type ApplicationStatus,
  statusesForKind,
  USER_ADMIN_ROLES,
} from "~/domain/enums";
import { calendarDay, dateFormatter, formatDate } from "~/domain/format";

type Override = {
  at: string;
  by: string | null;
  status: string;
  reason: string;
  items: { documentType: string; state: string }[];
};

/**
 * The application's checklist as its applicant sees it: each document its destination, path and
 * job or program ask for, mandatory or not, and where it stands today. The gated stages wait for
 * its mandatory items (decision record 44); an admin may let one through with a reason, shown
 * here with who did it.
 */
export function ApplicationChecklist({
  lines,
  overrides,
  app,
}: {
  lines: readonly ChecklistLine[];
  overrides: readonly Override[];
  app: { id: string; kind: ApplicationKind; status: ApplicationStatus; version?: number };
}) {
  const { t, tc, lang } = useAdminT();
  const documentName = useDocumentTypeName();
  const { viewer } = useRootData();
  const navigation = useNavigation();
  if (lines.length === 0) return null;
  const gaps = checklistGaps(lines);
  const isAdmin = (USER_ADMIN_ROLES as readonly string[]).includes(viewer?.role ?? "");
  const gated = statusesForKind(app.kind).filter(
    (s) => (GATED_STATUSES as readonly string[]).includes(s) && s !== app.status,
  );
  const statusName = (s: string) => tc(`labels.applicationStatus.${s}.label`);
  const dateTime = dateFormatter(lang, "dateTime");
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
      {overrides.map((o) => (
        <p
          key={o.at}
          className="rounded-md border border-amber-300 bg-amber-50 p-2 text-xs"
          data-testid="gate-override"
        >
          {t("applications.details.overridden", {
            status: statusName(o.status),
            name: o.by ?? t("applications.details.formerStaff"),
            when: dateTime.format(new Date(o.at)),
            items: o.items.map((i) => documentName(i.documentType)).join(", "),
            reason: o.reason,
          })}
        </p>
      ))}
      {isAdmin && gaps.length > 0 && gated.length > 0 ? (
        <details className="rounded-md border border-slate-200 p-3">
          <summary className="cursor-pointer font-medium">
            {t("applications.details.overrideTitle")}
          </summary>
          <Form method="post" preventScrollReset className="mt-2 grid gap-2">
            <HiddenValues
              values={{
                intent: "status",
                applicationId: app.id,
                ...(app.version ? { version: String(app.version) } : {}),
              }}
            />
            <p className="text-xs text-slate-700">{t("applications.details.overrideHint")}</p>
            <SelectField
              id={`override-status-${app.id}`}
              label={t("applications.details.overrideStatus")}
              selectProps={{ name: "status", required: true }}
            >
              {gated.map((s) => (
                <option key={s} value={s}>
                  {statusName(s)}
                </option>
              ))}
            </SelectField>
            <TextareaField
              id={`override-reason-${app.id}`}
              label={t("applications.details.overrideReason")}
              textareaProps={{ name: "overrideReason", required: true, maxLength: 500, rows: 2 }}
            />
            <div>
              <Button
                type="submit"
                size="sm"
                variant="outline"
                disabled={navigation.state === "submitting"}
              >
                {t("applications.details.overrideSubmit")}
              </Button>
            </div>
          </Form>
        </details>
      ) : null}
    </section>
  );
}
