import { describe, expect, it } from "vitest";
import { createHttpApp } from "~/server/http";
import { setupTestDatabase } from "./harness";

setupTestDatabase();

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
    expect(await ready.json()).toMatchObject({ status: "ready", database: "up" });
    expect(ready.headers.get("x-request-id")).toBe("abc-123");
    expect(ready.headers.get("x-content-type-options")).toBe("nosniff");
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
