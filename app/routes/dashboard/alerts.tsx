import { BellIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { AlertFrequencyField } from "~/app/components/save-alert-form";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { Input, Label } from "~/app/components/ui/input";
import { i18nHandle } from "~/app/i18n/namespaces";
import { shellScreen } from "~/app/lib/shell-screen";
import { requireApplicant } from "~/server/auth/guards.server";
import { listOwnAlerts } from "~/server/jobs/job-alerts.server";
import { requestLanguage } from "~/app/i18n/i18n.server";
import { alertSearchSummary } from "~/server/jobs/alert-summary.server";
import { JobBoardList } from "./job-board-list";
import type { Route } from "./+types/alerts";
import { runIntent } from "~/app/lib/intent-action.server";
import { changeAlert, createAlert } from "./alerts.server";

export const { handle, meta } = shellScreen(i18nHandle("jobs"), "titles.jobAlerts");

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireApplicant(request);
  const [alerts, lng] = await Promise.all([listOwnAlerts({ viewer }), requestLanguage(request)]);
  return {
    alerts: alerts.map((a) => ({
      ...a,
      paused: a.pausedAt !== null,
      pausedAt: undefined,
      // What it looks for, in words and in their language (not "CA · Healthcare").
      summary: alertSearchSummary(
        { q: a.query, country: a.countryCode, sector: a.sector, type: a.jobType },
        lng,
      ),
    })),
  };
}

/** Creates an alert from a /jobs search, or renames, re-times, pauses, resumes or deletes one. */
export const action = ({ request }: Route.ActionArgs) =>
  runIntent(
    request,
    requireApplicant,
    {
      create: createAlert,
      update: changeAlert,
      pause: changeAlert,
      resume: changeAlert,
      delete: changeAlert,
    },
    { unknown: "alerts.errors.notFound" },
  );

const DONE = {
  created: "alerts.done.created",
  updated: "alerts.done.updated",
  paused: "alerts.done.paused",
  resumed: "alerts.done.resumed",
  deleted: "alerts.done.deleted",
};

const SCREEN = { keys: "alerts", icon: BellIcon, testId: "job-alerts", done: DONE } as const;

export default function AlertsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("jobs");
  return (
    <JobBoardList screen={SCREEN} items={loaderData.alerts} actionData={actionData}>
      {(alert) => {
        const id = (name: string) => `alert-${alert.id}-${name}`;
        return (
          <li
            key={alert.id}
            className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4"
            aria-labelledby={id("title")}
          >
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={id("title")} className="font-semibold text-slate-900">
                {alert.name}
              </h2>
              {alert.paused ? <Badge tone="waiting">{t("alerts.paused")}</Badge> : null}
            </div>
            <p className="text-sm text-slate-700">{alert.summary}</p>
            <Form method="post" className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
              <input type="hidden" name="id" value={alert.id} />
              <div className="grid gap-1.5">
                <Label htmlFor={id("name")}>{t("alerts.fields.name")}</Label>
                <Input
                  id={id("name")}
                  name="name"
                  required
                  maxLength={80}
                  defaultValue={alert.name}
                />
              </div>
              <AlertFrequencyField id={id("frequency")} defaultValue={alert.frequency} />
              <Button type="submit" name="intent" value="update" variant="outline">
                {t("alerts.save")}
                <span className="sr-only">: {alert.name}</span>
              </Button>
            </Form>
            <Form method="post" className="flex flex-wrap gap-2">
              <input type="hidden" name="id" value={alert.id} />
              <Button
                type="submit"
                name="intent"
                value={alert.paused ? "resume" : "pause"}
                variant="outline"
                size="sm"
              >
                {alert.paused ? t("alerts.resume") : t("alerts.pause")}
                <span className="sr-only">: {alert.name}</span>
              </Button>
              <Button type="submit" name="intent" value="delete" variant="ghostDanger" size="sm">
                {t("alerts.delete")}
                <span className="sr-only">: {alert.name}</span>
              </Button>
            </Form>
          </li>
        );
      }}
    </JobBoardList>
  );
}
