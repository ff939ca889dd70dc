import crypto from "node:crypto";
import type { HttpBindings } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { createRequestHandler, type ServerBuild } from "react-router";
import { auth } from "./auth/auth.server";
import { pingDatabase } from "./db/client.server";
import { registerEndpoints } from "./http-routes";
import { logger } from "./logger.server";
import type { RequestContext } from "./context";

export type HttpOptions = {
  mode: "development" | "production" | "test";
  getBuild: () => Promise<ServerBuild>;
  trustProxy: boolean;
  /** Routes other parts of the server add before React Router (files, webhooks, metrics). */
  extend?: (app: Hono<Env>) => void;
  isShuttingDown?: () => boolean;
};

type Env = { Bindings: HttpBindings; Variables: RequestContext };

function clientIpOf(
  c: { req: { header: (n: string) => string | undefined }; env: HttpBindings },
  trustProxy: boolean,
) {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return c.env?.incoming?.socket?.remoteAddress ?? "unknown";
}

export function createHttpApp(options: HttpOptions) {
  const app = new Hono<Env>();
  const log = logger();

  app.use(async (c, next) => {
    const requestId = c.req.header("x-request-id")?.slice(0, 64) || crypto.randomUUID();
    c.set("requestId", requestId);
    c.set("clientIp", clientIpOf(c, options.trustProxy));
    const started = performance.now();
    await next();
    c.header("x-request-id", requestId);
    const url = new URL(c.req.url);
    if (url.pathname.startsWith("/assets/") || url.pathname === "/healthz") return;
    log.info(
      {
        requestId,
        method: c.req.method,
        path: url.pathname,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });

  app.use(async (c, next) => {
    await next();
    c.header("x-content-type-options", "nosniff");
    c.header("referrer-policy", "strict-origin-when-cross-origin");
    c.header("x-frame-options", "DENY");
  });

  app.get("/healthz", (c) => c.json({ status: "ok", uptime: Math.round(process.uptime()) }));
  app.get("/readyz", async (c) => {
    if (options.isShuttingDown?.()) return c.json({ status: "shutting_down" }, 503);
    try {
      await pingDatabase();
      return c.json({ status: "ready", database: "up" });
    } catch (error) {
      log.error({ err: error }, "readiness check failed");
      return c.json({ status: "not_ready", database: "down" }, 503);
    }
  });

  // better-auth's own endpoints: sign-out, session, password reset links. Its rate limiter keys on
  // the address we put in this header, never one the client sends.
  app.on(["GET", "POST"], "/api/auth/*", (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set("x-passage-client-ip", c.get("clientIp"));
    return auth().handler(new Request(c.req.raw, { headers }));
  });

  registerEndpoints(app);
  options.extend?.(app);

  if (options.mode === "production") {
    const clientDir = `./${process.env.BUILD_DIR ?? "build"}/client`;
    app.use(
      "/assets/*",
      serveStatic({
        root: clientDir,
        onFound: (_path, c) => c.header("cache-control", "public, max-age=31536000, immutable"),
      }),
    );
    app.use(
      "*",
      serveStatic({
        root: clientDir,
        onFound: (_path, c) => c.header("cache-control", "public, max-age=3600"),
      }),
    );
  }

  let cached: { build: ServerBuild; handler: ReturnType<typeof createRequestHandler> } | undefined;
  app.all("*", async (c) => {
    const build = await options.getBuild();
    if (cached?.build !== build)
      cached = { build, handler: createRequestHandler(build, options.mode) };
    const handler = cached.handler;
    const context: RequestContext = { requestId: c.get("requestId"), clientIp: c.get("clientIp") };
    return handler(c.req.raw, context);
  });

  app.onError((error, c) => {
    log.error({ err: error, requestId: c.get("requestId") }, "unhandled error");
    return c.text("Something went wrong on our side. Please try again.", 500);
  });

  return app;
}
