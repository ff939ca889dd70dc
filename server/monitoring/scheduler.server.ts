import { config } from "~/server/config.server";
import { logger } from "~/server/logger.server";
import { claimLease } from "~/server/scheduler.server";
import { isMonitoringEnabled, rollUpOldChecks, runAllChecks } from "./monitor.server";

const LEASE_KEY = "monitoring_lease";

/**
 * Claims the next tick for this process (the lease every background round uses: `claimLease`).
 * A tick may start a little early (timers drift), hence the 80 % margin. Returns the claim time, or
 * null when another process ran recently.
 */
export function claimMonitorTick(intervalMs: number): Promise<Date | null> {
  return claimLease(LEASE_KEY, Math.floor(intervalMs * 0.8));
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
