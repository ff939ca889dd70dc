import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { MonitorStatus } from "~/domain/enums";
import { recordAudit } from "~/server/audit/audit.server";
import { config } from "~/server/config.server";
import { type Db, db, queryRows } from "~/server/db/client.server";
import { appState, incidentNotes, incidents, monitorChecks } from "~/server/db/schema";
import { lookupOptional, register } from "~/server/registry.server";
import {
  createDefaultProbes,
  MONITORED_SERVICES,
  type MonitoredService,
  type Probe,
} from "./checks.server";

export type CheckResult = {
  service: MonitoredService;
  status: MonitorStatus;
  responseMs: number;
  error: string | null;
  checkedAt: Date;
};

/** A probe that has not answered after this long counts as down. */
const PROBE_TIMEOUT_MS = 15_000;

/** Tests (and only tests) swap the probes, e.g. to point the database check at a closed port. */
export function setMonitorProbes(probes: Probe[] | undefined) {
  register("monitorProbes", probes);
}

function currentProbes(): Probe[] {
  return lookupOptional<Probe[]>("monitorProbes") ?? createDefaultProbes();
}

const SERVICE_LABELS: Record<MonitoredService, string> = {
  database: "Database",
  storage: "File storage",
  mail: "Mail transport",
  payments: "Payment provider",
  pages: "Page rendering",
};

async function runProbe(probe: Probe, slowMs: number, checkedAt: Date): Promise<CheckResult> {
  const controller = new AbortController();
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe.run(controller.signal),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new Error(`No answer within ${PROBE_TIMEOUT_MS / 1000} s`));
        }, PROBE_TIMEOUT_MS);
      }),
    ]);
    const responseMs = Math.round(performance.now() - started);
    return {
      service: probe.service,
      status: responseMs > slowMs ? "slow" : "up",
      responseMs,
      error: null,
      checkedAt,
    };
  } catch (error) {
    return {
      service: probe.service,
      status: "down",
      responseMs: Math.round(performance.now() - started),
      error: describeError(error),
      checkedAt,
    };
  } finally {
    clearTimeout(timer);
  }
}

function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0)
    return describeError(error.errors[0]);
  if (error instanceof Error) {
    const code = (error as { code?: string }).code;
    const message = error.message || error.name;
    return (code && !message.includes(code) ? `${code}: ${message}` : message).slice(0, 500);
  }
  return String(error).slice(0, 500);
}

/**
 * Runs every probe now, stores the results and opens or resolves incidents. `checkedAt` lets the
 * scheduler stamp a tick with the time it claimed it.
 */
export async function runAllChecks(
  options: { probes?: Probe[]; checkedAt?: Date; slowMs?: number } = {},
): Promise<CheckResult[]> {
  const probes = options.probes ?? currentProbes();
  const slowMs = options.slowMs ?? config().monitor.slowMs;
  const checkedAt = options.checkedAt ?? new Date();
  const results = await Promise.all(probes.map((p) => runProbe(p, slowMs, checkedAt)));
  await recordCheckResults(results, slowMs);
  return results;
}

// Check Now and a scheduled tick (maybe in another process) may record at the same moment; the
// transaction lock makes "is there an open incident?" and "open one" a single step.
const INCIDENT_LOCK_ID = 7_240_008;

