import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ActivityIcon, AlertTriangleIcon, PlayIcon, RefreshCwIcon, SquareIcon } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, useNavigation, useRevalidator } from "react-router";
import type { ShellHandle } from "~/app/components/dashboard-shell";
import { Alert } from "~/app/components/ui/alert";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "~/app/components/ui/card";
import { TextareaField } from "~/app/components/ui/field";
import { i18nHandle } from "~/app/i18n/namespaces";
import { translateErrors } from "~/app/lib/form-errors";
import { pageMeta } from "~/app/lib/seo";
import type { MonitorStatus } from "~/domain/enums";
import { IncidentNoteSchema } from "~/domain/monitoring";
import { requireStaff } from "~/server/auth/guards.server";
import type { MonitoredService } from "~/server/monitoring/checks.server";
import {
  addIncidentNote,
  runChecksNowForStaff,
  setMonitoringEnabled,
} from "~/server/monitoring/monitor.server";
import {
  type ChartPoint,
  getMonitoringOverviewForStaff,
  type IncidentView,
  type ServiceCard,
} from "~/server/monitoring/overview.server";
import type { Route } from "./+types/monitoring";

export const handle: ShellHandle = { ...i18nHandle("monitoring"), titleKey: "titles.monitoring" };
export const meta = () => pageMeta({ title: "System Monitoring", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  return getMonitoringOverviewForStaff();
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireStaff(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "check-now") {
    await runChecksNowForStaff({ actorId: viewer.id });
    return { intent: "check-now" as const, ok: true };
  }
  if (intent === "start" || intent === "stop") {
    await setMonitoringEnabled({ actorId: viewer.id, enabled: intent === "start" });
    return { intent, ok: true };
  }
  if (intent === "add-note") {
    const submission = parseWithZod(formData, { schema: IncidentNoteSchema });
    const incidentId = String(formData.get("incidentId") ?? "");
    if (submission.status !== "success") {
      return data(
        { intent: "add-note" as const, incidentId, ok: false, result: submission.reply() },
        { status: 400 },
      );
    }
    const saved = await addIncidentNote({ actorId: viewer.id, ...submission.value });
    if (!saved) {
      return data(
        {
          intent: "add-note" as const,
          incidentId,
          ok: false,
          result: submission.reply({ formErrors: ["errors.incidentMissing"] }),
        },
        { status: 404 },
      );
    }
    return {
      intent: "add-note" as const,
      incidentId,
      ok: true,
      result: submission.reply({ resetForm: true }),
    };
  }
  return data({ intent: "unknown" as const, ok: false }, { status: 400 });
}

const TIME_ZONE = "Africa/Harare"; // both offices (Harare, Midrand) are on UTC+2
const SERVICE_COLOURS: Record<MonitoredService, string> = {
  database: "#1d4ed8",
  storage: "#0f766e",
  mail: "#b45309",
  payments: "#7c3aed",
  pages: "#be123c",
};
const STATUS_TONE: Record<MonitorStatus, "success" | "waiting" | "danger"> = {
  up: "success",
  slow: "waiting",
  down: "danger",
};
const REFRESH_MS = 30_000;

function useFormatDate() {
  const { i18n } = useTranslation();
  return (iso: string, withDate = true) =>
    new Intl.DateTimeFormat(i18n.language, {
      timeZone: TIME_ZONE,
      ...(withDate ? { dateStyle: "medium" } : {}),
      timeStyle: "short",
    }).format(new Date(iso));
}

export default function MonitoringPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("monitoring");
  const navigation = useNavigation();
  const revalidator = useRevalidator();
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
  const flash =
    actionData?.ok && actionData.intent === "check-now"
      ? t("controls.checked")
      : actionData?.ok && actionData.intent === "start"
        ? t("controls.started")
        : actionData?.ok && actionData.intent === "stop"
          ? t("controls.stoppedDone")
          : null;

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
        <Card>
          <CardHeader>
            <CardTitle>{t("health.heading")}</CardTitle>
            <CardDescription>{t("health.description")}</CardDescription>
          </CardHeader>
          <CardContent>
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
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("controls.heading")}</CardTitle>
            <CardDescription data-testid="monitoring-state">
              {enabled
                ? t("controls.running", { interval: Math.round(intervalMs / 1000) })
                : t("controls.stopped")}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
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
            {flash ? <Alert tone="success">{flash}</Alert> : null}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("config.heading")}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-600">{t("config.interval")}</dt>
              <dd>{t("config.intervalValue", { value: Math.round(intervalMs / 1000) })}</dd>
              <dt className="text-slate-600">{t("config.threshold")}</dt>
              <dd>{t("config.thresholdValue", { value: slowMs })}</dd>
              <dt className="text-slate-600">{t("config.retention")}</dt>
              <dd>{t("config.retentionValue")}</dd>
            </dl>
            <p className="mt-2 text-xs text-slate-600">{t("config.hint")}</p>
          </CardContent>
        </Card>
      </div>

      <section aria-labelledby="services-heading" className="grid gap-3">
        <h2 id="services-heading" className="text-lg font-semibold">
          {t("services.heading")}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
          {services.map((s) => (
            <ServiceCardView key={s.service} card={s} />
          ))}
        </ul>
      </section>

      <ResponseChart points={chart} />

      <section aria-labelledby="incidents-heading" className="grid gap-3">
        <h2 id="incidents-heading" className="text-lg font-semibold">
          {t("incidents.heading")}
        </h2>
        {incidents.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
            {t("incidents.empty")}
          </p>
        ) : (
          <ul className="grid gap-3">
            {incidents.map((incident) => (
              <IncidentItem
                key={incident.id}
                incident={incident}
                lastResult={
                  actionData?.intent === "add-note" && actionData.incidentId === incident.id
                    ? actionData
                    : undefined
                }
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ServiceCardView({ card }: { card: ServiceCard }) {
  const { t } = useTranslation("monitoring");
  const format = useFormatDate();
  return (
    <li data-testid={`service-${card.service}`}>
      <Card className="h-full">
        <CardHeader>
          <div className="flex items-start justify-between gap-2">
            <h3 className="font-semibold text-slate-900">{t(`services.${card.service}`)}</h3>
            <Badge tone={card.status ? STATUS_TONE[card.status] : "neutral"}>
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

type NoteResult = {
  ok: boolean;
  result?: Parameters<typeof useForm>[0]["lastResult"];
};

function IncidentItem({
  incident,
  lastResult,
}: {
  incident: IncidentView;
  lastResult: NoteResult | undefined;
}) {
  const { t } = useTranslation("monitoring");
  const format = useFormatDate();
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
          {lastResult?.ok ? <Alert tone="success">{t("incidents.noteSaved")}</Alert> : null}
          {form.errors ? (
            <Alert tone="error">{translateErrors(t, form.errors)?.join(" ")}</Alert>
          ) : null}
          <Form method="post" {...getFormProps(form)} className="grid gap-2">
            <input type="hidden" name="intent" value="add-note" />
            <input type="hidden" name="incidentId" value={incident.id} />
            <TextareaField
              id={fields.body.id}
              label={t("incidents.noteLabel")}
              errors={translateErrors(t, fields.body.errors)}
              textareaProps={{ ...getTextareaProps(fields.body), rows: 2 }}
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

const CHART_W = 720;
const CHART_H = 220;
const PAD = { left: 56, right: 12, top: 12, bottom: 28 };

/** A small inline SVG chart (no chart library on this page), with the same data as a table. */
function ResponseChart({ points }: { points: ChartPoint[] }) {
  const { t } = useTranslation("monitoring");
  const format = useFormatDate();
  const services = Object.keys(SERVICE_COLOURS) as MonitoredService[];
  const now = points.length ? new Date(points[points.length - 1]!.at).getTime() : 0;
  const start = now - 24 * 3600 * 1000;
  const maxMs = Math.max(10, ...points.flatMap((p) => services.map((s) => p[s] ?? 0)));
  const x = (iso: string) =>
    PAD.left +
    ((new Date(iso).getTime() - start) / (24 * 3600 * 1000)) * (CHART_W - PAD.left - PAD.right);
  const y = (ms: number) => PAD.top + (1 - ms / maxMs) * (CHART_H - PAD.top - PAD.bottom);

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span className="inline-flex items-center gap-2">
            <ActivityIcon className="size-5" aria-hidden />
            {t("chart.heading")}
          </span>
        </CardTitle>
        <CardDescription>{t("chart.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {points.length === 0 ? (
          <p className="text-sm text-slate-600">{t("chart.empty")}</p>
        ) : (
          <>
            <svg
              viewBox={`0 0 ${CHART_W} ${CHART_H}`}
              className="h-auto w-full"
              role="img"
              aria-label={t("chart.label")}
            >
              <line
                x1={PAD.left}
                x2={CHART_W - PAD.right}
                y1={CHART_H - PAD.bottom}
                y2={CHART_H - PAD.bottom}
                stroke="#cbd5e1"
              />
              {[0, 0.5, 1].map((f) => (
                <text
                  key={f}
                  x={PAD.left - 6}
                  y={y(maxMs * f) + 4}
                  textAnchor="end"
                  fontSize="11"
                  fill="#475569"
                >
                  {t("chart.axis", { value: Math.round(maxMs * f) })}
                </text>
              ))}
              {[start, now].map((ms, i) => (
                <text
                  key={ms}
                  x={i === 0 ? PAD.left : CHART_W - PAD.right}
                  y={CHART_H - 8}
                  textAnchor={i === 0 ? "start" : "end"}
                  fontSize="11"
                  fill="#475569"
                >
                  {format(new Date(ms).toISOString(), false)}
                </text>
              ))}
              {services.map((s) => {
                const line = points.filter((p) => p[s] !== undefined);
                if (line.length === 0) return null;
                const d = line
                  .map(
                    (p, i) => `${i === 0 ? "M" : "L"}${x(p.at).toFixed(1)},${y(p[s]!).toFixed(1)}`,
                  )
                  .join(" ");
                // Dots as well as the line: the first half hour has one point per service.
                return (
                  <g key={s} stroke={SERVICE_COLOURS[s]} fill={SERVICE_COLOURS[s]}>
                    <path d={d} fill="none" strokeWidth="2" />
                    {line.map((p) => (
                      <circle key={p.at} cx={x(p.at)} cy={y(p[s]!)} r="3" />
                    ))}
                  </g>
                );
              })}
            </svg>
            <ul className="flex flex-wrap gap-3 text-xs">
              {services.map((s) => (
                <li key={s} className="inline-flex items-center gap-1">
                  <span
                    className="inline-block size-3 rounded-sm"
                    style={{ background: SERVICE_COLOURS[s] }}
                    aria-hidden
                  />
                  {t(`services.${s}`)}
                </li>
              ))}
            </ul>
            <details className="text-sm">
              <summary className="cursor-pointer text-primary-800">{t("chart.showTable")}</summary>
              <div className="mt-2 overflow-x-auto">
                <table className="w-full text-left text-xs">
                  <thead>
                    <tr>
                      <th scope="col" className="p-1">
                        {t("chart.time")}
                      </th>
                      {services.map((s) => (
                        <th key={s} scope="col" className="p-1">
                          {t(`services.${s}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {points.map((p) => (
                      <tr key={p.at} className="border-t border-slate-100">
                        <th scope="row" className="p-1 font-normal">
                          {format(p.at, false)}
                        </th>
                        {services.map((s) => (
                          <td key={s} className="p-1">
                            {p[s] === undefined ? "–" : t("card.ms", { value: p[s] })}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          </>
        )}
      </CardContent>
    </Card>
  );
}
