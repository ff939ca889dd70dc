import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { metrics } from "~/server/metrics/metrics.server";
import { AdmissionGate, admitRequests } from "./admission.server";

const limits = { concurrency: 1, queue: 1, maxWaitMs: 2_000, retryAfterSeconds: 2 };

afterEach(() => {
  vi.useRealTimers();
});

describe("AdmissionGate", () => {
  it("runs up to its concurrency, queues up to its queue, and refuses the rest at once", async () => {
    const gate = new AdmissionGate(limits);
    expect(await gate.enter()).toBe(true);
    const second = gate.enter();
    expect(await gate.enter()).toBe("queue_full");
    expect(gate.queued).toBe(1);

    gate.leave();
    expect(await second).toBe(true);
    expect(gate.inFlight).toBe(1);
    gate.leave();
    expect(gate.inFlight).toBe(0);
  });

  it("lets the waiting in in the order they came", async () => {
    const gate = new AdmissionGate({ ...limits, queue: 3 });
    await gate.enter();
    const order: number[] = [];
    const waiting = [1, 2, 3].map((n) => gate.enter().then(() => order.push(n)));
    for (let i = 0; i < 3; i++) gate.leave();
    await Promise.all(waiting);
    expect(order).toEqual([1, 2, 3]);
  });

  it("sends away a request that waited longer than the bound, and frees its place in line", async () => {
    vi.useFakeTimers();
    const gate = new AdmissionGate(limits);
    await gate.enter();
    const waiting = gate.enter();
    vi.advanceTimersByTime(limits.maxWaitMs);
    expect(await waiting).toBe("waited_too_long");
    expect(gate.queued).toBe(0);
    gate.leave();
    expect(gate.inFlight).toBe(0);
  });
});

/** An app behind the gate whose page requests hold their slot until released. */
function gatedApp() {
  const app = new Hono();
  app.get("/healthz", (c) => c.text("ok"));
  app.use(admitRequests({ concurrency: 1, queue: 0, maxWaitMs: 1_500 }));
  const holds: (() => void)[] = [];
  app.get("/slow", () => new Promise<Response>((r) => holds.push(() => r(new Response("done")))));
  app.get("/page", (c) => c.text("page"));
  app.post("/dashboard/documents", (c) => c.text("stored"));
  return {
    app,
    release: () => holds.shift()?.(),
    /** Resolves once the slow request is running (it holds the one slot). */
    running: async () => {
      while (holds.length === 0) await new Promise((r) => setImmediate(r));
    },
  };
}

const shedCount = async (reason: string) =>
  (await metrics().shed.get()).values.find((v) => v.labels.reason === reason)?.value ?? 0;

describe("admitRequests", () => {
  it("answers 503 with Retry-After past the queue, counts it, and serves again once there is room", async () => {
    const { app, release, running } = gatedApp();
    const before = await shedCount("queue_full");
    const slow = app.request("/slow");
    await running();

    const refused = await app.request("/page");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("2");
    expect(refused.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await refused.text()).toMatch(/too busy/);
    expect(await shedCount("queue_full")).toBe(before + 1);

    // Not behind the gate: a health check; and an upload, whose time is the network's.
    expect((await app.request("/healthz")).status).toBe(200);
    expect((await app.request("/dashboard/documents", { method: "POST" })).status).toBe(200);

    release();
    expect((await slow).status).toBe(200);
    expect((await app.request("/page")).status).toBe(200);
  });

  it("shows a browser a short page saying to try again", async () => {
    const { app, release, running } = gatedApp();
    const slow = app.request("/slow");
    await running();
    const refused = await app.request("/page", { headers: { accept: "text/html,*/*;q=0.8" } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await refused.text();
    expect(html).toContain("<h1>We are very busy right now</h1>");
    expect(html).toContain('href="/page"');
    release();
    await slow;
  });
});
