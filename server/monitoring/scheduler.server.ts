import { sql } from "drizzle-orm";
import { config } from "~/server/config.server";
import { queryRows } from "~/server/db/client.server";
import { logger } from "~/server/logger.server";
import { isMonitoringEnabled, rollUpOldChecks, runAllChecks } from "./monitor.server";

const LEASE_KEY = "monitoring_lease";

/**
 * Claims the next tick for this process. Several app processes share one database; each runs a
 * timer, and the one whose conditional upsert succeeds runs the checks. PostgreSQL serialises the
 * upsert on the row, so two processes can never both claim the same interval; the database clock
 * decides, so machines with skewed clocks agree. A tick may start a little early (timers drift),
 * hence the 80 % margin. Returns the claim time, or null when another process ran recently.
 */
export async function claimMonitorTick(intervalMs: number): Promise<Date | null> {
  const minGapMs = Math.floor(intervalMs * 0.8);
  const rows = await queryRows<{ at: string }>(sql`
    insert into app_state (key, value, updated_at)
    values (${LEASE_KEY}, jsonb_build_object('at', now()), now())
    on conflict (key) do update set value = excluded.value, updated_at = now()
     where (app_state.value->>'at')::timestamptz <= now() - make_interval(secs => ${minGapMs / 1000})
    returning value->>'at' as at`);
  return rows[0] ? new Date(rows[0].at) : null;
}

export type MonitorScheduler = { stop: () => Promise<void> };

/** Runs the checks every MONITOR_INTERVAL_MS while monitoring is enabled. Started by server/main.ts. */
export function startMonitorScheduler(
  options: { intervalMs?: number; firstTickMs?: number } = {},
): MonitorScheduler {
  const intervalMs = options.intervalMs ?? config().monitor.intervalMs;
  const log = logger();
  let running: Promise<void> | null = null;
  let stopped = false;

  const tick = async () => {
    try {
      if (!(await isMonitoringEnabled())) return;
      const claimedAt = await claimMonitorTick(intervalMs);
      if (!claimedAt) return;
      const results = await runAllChecks({ checkedAt: claimedAt });
      const failing = results.filter((r) => r.status !== "up");
      if (failing.length > 0)
        log.warn({ failing: failing.map((r) => `${r.service}:${r.status}`) }, "monitor check");
      await rollUpOldChecks();
    } catch (error) {
      log.error({ err: error }, "monitor tick failed");
    }
  };
  const schedule = () => {
    if (stopped || running) return;
    running = tick().finally(() => {
      running = null;
    });
  };
  const first = setTimeout(schedule, options.firstTickMs ?? Math.min(2000, intervalMs));
  const timer = setInterval(schedule, intervalMs);
  first.unref();
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
