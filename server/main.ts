import cluster from "node:cluster";
import http from "node:http";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { startBackups } from "./backup/in-server.server";
import { bootApp } from "./boot.server";
import { createFrontDoor } from "./cache/front-door.server";
import { PageCache } from "./cache/page-cache.server";
import { loadConfig } from "./config.server";
import { closeDatabase } from "./db/client.server";
import { createHttpApp } from "./http";
import { createLogger, setLogger } from "./logger.server";
import { startMonitorScheduler } from "./monitoring/scheduler.server";
import { startMailSender } from "./mail/sender.server";
import { startJobAlertScheduler } from "./jobs/job-alerts.server";
import { startRetentionScheduler } from "./privacy/retention.server";
import { startInterviewScheduler } from "./interviews/rounds.server";
import { startComplaintEscalationScheduler } from "./complaints/escalate-complaints.server";
import { startRefundOutcomeScheduler } from "./fees/refund-todos.server";
import { startDocumentExpiryScheduler } from "./documents/expiry.server";
import { startTaskReminderScheduler } from "./tasks/tasks.server";
import { startStorageSweepScheduler } from "./storage/sweep.server";

const config = loadConfigOrStop();
const log = createProcessLogger();
function createProcessLogger() {
  const l = createLogger(config.logLevel, config.logFormat);
  setLogger(l);
  return l;
}

try {
  // A busy port is found before the database is opened, migrated and seeded: one line at once.
  if (cluster.isPrimary) await portIsFree();
  if (config.workers > 1 && cluster.isPrimary) {
    await superviseWorkers();
  } else {
    await serve();
  }
} catch (error) {
  await stopBeforeServing(error);
}

function loadConfigOrStop() {
  try {
    return loadConfig();
  } catch (error) {
    process.stderr.write(`Passage could not start: ${(error as Error).message}\n`);
    process.exit(1);
  }
}

function portInUse() {
  return new Error(
    `port ${config.port} is already in use (another Passage, or another program). ` +
      "Stop it, or choose another port with PORT=…",
  );
}

/** Listens on the port for a moment and lets it go; the real listen still reports a late taker. */
async function portIsFree() {
  if (!config.port) return;
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "EADDRINUSE" ? portInUse() : error),
    );
    probe.listen(config.port, config.host, () => probe.close(() => resolve()));
  });
}

/**
 * A start that cannot go on (a bad setting, a data folder in use, a busy port) is one clear line,
 * not a stack trace; the database is closed and the data folder released (on exit) behind it.
 */
async function stopBeforeServing(error: unknown): Promise<never> {
  const message = error instanceof Error ? error.message : String(error);
  log.debug({ err: error }, "start-up failed");
  process.stderr.write(`Passage could not start: ${message}\n`);
  await closeDatabase().catch(() => {});
  process.exit(1);
}

/**
 * WEB_CONCURRENCY > 1 (PostgreSQL only): this process migrates and seeds once, then runs that many
 * workers sharing the port (node:cluster hands each connection to one of them). Workers keep
 * nothing a request needs in memory alone (decision record 9): sessions, rate limits and the
 * outbox are in PostgreSQL, and cached public data is dropped in every worker on a change
 * (LISTEN/NOTIFY). A worker that dies is replaced; one that dies before it ever listened stops
 * the server, so a bad start does not loop.
 */
async function superviseWorkers() {
  await bootApp(config);
  await closeDatabase();
  let stopping = false;
  const fork = () => {
    const worker = cluster.fork({ SEED_DEMO: "false" });
    let listening = false;
    worker.once("listening", () => (listening = true));
    worker.once("exit", (code, signal) => {
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
        return;
      }
      if (!listening) {
        log.fatal({ code, signal }, "a worker failed to start; stopping");
        process.exit(1);
      }
      log.error({ pid: worker.process.pid, code, signal }, "a worker exited; starting another");
      fork();
    });
  };
  for (let i = 0; i < config.workers; i++) fork();
  log.info({ workers: config.workers }, "started worker processes");
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "stopping the workers");
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
    process.on(signal, () => stop(signal));
  }
}

