import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { IncidentStatus, MonitorStatus } from "~/domain/enums";
import { config } from "~/server/config.server";
import { db, queryRows } from "~/server/db/client.server";
import { incidentNotes, incidents, profiles } from "~/server/db/schema";
import { MONITORED_SERVICES, type MonitoredService } from "./checks.server";
import { computeUptime, isMonitoringEnabled, listLatestChecks } from "./monitor.server";

export type ServiceCard = {
  service: MonitoredService;
  status: MonitorStatus | null;
  responseMs: number | null;
  error: string | null;
  checkedAt: string | null;
  uptime30d: number | null;
};

export type IncidentView = {
  id: string;
  serviceName: string;
  status: IncidentStatus;
  description: string;
  createdAt: string;
  resolvedAt: string | null;
  notes: { id: string; body: string; authorName: string | null; createdAt: string }[];
};

/** Average response time per service in 30-minute buckets over the last 24 hours. */
export type ChartPoint = { at: string } & Partial<Record<MonitoredService, number>>;

const BUCKET_SECONDS = 30 * 60;

/** Everything the monitoring page shows. Reads across all services: staff only. */
export async function getMonitoringOverviewForStaff(now = new Date()) {
  const [latest, uptime, recent, [openCount], chartRows, enabled] = await Promise.all([
    listLatestChecks(),
    computeUptime(now),
    db().select().from(incidents).orderBy(desc(incidents.createdAt)).limit(5),
    db().select({ n: count() }).from(incidents).where(isNull(incidents.resolvedAt)),
    queryRows<{ service: string; bucket: number; avg_ms: number }>(sql`
      select service,
             (floor(extract(epoch from checked_at) / ${BUCKET_SECONDS}) * ${BUCKET_SECONDS})::bigint as bucket,
             round(avg(response_ms))::int as avg_ms
        from monitor_checks
       where checked_at >= ${new Date(now.getTime() - 24 * 3600 * 1000).toISOString()}::timestamptz
       group by 1, 2 order by 2`),
    isMonitoringEnabled(),
  ]);

  const latestBy = new Map(latest.map((r) => [r.service, r]));
  const services: ServiceCard[] = MONITORED_SERVICES.map((service) => {
    const row = latestBy.get(service);
    return {
      service,
      status: row?.status ?? null,
      responseMs: row ? Number(row.response_ms) : null,
      error: row?.error ?? null,
      checkedAt: row ? new Date(row.checked_at).toISOString() : null,
      uptime30d: uptime.get(service)?.uptime ?? null,
    };
  });

  const notes =
    recent.length === 0
      ? []
      : await db()
          .select({
            id: incidentNotes.id,
            incidentId: incidentNotes.incidentId,
            body: incidentNotes.body,
            createdAt: incidentNotes.createdAt,
            authorName: profiles.fullName,
          })
          .from(incidentNotes)
          .leftJoin(profiles, eq(profiles.id, incidentNotes.authorId))
          .where(
            and(
              inArray(
                incidentNotes.incidentId,
                recent.map((i) => i.id),
              ),
            ),
          )
          .orderBy(incidentNotes.createdAt);

  const incidentViews: IncidentView[] = recent.map((i) => ({
    id: i.id,
    serviceName: i.serviceName,
    status: i.status,
    description: i.description,
    createdAt: i.createdAt.toISOString(),
    resolvedAt: i.resolvedAt?.toISOString() ?? null,
    notes: notes
      .filter((n) => n.incidentId === i.id)
      .map((n) => ({
        id: n.id,
        body: n.body,
        authorName: n.authorName,
        createdAt: n.createdAt.toISOString(),
      })),
  }));

  const points = new Map<number, ChartPoint>();
  for (const r of chartRows) {
    const bucket = Number(r.bucket);
    const point = points.get(bucket) ?? { at: new Date(bucket * 1000).toISOString() };
    point[r.service as MonitoredService] = Number(r.avg_ms);
    points.set(bucket, point);
  }

  return {
    services,
    healthScore: computeHealthScore(services),
    incidents: incidentViews,
    unresolvedIncidents: Number(openCount?.n ?? 0),
    chart: [...points.values()],
    enabled,
    intervalMs: config().monitor.intervalMs,
    slowMs: config().monitor.slowMs,
  };
}

/**
 * 0-100 from the latest check of each service: up counts fully, slow half, down nothing.
 * Null before the first check.
 */
export function computeHealthScore(services: Pick<ServiceCard, "status">[]): number | null {
  const checked = services.filter((s) => s.status !== null);
  if (checked.length === 0) return null;
  const points = checked.reduce(
    (sum, s) => sum + (s.status === "up" ? 1 : s.status === "slow" ? 0.5 : 0),
    0,
  );
  return Math.round((points / checked.length) * 100);
}
