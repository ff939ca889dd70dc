import crypto from "node:crypto";
import type { Context, Hono, Next } from "hono";
import client from "prom-client";
import { type Config, config } from "~/server/config.server";
import { logger } from "~/server/logger.server";
import type { Database } from "~/server/db/client.server";
import { type LatestCheck, listLatestChecks } from "~/server/monitoring/monitor.server";
import { lookupOptional, register } from "~/server/registry.server";

// Both check gauges collect on one scrape; they share one query.
let pendingLatest: Promise<LatestCheck[]> | null = null;
function latestChecks(): Promise<LatestCheck[]> {
  pendingLatest ??= listLatestChecks()
    .catch(() => [])
    .finally(() => setTimeout(() => (pendingLatest = null), 0));
  return pendingLatest;
}

type Metrics = {
  registry: client.Registry;
  requests: client.Counter<"method" | "route" | "status">;
  duration: client.Histogram<"method" | "route">;
  /** Requests refused with 503 by the admission gate (server/security/admission.server.ts). */
  shed: client.Counter<"reason">;
  checkStatus: client.Gauge<"service">;
  checkResponse: client.Gauge<"service">;
};

/**
 * One registry per process, kept on the process registry: the Hono bundle and the React Router
 * bundle are separate module graphs, and a second registry would double-count or collide.
 */
export function metrics(): Metrics {
  const existing = lookupOptional<Metrics>("metrics");
  if (existing) return existing;
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: "passage_" });
  const m: Metrics = {
    registry,
    requests: new client.Counter({
      name: "passage_http_requests_total",
      help: "HTTP requests by method, route pattern and status",
      labelNames: ["method", "route", "status"],
      registers: [registry],
    }),
    duration: new client.Histogram({
      name: "passage_http_request_duration_seconds",
      help: "HTTP request latency by method and route pattern",
      labelNames: ["method", "route"],
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    shed: new client.Counter({
      name: "passage_http_requests_shed_total",
      help: "Requests answered 503 because the server was full: queue_full, waited_too_long",
      labelNames: ["reason"],
      registers: [registry],
    }),
    checkStatus: new client.Gauge({
      name: "passage_monitor_check_status",
      help: "Last monitor check per service: 1 up, 0.5 slow, 0 down",
      labelNames: ["service"],
      registers: [registry],
      // Read from the database, so every process reports the checks whichever process ran them.
      async collect() {
        for (const r of await latestChecks()) {
          this.set({ service: r.service }, r.status === "up" ? 1 : r.status === "slow" ? 0.5 : 0);
        }
      },
    }),
    checkResponse: new client.Gauge({
      name: "passage_monitor_check_response_seconds",
      help: "Response time of the last monitor check per service",
      labelNames: ["service"],
      registers: [registry],
      async collect() {
        for (const r of await latestChecks())
          this.set({ service: r.service }, Number(r.response_ms) / 1000);
      },
    }),
  };
  new client.Gauge({
    name: "passage_database_pool_max_connections",
    help: "Connections this process's database pools may open together (PGlite: 1, embedded)",
    registers: [registry],
    collect() {
      const database = lookupOptional<Database>("database");
      if (!database) return;
      // The main pool and, with prepared statements, the one that keeps plans.
      const max = Number(database.sql?.options.max ?? 0);
      const steady = Number(database.steadySql?.options.max ?? 0);
      this.set(database.kind === "pglite" ? 1 : max + steady);
    },
  });
  register("metrics", m);
  return m;
}

const ID_SEGMENT =
  /^(?:\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[A-Za-z0-9_-]{20,})$/i;

/**
 * A label for the route a request took, never the raw path: ids become ":id", assets and
 * React Router data requests fold together, and anything that was not found is one label.
 */
export function routeLabel(pathname: string, status: number): string {
  if (status === 404) return "not_found";
  if (pathname.startsWith("/assets/")) return "/assets/*";
  const path = pathname.endsWith(".data") ? pathname.slice(0, -5) || "/" : pathname;
  const segments = path
    .split("/")
    .filter(Boolean)
    .slice(0, 4)
    .map((s) => (ID_SEGMENT.test(s) ? ":id" : s.length > 40 ? ":slug" : s));
  return `/${segments.join("/")}${pathname.endsWith(".data") ? ".data" : ""}`;
}

async function measureRequest(c: Context, next: Next) {
  const started = performance.now();
  try {
    await next();
  } finally {
    const m = metrics();
    const url = new URL(c.req.url);
    const status = c.res?.status ?? 500;
    const route = routeLabel(url.pathname, status);
    m.requests.inc({ method: c.req.method, route, status: String(status) });
    m.duration.observe({ method: c.req.method, route }, (performance.now() - started) / 1000);
  }
}

function tokenMatches(header: string | undefined, token: string) {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, "") ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/**
 * Who may read /metrics. Production: only a scraper with METRICS_TOKEN, and with no token set
 * the endpoint does not exist (closed by default — process and traffic figures help an
 * attacker). Development and tests: open, unless a token is set.
 */
export function metricsAccess(settings: Pick<Config, "env" | "metricsToken">) {
  if (settings.metricsToken) return { kind: "token" as const, token: settings.metricsToken };
  return settings.env === "production" ? { kind: "off" as const } : { kind: "open" as const };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Hono env generics vary by caller
export function registerMetricsEndpoints(app: Hono<any>) {
  metrics();
  const settings = lookupOptional<Config>("config");
  if (settings && metricsAccess(settings).kind === "off") {
    logger().warn(
      "METRICS_TOKEN is not set: /metrics is off (set it to let a scraper read metrics)",
    );
  }
  app.get("/metrics", async (c) => {
    const access = metricsAccess(config());
    if (access.kind === "off") return c.text("Not found", 404);
    if (access.kind === "token" && !tokenMatches(c.req.header("authorization"), access.token)) {
      c.header("www-authenticate", 'Bearer realm="metrics"');
      return c.text("Unauthorized", 401);
    }
    const m = metrics();
    return c.body(await m.registry.metrics(), 200, { "content-type": m.registry.contentType });
  });
  app.use("*", measureRequest);
}
