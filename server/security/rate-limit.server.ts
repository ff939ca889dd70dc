import { sql } from "drizzle-orm";
import type { Config } from "../config.server";
import { queryRows } from "../db/client.server";
import { lookupOptional } from "../registry.server";

export type RateLimitRule = { window: number; max: number };
export type RateLimitResult = { allowed: boolean; retryAfter: number | null };

/**
 * Records one attempt against `key` in a fixed window of `window` seconds, in one SQL statement,
 * so concurrent requests and several app processes share one count.
 */
export async function consumeRateLimit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const now = Date.now();
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
