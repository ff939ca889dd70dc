import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createHttpApp } from "~/server/http";
import { LocalStorageDriver } from "~/server/storage/local.server";
import { setStorage } from "~/server/storage/storage.server";
import { FullDiskDriver } from "./full-disk-driver";
import { setupTestDatabase } from "./harness";

const ctx = setupTestDatabase();
const uploads = () => path.join(ctx.dataDir, "uploads");
beforeAll(() => setStorage(new LocalStorageDriver(uploads())));

describe("health endpoints", () => {
  it("answers /healthz and /readyz as JSON with a request id", async () => {
    const app = createHttpApp({
      mode: "test",
      trustProxy: false,
      getBuild: () => Promise.reject(new Error("no page rendering in this test")),
    });
    const health = await app.request("/healthz");
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok" });
    expect(health.headers.get("x-request-id")).toBeTruthy();

    const ready = await app.request("/readyz", { headers: { "x-request-id": "abc-123" } });
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready", database: "up", storage: "up" });
    expect(ready.headers.get("x-request-id")).toBe("abc-123");
    expect(ready.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("reports not ready while files cannot be stored (a full disk), and ready once they can", async () => {
    const app = createHttpApp({
      mode: "test",
      trustProxy: false,
      getBuild: () => Promise.reject(new Error("no page rendering in this test")),
    });
    setStorage(new FullDiskDriver(uploads()));
    const full = await app.request("/readyz");
    expect(full.status).toBe(503);
    expect(await full.json()).toEqual({ status: "not_ready", database: "up", storage: "full" });

    setStorage(new LocalStorageDriver(uploads()));
    expect((await app.request("/readyz")).status).toBe(200);
  });

  it("reports not ready while shutting down", async () => {
    const closing = createHttpApp({
      mode: "test",
      trustProxy: false,
      getBuild: () => Promise.reject(new Error("unused")),
      isShuttingDown: () => true,
    });
    const ready = await closing.request("/readyz");
    expect(ready.status).toBe(503);
  });
});
