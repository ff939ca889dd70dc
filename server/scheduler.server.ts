import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.server";
import { logger } from "~/server/logger.server";
import { lookupOptional, register, unregister } from "~/server/registry.server";

// The background rounds of this process (the mail sender, job alerts, interview invitations and
// reminders) run on one timer each, registered by name so a change can ask for a round now.

export type SchedulerHandle = { kick: () => void; stop: () => Promise<void> };

/**
 * Runs `run` now, then every `intervalMs`, and sooner when kicked; one run at a time in this
 * process. A run that resolves true (more may be due) runs again at once; with `rerunWhenKicked`,
 * a kick during a run asks for one more run after it, otherwise such a kick is dropped.
 */
export function startScheduler(options: {
  name: string;
  intervalMs: number;
  run: () => Promise<boolean | void>;
  failure: string;
  rerunWhenKicked?: boolean;
}): SchedulerHandle {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const tick = () => {
    if (stopped) return;
    if (running) {
      if (options.rerunWhenKicked) again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          if (await options.run()) again = true;
        } while (again && !stopped);
      } catch (error) {
        logger().error({ err: error }, options.failure);
      } finally {
        running = null;
      }
    })();
  };

  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  setImmediate(tick);
  const handle: SchedulerHandle = {
    kick: () => setImmediate(tick),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      unregister(options.name);
    },
  };
  register(options.name, handle);
  return handle;
}

/** Asks this process's scheduler `name` for a run now; without one (tests, scripts) nothing happens. */
export function kickScheduler(name: string) {
  lookupOptional<SchedulerHandle>(name)?.kick();
}

/**
 * Claims a round of `key` for this process when none was claimed in the last `minGapMs`: every
 * app process runs the timer, the one whose conditional upsert on app_state succeeds does the
 * round (the same lease as the monitor's and retention's). For rounds that do slow work outside a
 * transaction (listing a bucket), where an advisory transaction lock would hold a transaction open.
 */
export async function claimLease(key: string, minGapMs: number): Promise<Date | null> {
  const rows = await queryRows<{ at: string }>(sql`
    insert into app_state (key, value, updated_at)
    values (${key}, jsonb_build_object('at', now()), now())
    on conflict (key) do update set value = excluded.value, updated_at = now()
     where (app_state.value->>'at')::timestamptz <= now() - make_interval(secs => ${minGapMs / 1000})
    returning value->>'at' as at`);
  return rows[0] ? new Date(rows[0].at) : null;
}
