import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { desc, eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { setConfig } from "~/server/config.server";
import { queryRows } from "~/server/db/client.server";
import {
  auditLog,
  incidentNotes,
  incidents,
  monitorChecks,
  monitorDailyRollups,
} from "~/server/db/schema";
import { createHttpApp } from "~/server/http";
import {
  createDatabaseProbe,
  createMailProbe,
  createPagesProbe,
  createPaymentsProbe,
  createStorageProbe,
  type Probe,
} from "~/server/monitoring/checks.server";
import {
  computeUptime,
  isMonitoringEnabled,
  rollUpOldChecks,
  runAllChecks,
  setMonitorProbes,
} from "~/server/monitoring/monitor.server";
import { claimMonitorTick } from "~/server/monitoring/scheduler.server";
import { LocalStorageDriver } from "~/server/storage/local.server";
import { action, loader } from "~/app/routes/admin/monitoring";
import { FullDiskDriver } from "./full-disk-driver";
import { createTestUser, expectSentToDashboard, runAs, setupTestDatabase } from "./harness";

const ctx = setupTestDatabase();

afterEach(() => setMonitorProbes(undefined));

/** A port on this machine where nothing listens. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const okProbe = (service: Probe["service"]): Probe => ({ service, run: async () => {} });

async function openIncidents(service: string) {
  return ctx.db
    .select()
    .from(incidents)
    .where(eq(incidents.serviceName, service))
    .orderBy(desc(incidents.createdAt));
}

describe("checks and incidents", () => {
  it("a database that cannot be reached opens an incident, and recovery resolves it", async () => {
    const port = await closedPort();
    const unreachable = createDatabaseProbe({ url: `postgres://passage@127.0.0.1:${port}/none` });
    const [down] = await runAllChecks({ probes: [unreachable] });
    expect(down).toMatchObject({ service: "database", status: "down" });
    expect(down!.error).toMatch(/ECONNREFUSED|connect/i);

    let [incident] = await openIncidents("database");
    expect(incident).toMatchObject({ status: "investigating", resolvedAt: null });
    expect(incident!.description).toMatch(/Database is down/);

    // Still down on the next tick: the same incident stays open, no second one.
    await runAllChecks({ probes: [unreachable] });
    expect(await openIncidents("database")).toHaveLength(1);

    const [up] = await runAllChecks({ probes: [createDatabaseProbe()] });
    expect(up!.status).toBe("up");
    [incident] = await openIncidents("database");
    expect(incident!.status).toBe("resolved");
    expect(incident!.resolvedAt).toBeInstanceOf(Date);
  });

  it("a check over the threshold counts as slow and opens an incident", async () => {
    const slow: Probe = {
      service: "payments",
      run: () => new Promise((resolve) => setTimeout(resolve, 30)),
    };
    const [result] = await runAllChecks({ probes: [slow], slowMs: 5 });
    expect(result!.status).toBe("slow");
    const [incident] = await openIncidents("payments");
    expect(incident!.description).toMatch(/slow/);
    await runAllChecks({ probes: [okProbe("payments")] });
    expect((await openIncidents("payments"))[0]!.resolvedAt).not.toBeNull();
  });

  it("the storage probe writes, reads and deletes a real object, leaving nothing behind", async () => {
    const root = path.join(ctx.dataDir, "probe-uploads");
    const driver = new LocalStorageDriver(root);
    const [result] = await runAllChecks({ probes: [createStorageProbe(() => driver)] });
    expect(result).toMatchObject({ service: "storage", status: "up", error: null });
    expect(fs.readdirSync(path.join(root, "monitoring"))).toEqual([]);
  });

  it("the mail probe talks to the SMTP server, and reports it down when it does not answer", async () => {
    const smtp = new SMTPServer({ authOptional: true, disabledCommands: ["STARTTLS"] });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const { port } = smtp.server.address() as net.AddressInfo;
    try {
      const [up] = await runAllChecks({
        probes: [createMailProbe({ smtpUrl: `smtp://127.0.0.1:${port}` })],
      });
      expect(up).toMatchObject({ service: "mail", status: "up" });
    } finally {
      await new Promise((resolve) => smtp.close(() => resolve(undefined)));
    }
    const [down] = await runAllChecks({
      probes: [createMailProbe({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}` })],
    });
    expect(down!.status).toBe("down");
    expect(down!.error).toMatch(/ECONNREFUSED/);
    await runAllChecks({ probes: [okProbe("mail")] });
  });

  it("the payments probe finds a Paystack set-up without a secret key", async () => {
    const [bad] = await runAllChecks({
      probes: [createPaymentsProbe({ provider: "paystack", paystackSecretKey: "" })],
    });
    expect(bad).toMatchObject({ status: "down" });
    expect(bad!.error).toMatch(/PAYSTACK_SECRET_KEY/);
    const [good] = await runAllChecks({
      probes: [createPaymentsProbe({ provider: "paystack", paystackSecretKey: "sk_test_abc" })],
    });
    expect(good!.status).toBe("up");
  });

  it("reports storage down when a file cannot be written (a full disk)", async () => {
    const full = new FullDiskDriver(path.join(ctx.dataDir, "full-uploads"));
    const [result] = await runAllChecks({ probes: [createStorageProbe(() => full)] });
    expect(result).toMatchObject({ service: "storage", status: "down" });
    expect(result!.error).toMatch(/^ENOSPC: no space left on device/);
    const [incident] = await openIncidents("storage");
    expect(incident!.description).toMatch(/^File storage is down: ENOSPC/);
    await runAllChecks({ probes: [okProbe("storage")] });
  });

  it("reports storage down with a clear reason when no driver is registered", async () => {
    const [result] = await runAllChecks({ probes: [createStorageProbe(() => undefined)] });
    expect(result).toMatchObject({ status: "down", error: "No file storage driver is registered" });
  });

  it("the page probe fails when the page answers with an error", async () => {
    const fetcher = (async () => new Response("boom", { status: 502 })) as typeof fetch;
    const [result] = await runAllChecks({
      probes: [createPagesProbe({ url: "http://passage.test/", fetcher })],
    });
    expect(result).toMatchObject({ status: "down" });
    expect(result!.error).toMatch(/502/);
  });
});

describe("uptime and roll-up", () => {
  it("computes 30-day uptime from daily totals and raw checks, and keeps it after the roll-up", async () => {
    const now = new Date();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 24 * 3600 * 1000);
    // 10 days ago: 7 up, 1 slow, 2 down (raw, old enough to roll up); today: 9 up, 1 down;
    // 40 days ago: 5 down, outside the window.
    const rows = [
      ...Array.from({ length: 7 }, () => ({ status: "up" as const, checkedAt: daysAgo(10) })),
      { status: "slow" as const, checkedAt: daysAgo(10) },
      ...Array.from({ length: 2 }, () => ({ status: "down" as const, checkedAt: daysAgo(10) })),
      ...Array.from({ length: 9 }, () => ({ status: "up" as const, checkedAt: daysAgo(0.01) })),
      { status: "down" as const, checkedAt: daysAgo(0.01) },
      ...Array.from({ length: 5 }, () => ({ status: "down" as const, checkedAt: daysAgo(40) })),
    ];
    await ctx.db
      .insert(monitorChecks)
      .values(rows.map((r) => ({ ...r, service: "uptime-svc", responseMs: 100 })));

    // (8 + 9) answered of 20 in the window.
    expect((await computeUptime(now)).get("uptime-svc")).toEqual({ uptime: 85, total: 20 });

    const deleted = await rollUpOldChecks(now);
    expect(deleted).toBeGreaterThanOrEqual(15);
    const remaining = await ctx.db
      .select()
      .from(monitorChecks)
      .where(eq(monitorChecks.service, "uptime-svc"));
    expect(remaining).toHaveLength(10);
    const rollups = await ctx.db
      .select()
      .from(monitorDailyRollups)
      .where(eq(monitorDailyRollups.service, "uptime-svc"));
    expect(rollups.map((r) => r.upCount + r.slowCount + r.downCount).sort((a, b) => a - b)).toEqual(
      [5, 10],
    );

    expect((await computeUptime(now)).get("uptime-svc")).toEqual({ uptime: 85, total: 20 });
    // Rolling up again changes nothing.
    expect(await rollUpOldChecks(now)).toBe(0);
    expect((await computeUptime(now)).get("uptime-svc")).toEqual({ uptime: 85, total: 20 });
  });
});

describe("the scheduler lease", () => {
  it("lets only one claim win per interval", async () => {
    const claims = await Promise.all([claimMonitorTick(60_000), claimMonitorTick(60_000)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimMonitorTick(60_000)).toBeNull();
  });
});

describe("/admin/monitoring", () => {
  it("is for staff only", async () => {
    const applicant = await createTestUser();
    await expectSentToDashboard(applicant, { loader, action }, "/admin/monitoring", {
      intent: "check-now",
    });
  });

  it("Check Now records fresh checks and shows them", async () => {
    const admin = await createTestUser({ role: "admin" });
    setMonitorProbes([
      createDatabaseProbe(),
      okProbe("storage"),
      okProbe("mail"),
      okProbe("payments"),
      okProbe("pages"),
    ]);
    const before = Number(
      (await queryRows<{ n: number }>(sql`select count(*)::int as n from monitor_checks`))[0]!.n,
    );
    const result = await runAs(admin, action, "/admin/monitoring", {
      form: { intent: "check-now" },
    });
    expect(result).toMatchObject({ status: 302, location: "/admin/monitoring?done=checked" });
    const after = Number(
      (await queryRows<{ n: number }>(sql`select count(*)::int as n from monitor_checks`))[0]!.n,
    );
    expect(after - before).toBe(5);

    const page = await runAs(admin, loader, "/admin/monitoring");
    const data = page.data as {
      services: { service: string; status: string; checkedAt: string | null }[];
      healthScore: number;
    };
    expect(data.services.map((s) => s.status)).toEqual(["up", "up", "up", "up", "up"]);
    expect(data.healthScore).toBe(100);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "monitoring.check_now"));
    expect(audit?.actorId).toBe(admin.id);
  });

  it("Stop and Start persist and are audited", async () => {
    const admin = await createTestUser({ role: "admin" });
    const stopped = await runAs(admin, action, "/admin/monitoring", { form: { intent: "stop" } });
    expect(stopped.location).toBe("/admin/monitoring?done=stopped");
    expect(await isMonitoringEnabled()).toBe(false);
    const page = await runAs(admin, loader, "/admin/monitoring");
    expect((page.data as { enabled: boolean }).enabled).toBe(false);
    const started = await runAs(admin, action, "/admin/monitoring", { form: { intent: "start" } });
    expect(started.location).toBe("/admin/monitoring?done=started");
    expect(await isMonitoringEnabled()).toBe(true);
    const actions = (await ctx.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["monitoring.stop", "monitoring.start"]));
  });

  it("staff add a note to an incident; an empty note is refused", async () => {
    const agent = await createTestUser({ role: "manager" });
    const [incident] = await ctx.db
      .insert(incidents)
      .values({ serviceName: "mail", description: "Mail transport is down: test." })
      .returning();
    const empty = await runAs(agent, action, "/admin/monitoring", {
      form: { intent: "add-note", incidentId: incident!.id, body: "  " },
    });
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({
      intent: "add-note",
      incidentId: incident!.id,
      result: { error: { body: ["errors.noteRequired"] } },
    });
    const ok = await runAs(agent, action, "/admin/monitoring", {
      form: { intent: "add-note", incidentId: incident!.id, body: "Provider restarted." },
    });
    // Back to the page, the confirmation shown by the incident the note was added to.
    expect(ok).toMatchObject({
      status: 302,
      location: `/admin/monitoring?incident=${incident!.id}&done=noteSaved`,
    });
    const notes = await ctx.db
      .select()
      .from(incidentNotes)
      .where(eq(incidentNotes.incidentId, incident!.id));
    expect(notes.map((n) => n.body)).toEqual(["Provider restarted."]);
    const gone = await runAs(agent, action, "/admin/monitoring", {
      form: { intent: "add-note", incidentId: crypto.randomUUID(), body: "Too late." },
    });
    expect(gone.status).toBe(404);
    expect(gone.data).toMatchObject({ result: { error: { "": ["errors.incidentMissing"] } } });
    const unknown = await runAs(agent, action, "/admin/monitoring", { form: { intent: "reboot" } });
    expect(unknown).toMatchObject({
      status: 400,
      data: { flash: { ok: false, message: "errors.unknownIntent" } },
    });
    const page = await runAs(agent, loader, "/admin/monitoring");
    const data = page.data as { unresolvedIncidents: number; incidents: { notes: unknown[] }[] };
    expect(data.unresolvedIncidents).toBeGreaterThan(0);
    expect(data.incidents.some((i) => i.notes.length === 1)).toBe(true);
  });
});

describe("/metrics", () => {
  const app = () =>
    createHttpApp({
      mode: "test",
      trustProxy: false,
      getBuild: () => Promise.reject(new Error("no page rendering in this test")),
    });

  it("answers in the Prometheus text format with requests, checks, pool and process metrics", async () => {
    await runAllChecks({ probes: [createDatabaseProbe()] });
    const http = app();
    await http.request("/readyz");
    await http.request("/jobs/3f1c1c8e-2b7a-4c61-9a0e-1d2b3c4d5e6f");
    const response = await http.request("/metrics");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parsePrometheus(await response.text());
    expect(samples.get("passage_monitor_check_status")).toContainEqual({
      labels: { service: "database" },
      value: 1,
    });
    // PGlite is one connection; the test's PostgreSQL pool has 5, and the pool that keeps plans 2.
    expect(samples.get("passage_database_pool_max_connections")?.[0]?.value).toBe(
      ctx.database.kind === "pglite" ? 1 : 7,
    );
    expect(samples.get("passage_process_cpu_user_seconds_total")).toBeDefined();
    const requests = samples.get("passage_http_requests_total") ?? [];
    // Ids never become labels: the unknown job is one "not found", not its own series.
    expect(requests.some((s) => s.labels.route?.includes("3f1c1c8e"))).toBe(false);
    expect(
      requests.some((s) => s.labels.route === "not_found" || s.labels.route === "/jobs/:id"),
    ).toBe(true);
    expect(samples.get("passage_http_request_duration_seconds_bucket")?.length).toBeGreaterThan(0);
  });

  it("is closed in production until METRICS_TOKEN is set, and open in development and tests", async () => {
    const previous = ctx.config;
    try {
      setConfig({ ...previous, env: "production", metricsToken: undefined });
      const closed = await app().request("/metrics");
      expect(closed.status).toBe(404);
      expect(await closed.text()).not.toContain("passage_");

      const token = "production-metrics-token-123456";
      setConfig({ ...previous, env: "production", metricsToken: token });
      expect((await app().request("/metrics")).status).toBe(401);
      const ok = await app().request("/metrics", {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(ok.status).toBe(200);

      setConfig({ ...previous, env: "development", metricsToken: undefined });
      expect((await app().request("/metrics")).status).toBe(200);
    } finally {
      setConfig(previous);
    }
  });

  it("asks for the token when METRICS_TOKEN is set", async () => {
    const token = "metrics-token-for-tests-123456";
    const previous = ctx.config;
    setConfig({ ...previous, metricsToken: token });
    try {
      const http = app();
      expect((await http.request("/metrics")).status).toBe(401);
      expect(
        (await http.request("/metrics", { headers: { authorization: "Bearer wrong-token" } }))
          .status,
      ).toBe(401);
      const ok = await http.request("/metrics", {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(ok.status).toBe(200);
    } finally {
      setConfig(previous);
    }
  });
});

type Sample = { labels: Record<string, string>; value: number };

/** A strict reader of the exposition format: every line is a comment or `name{labels} value`. */
function parsePrometheus(text: string): Map<string, Sample[]> {
  const out = new Map<string, Sample[]>();
  const line = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)$/;
  for (const raw of text.split("\n")) {
    if (raw === "" || raw.startsWith("# HELP ") || raw.startsWith("# TYPE ")) continue;
    const m = line.exec(raw);
    if (!m) throw new Error(`not Prometheus text: ${raw}`);
    const labels: Record<string, string> = {};
    for (const pair of (m[3] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[pair[1]!] = pair[2]!;
    }
    const value = Number(m[4]);
    if (Number.isNaN(value) && m[4]!.toLowerCase() !== "nan") throw new Error(`bad value: ${raw}`);
    const list = out.get(m[1]!) ?? [];
    list.push({ labels, value });
    out.set(m[1]!, list);
  }
  return out;
}
