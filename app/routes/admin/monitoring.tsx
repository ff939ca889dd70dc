import { AlertTriangleIcon, PlayIcon, RefreshCwIcon, SquareIcon } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { DoneFlash, Flash } from "~/app/components/flash";
import { LoadError } from "~/app/components/admin/load-error";
import { TitledCard } from "~/app/components/titled-card";
import { TitledSection } from "~/app/components/titled-section";
import { Button } from "~/app/components/ui/button";
import { i18nHandle } from "~/app/i18n/namespaces";
import { shellScreen } from "~/app/lib/shell-screen";
import { requireStaff } from "~/server/auth/guards.server";
import { getMonitoringOverviewForStaff } from "~/server/monitoring/overview.server";
import type { Route } from "./+types/monitoring";
import { ResponseChart } from "./monitoring-chart";
import { IncidentList, ServiceCardView } from "./monitoring-parts";
import { addNote, checkNow, switchMonitoring } from "./monitoring.server";
import { runIntent } from "~/app/lib/intent-action.server";

export const { handle, meta } = shellScreen(i18nHandle("monitoring"), "titles.monitoring");

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  return getMonitoringOverviewForStaff();
}

export const action = ({ request }: Route.ActionArgs) =>
  runIntent(
    request,
    requireStaff,
    { "check-now": checkNow, start: switchMonitoring, stop: switchMonitoring, "add-note": addNote },
    { unknown: "errors.unknownIntent" },
  );

/** The confirmations of the controls after a redirect (?done=<key>), keys of "monitoring". */
const CONTROLS_DONE = {
  checked: "controls.checked",
  started: "controls.started",
  stopped: "controls.stoppedDone",
};

const REFRESH_MS = 30_000;
const HEADING = "text-lg font-semibold";

export default function MonitoringPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("monitoring");
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  const busyIntent =
    navigation.state !== "idle" ? navigation.formData?.get("intent")?.toString() : undefined;

  // Keep the page live while it is open; skip a refresh while the user is submitting something.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle")
        void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidator]);

  const {
    services,
    healthScore,
    incidents,
    unresolvedIncidents,
    chart,
    enabled,
    intervalMs,
    slowMs,
  } = loaderData;
  // A post answered in the page replaces the confirmation of an earlier redirect.
  const noteSavedIn =
    !actionData && params.get("done") === "noteSaved" ? params.get("incident") : null;

  return (
    <div className="grid gap-6">
      {unresolvedIncidents > 0 ? (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-lg border border-red-300 bg-red-600 p-4 text-white"
          data-testid="incident-banner"
        >
          <AlertTriangleIcon className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div>
            <p className="font-semibold">{t("banner.title", { count: unresolvedIncidents })}</p>
            <p className="text-sm">{t("banner.body")}</p>
          </div>
        </div>
      ) : null}

      <p className="text-sm text-slate-600">
        {t("intro", { interval: Math.round(intervalMs / 1000), threshold: slowMs })}
      </p>

      <div className="grid gap-4 lg:grid-cols-3">
        <TitledCard title={t("health.heading")} description={t("health.description")}>
          <p
            className={
              healthScore === null
                ? "text-lg text-slate-600"
                : healthScore >= 90
                  ? "text-4xl font-bold text-green-700"
                  : healthScore >= 60
                    ? "text-4xl font-bold text-amber-700"
                    : "text-4xl font-bold text-red-700"
            }
            data-testid="health-score"
          >
            {healthScore === null ? t("health.none") : t("health.score", { value: healthScore })}
          </p>
        </TitledCard>

        <TitledCard
          title={t("controls.heading")}
          description={
            enabled
              ? t("controls.running", { interval: Math.round(intervalMs / 1000) })
              : t("controls.stopped")
          }
          descriptionTestId="monitoring-state"
          contentClassName="grid gap-3"
        >
          <div className="flex flex-wrap gap-2">
            <Form method="post">
              <input type="hidden" name="intent" value={enabled ? "stop" : "start"} />
              <Button type="submit" variant="outline" disabled={Boolean(busyIntent)}>
                {enabled ? (
                  <SquareIcon className="size-4" aria-hidden />
                ) : (
                  <PlayIcon className="size-4" aria-hidden />
                )}
                {enabled ? t("controls.stop") : t("controls.start")}
              </Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="check-now" />
              <Button type="submit" disabled={Boolean(busyIntent)}>
                <RefreshCwIcon
                  className={busyIntent === "check-now" ? "size-4 animate-spin" : "size-4"}
                  aria-hidden
                />
                {busyIntent === "check-now" ? t("controls.checking") : t("controls.checkNow")}
              </Button>
            </Form>
          </div>
          {actionData ? (
            <Flash flash={actionData.flash} ns="monitoring" className="" />
          ) : (
            <DoneFlash ns="monitoring" messages={CONTROLS_DONE} className="" />
          )}
        </TitledCard>

        <TitledCard title={t("config.heading")}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">{t("config.interval")}</dt>
            <dd>{t("config.intervalValue", { value: Math.round(intervalMs / 1000) })}</dd>
            <dt className="text-slate-600">{t("config.threshold")}</dt>
            <dd>{t("config.thresholdValue", { value: slowMs })}</dd>
            <dt className="text-slate-600">{t("config.retention")}</dt>
            <dd>{t("config.retentionValue")}</dd>
          </dl>
          <p className="mt-2 text-xs text-slate-600">{t("config.hint")}</p>
        </TitledCard>
      </div>

      <TitledSection id="services-heading" title={t("services.heading")} headingClassName={HEADING}>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
          {services.map((s) => (
            <ServiceCardView key={s.service} card={s} />
          ))}
        </ul>
      </TitledSection>

      <ResponseChart points={chart} />

      <TitledSection
        id="incidents-heading"
        title={t("incidents.heading")}
        headingClassName={HEADING}
      >
        <IncidentList
          incidents={incidents}
          noteResult={actionData?.intent === "add-note" ? actionData : undefined}
          noteSavedIn={noteSavedIn}
        />
      </TitledSection>
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadError what="monitoring" />;
}