/** One serving process: the whole app, on the port. */
async function serve() {
  await bootApp(config);
  // Queued mail is delivered in the background, so a request never waits for an SMTP server.
  const mailSender = startMailSender();
  // Job alerts: new jobs matched and mailed each minute, one process at a time.
  const jobAlerts = startJobAlertScheduler();
  // Retention: inactive applicants warned, then erased (site settings), one process per round.
  const retention = startRetentionScheduler();
  // Interviews: invitations to choose a slot and day-before reminders, one process at a time.
  const interviews = startInterviewScheduler();
  // Complaints past their answer deadline: the super admins told, once each.
  const complaints = startComplaintEscalationScheduler();
  // Fees whose refund rule says "no offer within N days": staff get a refund to-do, once each.
  const refundOutcomes = startRefundOutcomeScheduler();
  // Documents that stop being valid: the applicant reminded 60, 30 and 7 days before, once each.
  const documentExpiry = startDocumentExpiryScheduler();
  // Applicants' tasks past their due date: the applicant told once each.
  const taskReminders = startTaskReminderScheduler();
  // Stored files no row refers to (an upload cut off by a crash), one process at a time.
  const storageSweep = startStorageSweepScheduler();
  // Backups this process makes: scheduled ones, and those `npm run db:backup` asks for (SIGUSR2).
  const backups = startBackups(config);

  let getBuild: () => Promise<ServerBuild>;
  let viteMiddleware: http.RequestListener | undefined;
  let closeVite: (() => Promise<void>) | undefined;

  if (config.env === "development") {
    const vite = await import("vite");
    const server = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
    getBuild = () =>
      server.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    viteMiddleware = server.middlewares as unknown as http.RequestListener;
    closeVite = () => server.close();
  } else {
    const buildPath = path.resolve(
      process.cwd(),
      process.env.BUILD_DIR ?? "build",
      "server/index.js",
    );
    const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
    getBuild = async () => build;
  }

  // Visitors' public pages are served from memory in production; in development every request
  // renders, so an edit shows at once. Changes made anywhere move the tables' versions in the
  // database (server/cache/cached.server.ts), which the cache checks.
  const pageCache = config.env === "production" ? new PageCache() : undefined;

  let shuttingDown = false;
  const app = createHttpApp({
    mode: config.env,
    getBuild,
    trustProxy: config.trustProxy,
    isShuttingDown: () => shuttingDown,
    pageCache,
  });
  const honoListener = getRequestListener(app.fetch);
  const frontDoor = createFrontDoor({
    app: (req, res) => void honoListener(req, res),
    pageCache,
    dev: viteMiddleware as Parameters<typeof createFrontDoor>[0]["dev"],
  });
  const server = http.createServer((req, res) => {
    // Stopping: each answer closes its connection, so a keep-alive client opens its next request
    // elsewhere instead of sending it on a socket about to close.
    if (shuttingDown) res.setHeader("connection", "close");
    frontDoor(req, res);
  });
  server.keepAliveTimeout = 65_000;
  server.once("error", (error: NodeJS.ErrnoException) => {
    void stopBeforeServing(error.code === "EADDRINUSE" ? portInUse() : error);
  });
  let monitor: ReturnType<typeof startMonitorScheduler> | undefined;

  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    log.info({ port, env: config.env }, `Passage is listening on http://localhost:${port}`);
    // The monitor checks this process's own pages, so it starts once we listen.
    monitor = startMonitorScheduler();
  });

  /**
   * Readiness goes false first and requests are still served for the drain, so a load balancer
   * stops sending; then no new connections, in-flight requests and background jobs finish, the
   * database closes, and the process exits, within SHUTDOWN_TIMEOUT_MS whatever happens.
   */
  async function shutdown(signal: string) {
    if (shuttingDown) return;
    shuttingDown = true;
    const { drainMs, timeoutMs } = config.shutdown;
    log.info({ signal, drainMs }, "shutting down: not ready, then finishing in-flight requests");
    const force = setTimeout(() => {
      log.warn(`in-flight requests did not finish in ${timeoutMs / 1000} s; exiting`);
      process.exit(1);
    }, timeoutMs);
    force.unref();
    if (drainMs > 0) await sleep(drainMs);
    server.close(async () => {
      try {
        await closeVite?.();
        await monitor?.stop();
        await jobAlerts.stop();
        await retention.stop();
        await interviews.stop();
        await complaints.stop();
        await refundOutcomes.stop();
        await documentExpiry.stop();
        await taskReminders.stop();
        await storageSweep.stop();
        await backups.stop();
        await mailSender.stop();
        await closeDatabase();
        log.info("stopped cleanly");
        process.exit(0);
      } catch (error) {
        log.error({ err: error }, "error while closing");
        process.exit(1);
      }
    });
    server.closeIdleConnections();
  }

  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
    process.on(signal, () => void shutdown(signal));
  }
}
