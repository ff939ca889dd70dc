import { sql } from "drizzle-orm";
import type { Config } from "~/server/config.server";
import { queryRows } from "~/server/db/client.server";
import { logger } from "~/server/logger.server";
import { lookupOptional } from "~/server/registry.server";

export type RateLimitRule = { window: number; max: number };
export type RateLimitResult = { allowed: boolean; retryAfter: number | null };

/** No rule may count over a longer window than this: rows older than it are deleted. */
export const RATE_LIMIT_MAX_WINDOW_SECONDS = 24 * 60 * 60;
const PRUNE_EVERY_MS = 5 * 60 * 1000;
let lastPruneAt = 0;

/**
 * Deletes the rows whose window ended long ago (one row per key ever seen would otherwise grow
 * forever: every client address, every e-mail tried). A row older than the longest window counts
 * as no row at all, so deleting it changes no answer.
 */
export async function pruneRateLimits(now = Date.now()) {
  const cutoff = now - RATE_LIMIT_MAX_WINDOW_SECONDS * 1000;
  await queryRows(sql`delete from rate_limits where last_request < ${cutoff}`);
}

// Opportunistic: at most once every few minutes per process, from the counting path itself, so
// no timer has to be started or stopped. A failure only delays the clean-up.
async function pruneNowAndThen(now: number) {
  // A clock set back (or a test's fake time that ran ahead) makes the last prune "in the future":
  // that counts as due too, or pruning would stop until the clock caught up.
  const since = now - lastPruneAt;
  if (since >= 0 && since < PRUNE_EVERY_MS) return;
  lastPruneAt = now;
  try {
    await pruneRateLimits(now);
  } catch (error) {
    logger().warn({ err: error }, "rate-limit pruning failed");
  }
}

/**
 * Records one attempt against `key` in a fixed window of `window` seconds, in one SQL statement,
 * so concurrent requests and several app processes share one count.
 */
export async function consumeRateLimit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  if (rule.window > RATE_LIMIT_MAX_WINDOW_SECONDS) {
    throw new Error(`rate-limit window of ${rule.window}s is longer than the pruning horizon`);
  }
  const now = Date.now();
  await pruneNowAndThen(now);
  const windowStart = now - rule.window * 1000;
  const [row] = await queryRows<{ count: number; last_request: string | number }>(sql`
    insert into rate_limits (key, count, last_request) values (${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limits.last_request <= ${windowStart} then 1 else rate_limits.count + 1 end,
      last_request = case when rate_limits.last_request <= ${windowStart} then ${now} else rate_limits.last_request end
    returning count, last_request`);
  const count = Number(row!.count);
  const max = rule.max * (lookupOptional<Config>("config")?.rateLimitScale ?? 1);
  if (count <= max) return { allowed: true, retryAfter: null };
  const retryAfter = Math.max(
    1,
    Math.ceil((Number(row!.last_request) + rule.window * 1000 - now) / 1000),
  );
  return { allowed: false, retryAfter };
}
