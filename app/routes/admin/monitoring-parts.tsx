import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form, useLocation } from "react-router";
import { DoneFlash } from "~/app/components/flash";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/app/components/ui/card";
import { FormErrors, FormTextarea } from "~/app/components/ui/field";
import type { ActionResult } from "~/app/lib/action-result";
import { MONITOR_STATUS_TONE } from "~/domain/enums";
import { formatDate } from "~/domain/format";
import { IncidentNoteSchema } from "~/domain/monitoring";
import type { IncidentView, ServiceCard } from "~/server/monitoring/overview.server";

/** A check's moment in the agency's time zone: date and time, or the time alone. */
export function useMonitorDate() {
  const { i18n } = useTranslation();
  return (iso: string, withDate = true) =>
    formatDate(iso, i18n.language, withDate ? "dateTime" : "time");
}

export function ServiceCardView({ card }: { card: ServiceCard }) {
  const { t } = useTranslation("monitoring");
  const format = useMonitorDate();
  return (
    <li data-testid={`service-${card.service}`}>
      <Card className="h-full">
        <CardHeader>
          <div className="flex items-start justify-between gap-2">
            <h3 className="font-semibold text-slate-900">{t(`services.${card.service}`)}</h3>
            <Badge tone={card.status ? MONITOR_STATUS_TONE[card.status] : "neutral"}>
              {card.status ? t(`status.${card.status}`) : t("status.unknown")}
            </Badge>
          </div>
          <CardDescription>{t(`services.${card.service}Hint`)}</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">{t("card.responseTime")}</dt>
            <dd>
              {card.responseMs === null
                ? t("card.noData")
                : t("card.ms", { value: card.responseMs })}
            </dd>
            <dt className="text-slate-600">{t("card.lastCheck")}</dt>
            <dd>{card.checkedAt ? format(card.checkedAt, false) : t("card.never")}</dd>
            <dt className="text-slate-600">{t("card.uptime")}</dt>
            <dd>{card.uptime30d === null ? t("card.noData") : `${card.uptime30d}%`}</dd>
          </dl>
          {card.error && card.status === "down" ? (
            <p className="mt-2 break-words text-xs text-red-700">{card.error}</p>
          ) : null}
        </CardContent>
      </Card>
    </li>
  );
}

/** The confirmation of a note (?done=noteSaved&incident=<id>), shown by its incident. */
const NOTE_DONE = { noteSaved: "incidents.noteSaved" };

/** The incidents, each with its notes and a note form, or a line saying there have been none. */
export function IncidentList({
  incidents,
  noteResult,
  noteSavedIn,
}: {
  incidents: IncidentView[];
  /** The answer to a note that was refused, shown by the incident it was for. */
  noteResult: (ActionResult & { incidentId?: string }) | undefined;
  /** The incident a note was just added to (after the redirect). */
  noteSavedIn: string | null;
}) {
  const { t } = useTranslation("monitoring");
  const location = useLocation();
  if (incidents.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
        {t("incidents.empty")}
      </p>
    );
  }
  return (
    <ul className="grid gap-3">
      {incidents.map((incident) => (
        <IncidentItem
          // A fresh, empty note form once a note is saved (the redirect keeps the typed text
          // otherwise); a refresh of the page in the background keeps what is being typed.
          key={noteSavedIn === incident.id ? `${incident.id}:${location.key}` : incident.id}
          incident={incident}
          lastResult={noteResult?.incidentId === incident.id ? noteResult : undefined}
          noteSaved={noteSavedIn === incident.id}
        />
      ))}
    </ul>
  );
}

function IncidentItem({
  incident,
  lastResult,
  noteSaved,
}: {
  incident: IncidentView;
  lastResult: ActionResult | undefined;
  noteSaved: boolean;
}) {
  const { t } = useTranslation("monitoring");
  const format = useMonitorDate();
  const [form, fields] = useForm({
    id: `note-${incident.id}`,
    lastResult: lastResult?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: IncidentNoteSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const open = incident.resolvedAt === null;
  const serviceKey = `services.${incident.serviceName}`;
  return (
    <li>
      <Card className={open ? "border-red-300" : undefined}>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={open ? "danger" : "success"}>
              {open ? t("incidents.investigating") : t("incidents.resolved")}
            </Badge>
            <h3 className="font-semibold">
              {t(serviceKey as "services.database", { defaultValue: incident.serviceName })}
            </h3>
          </div>
          <p className="text-sm text-slate-800">{incident.description}</p>
          <p className="text-xs text-slate-600">
            {t("incidents.opened", { date: format(incident.createdAt) })}
            {incident.resolvedAt
              ? ` · ${t("incidents.resolvedAt", { date: format(incident.resolvedAt) })}`
              : null}
          </p>
        </CardHeader>
        <CardContent className="grid gap-3">
          {incident.notes.length > 0 ? (
            <div>
              <h4 className="text-sm font-semibold">{t("incidents.notes")}</h4>
              <ul className="mt-1 grid gap-2">
                {incident.notes.map((n) => (
                  <li key={n.id} className="rounded-md bg-slate-50 p-2 text-sm">
                    <p className="whitespace-pre-line">{n.body}</p>
                    <p className="text-xs text-slate-600">
                      {t("incidents.noteBy", {
                        name: n.authorName ?? t("incidents.unknownAuthor"),
                        date: format(n.createdAt),
                      })}
                    </p>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {noteSaved ? <DoneFlash ns="monitoring" messages={NOTE_DONE} className="" /> : null}
          <FormErrors errors={form.errors} ns="monitoring" />
          <Form method="post" {...getFormProps(form)} className="grid gap-2">
            <input type="hidden" name="intent" value="add-note" />
            <input type="hidden" name="incidentId" value={incident.id} />
            <FormTextarea
              field={fields.body}
              ns="monitoring"
              label={t("incidents.noteLabel")}
              rows={2}
            />
            <div>
              <Button type="submit" variant="outline" size="sm">
                {t("incidents.saveNote")}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
    </li>
  );
}
