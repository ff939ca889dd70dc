import { consumeRateLimit } from "~/server/security/rate-limit.server";

/** One cap on a form: `max` attempts per `window` seconds for `key` (e.g. per client address). */
export type RateLimitKey = [key: string, window: number, max: number];

/**
 * Counts one attempt against each cap in turn and stops at the first that is used up: the seconds
 * to wait before trying again, or null when every cap still allows it.
 */
export async function secondsUntilAllowed(caps: RateLimitKey[]): Promise<number | null> {
  for (const [key, window, max] of caps) {
    const result = await consumeRateLimit(key, { window, max });
    if (!result.allowed) return result.retryAfter ?? window;
  }
  return null;
}