async function recordCheckResults(results: CheckResult[], slowMs: number) {
  await db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${INCIDENT_LOCK_ID})`);
    if (results.length > 0) {
      // A check result is a monitor_checks row as it is.
      await tx.insert(monitorChecks).values(results);
    }
    const open = await tx
      .select({ id: incidents.id, serviceName: incidents.serviceName })
      .from(incidents)
      .where(
        and(
          isNull(incidents.resolvedAt),
          inArray(
            incidents.serviceName,
            results.map((r) => r.service),
          ),
        ),
      );
    const openByService = new Map(open.map((i) => [i.serviceName, i.id]));
    for (const result of results) {
      const openId = openByService.get(result.service);
      if (result.status === "up" && openId) {
        await tx
          .update(incidents)
          .set({ status: "resolved", resolvedAt: result.checkedAt })
          .where(eq(incidents.id, openId));
      } else if (result.status !== "up" && !openId) {
        await tx.insert(incidents).values({
          serviceName: result.service,
          status: "investigating",
          description: describeIncident(result, slowMs),
          createdAt: result.checkedAt,
        });
      }
    }
  });
}

function describeIncident(result: CheckResult, slowMs: number) {
  const label = SERVICE_LABELS[result.service];
  if (result.status === "slow") {
    return `${label} is slow: the check took ${result.responseMs} ms (alert threshold ${slowMs} ms).`;
  }
  return `${label} is down: ${result.error ?? "the check failed"}.`;
}

/** Raw checks older than this are folded into daily totals and deleted. */
export const RAW_RETENTION_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * Folds raw checks older than the retention into monitor_daily_rollups (adding to a day already
 * rolled up) and deletes them, in one transaction so no check is counted twice or lost.
 */
export async function rollUpOldChecks(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - RAW_RETENTION_MS);
  return db().transaction(async (tx) => {
    await tx.execute(sql`
      insert into monitor_daily_rollups (service, day, up_count, slow_count, down_count, total_response_ms)
      select service, (checked_at at time zone 'UTC')::date,
             count(*) filter (where status = 'up'),
             count(*) filter (where status = 'slow'),
             count(*) filter (where status = 'down'),
             coalesce(sum(response_ms), 0)
        from monitor_checks
       where checked_at < ${cutoff.toISOString()}::timestamptz
       group by 1, 2
      on conflict (service, day) do update set
        up_count = monitor_daily_rollups.up_count + excluded.up_count,
        slow_count = monitor_daily_rollups.slow_count + excluded.slow_count,
        down_count = monitor_daily_rollups.down_count + excluded.down_count,
        total_response_ms = monitor_daily_rollups.total_response_ms + excluded.total_response_ms`);
    const deleted = await queryRows<{ n: number }>(
      sql`with d as (delete from monitor_checks where checked_at < ${cutoff.toISOString()}::timestamptz returning 1)
          select count(*)::int as n from d`,
      tx,
    );
    return Number(deleted[0]?.n ?? 0);
  });
}

/**
 * Share of checks in the last 30 days that were up or slow (the service answered), from the daily
 * totals plus the raw checks not yet rolled up. Null when there is no check at all.
 */
export async function computeUptime(
  now = new Date(),
): Promise<Map<string, { uptime: number | null; total: number }>> {
  const since = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
  const sinceDay = since.toISOString().slice(0, 10);
  const rows = await queryRows<{ service: string; answered: number; total: number }>(sql`
    select service, sum(answered)::int as answered, sum(total)::int as total from (
      select service, up_count + slow_count as answered, up_count + slow_count + down_count as total
        from monitor_daily_rollups where day >= ${sinceDay}::date
      union all
      select service, count(*) filter (where status <> 'down'), count(*)
        from monitor_checks where checked_at >= ${since.toISOString()}::timestamptz group by service
    ) t group by service`);
  const map = new Map<string, { uptime: number | null; total: number }>();
  for (const r of rows) {
    const total = Number(r.total);
    map.set(r.service, {
      total,
      uptime: total > 0 ? Math.round((Number(r.answered) / total) * 10_000) / 100 : null,
    });
  }
  return map;
}

export type LatestCheck = {
  service: MonitoredService;
  status: MonitorStatus;
  response_ms: number;
  error: string | null;
  checked_at: string | Date;
};

/** The newest check of each service, one index probe per service. */
export async function listLatestChecks(): Promise<LatestCheck[]> {
  return queryRows<LatestCheck>(sql`
    select c.service, c.status::text as status, c.response_ms, c.error, c.checked_at
      from unnest(array[${sql.join(
        MONITORED_SERVICES.map((s) => sql`${s}`),
        sql`, `,
      )}]::text[]) as s(service)
      cross join lateral (
        select * from monitor_checks m where m.service = s.service
         order by m.checked_at desc, m.id desc limit 1
      ) c`);
}

const ENABLED_KEY = "monitoring_enabled";

/** Monitoring runs unless staff stopped it; the choice survives restarts. */
export async function isMonitoringEnabled(on: Db = db()): Promise<boolean> {
  const [row] = await on.select().from(appState).where(eq(appState.key, ENABLED_KEY));
  return row ? row.value !== false : true;
}

export async function setMonitoringEnabled(options: { actorId: string; enabled: boolean }) {
  await db().transaction(async (tx) => {
    await tx
      .insert(appState)
      .values({ key: ENABLED_KEY, value: options.enabled })
      .onConflictDoUpdate({
        target: appState.key,
        set: { value: options.enabled, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      actorId: options.actorId,
      action: options.enabled ? "monitoring.start" : "monitoring.stop",
      targetType: "monitoring",
    });
  });
}

/** Check Now: runs every check and records who asked. */
export async function runChecksNowForStaff(options: { actorId: string }) {
  const results = await runAllChecks();
  await db().transaction(async (tx) => {
    await recordAudit(tx, {
      actorId: options.actorId,
      action: "monitoring.check_now",
      targetType: "monitoring",
      details: Object.fromEntries(results.map((r) => [r.service, r.status])),
    });
  });
  return results;
}

export async function addIncidentNote(options: {
  actorId: string;
  incidentId: string;
  body: string;
}): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [incident] = await tx
      .select({ id: incidents.id })
      .from(incidents)
      .where(eq(incidents.id, options.incidentId));
    if (!incident) return false;
    const [note] = await tx
      .insert(incidentNotes)
      .values({ incidentId: incident.id, authorId: options.actorId, body: options.body })
      .returning({ id: incidentNotes.id });
    await recordAudit(tx, {
      actorId: options.actorId,
      action: "incident.add_note",
      targetType: "incident",
      targetId: incident.id,
      details: { noteId: note!.id },
    });
    return true;
  });
}
