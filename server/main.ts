import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { bootApp } from "./boot.server";
import { createFrontDoor } from "./cache/front-door.server";
import { PageCache } from "./cache/page-cache.server";
import { listenForPublicContentChanges } from "./cache/public-content.server";
import { loadConfig } from "./config.server";
import { closeDatabase } from "./db/client.server";
import { createHttpApp } from "./http";
import { createLogger, setLogger } from "./logger.server";
import { startMonitorScheduler } from "./monitoring/scheduler.server";
import { startMailSender } from "./mail/sender.server";

const config = loadConfig();
const log = createProcessLogger();
function createProcessLogger() {
  const l = createLogger(config.logLevel, config.env === "development");
  setLogger(l);
  return l;
}

await bootApp(config);
// Queued mail is delivered in the background, so a request never waits for an SMTP server.
const mailSender = startMailSender();

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
// renders, so an edit shows at once. Other processes' changes arrive by LISTEN/NOTIFY.
const pageCache = config.env === "production" ? new PageCache() : undefined;
const stopListening = await listenForPublicContentChanges();

let shuttingDown = false;
const app = createHttpApp({
  mode: config.env,
  getBuild,
  trustProxy: config.trustProxy,
  isShuttingDown: () => shuttingDown,
  pageCache,
});
const honoListener = getRequestListener(app.fetch);
const server = http.createServer(
  createFrontDoor({
    app: (req, res) => void honoListener(req, res),
    pageCache,
    dev: viteMiddleware as Parameters<typeof createFrontDoor>[0]["dev"],
  }),
);
server.keepAliveTimeout = 65_000;
let monitor: ReturnType<typeof startMonitorScheduler> | undefined;

server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  log.info({ port, env: config.env }, `Passage is listening on http://localhost:${port}`);
  // The monitor checks this process's own pages, so it starts once we listen.
  monitor = startMonitorScheduler();
});

async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  log.info({ signal }, "shutting down: finishing in-flight requests");
  const force = setTimeout(() => {
    log.warn("in-flight requests did not finish in 10 s; exiting");
    process.exit(1);
  }, 10_000);
  force.unref();
  server.close(async () => {
    try {
      await closeVite?.();
      await monitor?.stop();
      await mailSender.stop();
      await stopListening();
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

process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
