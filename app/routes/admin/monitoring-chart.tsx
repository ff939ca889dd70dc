import { ActivityIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { TitledCard } from "~/app/components/titled-card";
import type { MonitoredService } from "~/server/monitoring/checks.server";
import type { ChartPoint } from "~/server/monitoring/overview.server";
import { useMonitorDate } from "./monitoring-parts";

const SERVICE_COLOURS: Record<MonitoredService, string> = {
  database: "#1d4ed8",
  storage: "#0f766e",
  mail: "#b45309",
  payments: "#7c3aed",
  pages: "#be123c",
};

const CHART_W = 720;
const CHART_H = 220;
const PAD = { left: 56, right: 12, top: 12, bottom: 28 };

/** A small inline SVG chart (no chart library on this page), with the same data as a table. */
export function ResponseChart({ points }: { points: ChartPoint[] }) {
  const { t } = useTranslation("monitoring");
  const format = useMonitorDate();
  const services = Object.keys(SERVICE_COLOURS) as MonitoredService[];
  const now = points.length ? new Date(points[points.length - 1]!.at).getTime() : 0;
  const start = now - 24 * 3600 * 1000;
  const maxMs = Math.max(10, ...points.flatMap((p) => services.map((s) => p[s] ?? 0)));
  const x = (iso: string) =>
    PAD.left +
    ((new Date(iso).getTime() - start) / (24 * 3600 * 1000)) * (CHART_W - PAD.left - PAD.right);
  const y = (ms: number) => PAD.top + (1 - ms / maxMs) * (CHART_H - PAD.top - PAD.bottom);

  return (
    <TitledCard
      title={
        <span className="inline-flex items-center gap-2">
          <ActivityIcon className="size-5" aria-hidden />
          {t("chart.heading")}
        </span>
      }
      description={t("chart.description")}
      contentClassName="grid gap-3"
    >
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
                .map((p, i) => `${i === 0 ? "M" : "L"}${x(p.at).toFixed(1)},${y(p[s]!).toFixed(1)}`)
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
    </TitledCard>
  );
}
