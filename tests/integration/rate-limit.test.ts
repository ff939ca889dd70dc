import { afterEach, describe, expect, it, vi } from "vitest";
import { rateLimits } from "~/server/db/schema";
import { consumeRateLimit } from "~/server/security/rate-limit.server";
import { setupTestDatabase } from "./harness";

const ctx = setupTestDatabase();
const HOUR = 60 * 60 * 1000;

afterEach(() => {
  vi.useRealTimers();
});

async function keys() {
  const rows = await ctx.db.select({ key: rateLimits.key }).from(rateLimits);
  return rows.map((r) => r.key).sort();
}

describe("rate-limit rows", () => {
  it("are pruned once their window is long over, while current windows keep counting", async () => {
    const start = Date.now();
    await ctx.db.insert(rateLimits).values([
      { key: "signin:ip:192.0.2.1", count: 30, lastRequest: start - 3 * 24 * HOUR },
      { key: "reset:email:gone@example.com", count: 3, lastRequest: start - 25 * HOUR },
      { key: "reset:email:recent@example.com", count: 2, lastRequest: start - HOUR / 2 },
    ]);

    // Pruning runs now and then from the counting path; let a while pass so it is due.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start + 10 * 60 * 1000);
    await consumeRateLimit("signin:email:someone@example.com", { window: 60, max: 5 });

    expect(await keys()).toEqual([
      "reset:email:recent@example.com",
      "signin:email:someone@example.com",
    ]);
    // The window still open keeps its count: one more attempt is the third of three.
    const third = await consumeRateLimit("reset:email:recent@example.com", {
      window: 3600,
      max: 3,
    });
    expect(third.allowed).toBe(true);
    const fourth = await consumeRateLimit("reset:email:recent@example.com", {
      window: 3600,
      max: 3,
    });
    expect(fourth.allowed).toBe(false);
  });

  it("keep growing no further than the keys in use: a day later the table is empty again", async () => {
    const start = Date.now();
    for (let i = 0; i < 50; i++) {
      await consumeRateLimit(`contact:ip:198.51.100.${i}`, { window: 600, max: 5 });
    }
    expect((await keys()).filter((k) => k.startsWith("contact:ip:"))).toHaveLength(50);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start + 25 * HOUR);
    await consumeRateLimit("signin:email:later@example.com", { window: 60, max: 5 });
    expect((await keys()).filter((k) => k.startsWith("contact:ip:"))).toHaveLength(0);
  });
});
