import path from "node:path";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config, setConfig } from "~/server/config.server";
import { createHttpApp } from "~/server/http";
import { LocalStorageDriver } from "~/server/storage/local.server";
import { setStorage } from "~/server/storage/storage.server";
import { setupTestDatabase } from "./harness";

// Issue 38, finding 7: a process full of page requests still answers its health checks, and sends
// the next page request away at once with 503 and Retry-After instead of leaving it waiting.
const ctx = setupTestDatabase();
let saved: ReturnType<typeof config>;
beforeAll(() => {
  setStorage(new LocalStorageDriver(path.join(ctx.dataDir, "uploads")));
  saved = config();
  setConfig({ ...saved, admission: { concurrency: 1, queue: 0, maxWaitMs: 1_000 } });
});
afterAll(() => setConfig(saved));

describe("load shedding", () => {
  it("answers health checks while every page slot is taken, and sheds the next page", async () => {
    const builds: ((build: ServerBuild) => void)[] = [];
    const app = createHttpApp({
      mode: "test",
      trustProxy: false,
      // The first page request holds the one slot: its build never comes.
      getBuild: () => new Promise<ServerBuild>((resolve) => builds.push(resolve)),
    });
    void app.request("/jobs");
    await new Promise((r) => setImmediate(r));

    const shed = await app.request("/news");
    expect(shed.status).toBe(503);
    expect(shed.headers.get("retry-after")).toBe("1");
    expect((await app.request("/healthz")).status).toBe(200);
    expect((await app.request("/readyz")).status).toBe(200);
    expect(builds).toHaveLength(1);
  });
});
