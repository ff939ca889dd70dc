import crypto from "node:crypto";
import path from "node:path";
import type { HttpBindings } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { createRequestHandler, type ServerBuild } from "react-router";
import { auth } from "./auth/auth.server";
import { hasSessionCookie, isPublicPagePath, type PageCache } from "./cache/page-cache.server";
import { pingDatabase } from "./db/client.server";
import {
  answerDatabaseOutages,
  DATABASE_RETRY_AFTER_SECONDS,
  databaseUnavailableResponse,
  isDatabaseUnreachable,
} from "./db/unreachable.server";
import { registerEndpoints } from "./http-routes";
import { logger } from "./logger.server";
import { createStorageProbe } from "./monitoring/checks.server";
import { isStorageFullError } from "./storage/storage.server";
import { admitRequests } from "./security/admission.server";
import { limitRequestBodies } from "./security/body-limit.server";
import { clientAddress, trustedHops } from "./security/client-address.server";
import { preparePageRequests } from "./security/page-request.server";
import { requireSameOrigin } from "./security/same-origin.server";
import {
  PERMISSIONS_POLICY,
  STRICT_TRANSPORT_SECURITY,
} from "./security/content-security-policy.server";
import { type PublicUrlSource, publicUrlOfRequest } from "./security/public-url.server";
import { runInRequestScope } from "./request-scope.server";
import { versionsMayHaveMoved } from "./cache/cached.server";
import { type Config, config } from "./config.server";
import { lookupOptional } from "./registry.server";
import type { RequestContext } from "./context";

export type HttpOptions = {
  mode: "development" | "production" | "test";
  getBuild: () => Promise<ServerBuild>;
  /** Proxies in front that append to X-Forwarded-For (`true` = 1); see client-address.server.ts. */
  trustProxy: boolean | number;
  /** Routes other parts of the server add before React Router (files, webhooks, metrics). */
  extend?: (app: Hono<Env>) => void;
  isShuttingDown?: () => boolean;
  /** Visitors' public pages from memory (production); see server/cache/page-cache.server.ts. */
  pageCache?: PageCache;
};

type Env = { Bindings: HttpBindings; Variables: RequestContext };

function clientIpOf(
  c: { req: { header: (n: string) => string | undefined }; env: HttpBindings },
  trustProxy: boolean | number,
) {
  return clientAddress({
    forwardedFor: c.req.header("x-forwarded-for"),
    remoteAddress: c.env?.incoming?.socket?.remoteAddress,
    hops: trustedHops(trustProxy),
  });
}

/**
 * Sets a header on the response in place. Hono's `c.header` after `next()` copies the whole
 * response (turning a cached page's bytes back into a stream) on every call; a response whose
 * headers are immutable (a redirect made by Response.redirect) still goes through it.
 */
function setHeader(c: Context<Env>, name: string, value: string) {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}

/** Build output under /assets: content-hashed names, cached for a year, never revalidated. */
function isImmutableAsset(path: string) {
  return path.startsWith("/assets/");
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
    const path = c.req.path;
    // A hashed, immutable file needs no id: nothing about it is logged or traced.
    if (isImmutableAsset(path)) return;
    setHeader(c, "x-request-id", requestId);
    if (path === "/healthz") return;
    // A page served from the cache is logged at debug level, like a static file: writing a log
    // line costs more than serving it. /metrics still counts every request by route and status.
    const cache = c.res.headers.get("x-cache");
    if (cache === "HIT" && !log.isLevelEnabled("debug")) return;
    log[cache === "HIT" ? "debug" : "info"](
      {
        requestId,
        method: c.req.method,
        path,
        status: c.res.status,
        cache: cache ?? undefined,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });

  // Issue 12: body limits, then the cross-site check of every state-changing request.
  const publicUrlOptions: PublicUrlSource = {
    baseUrl: () => (lookupOptional("config") ? config().baseUrl : undefined),
    hops: trustedHops(options.trustProxy),
  };

  app.use(async (c, next) => {
    await next();
    setHeader(c, "x-content-type-options", "nosniff");
    // Framing, referrer and feature policies govern documents. A page loads 10-20 hashed scripts
    // and styles on a phone's first visit; the same ~300 bytes of headers on each of them would
    // be paid for and never read (the budget counts headers too).
    if (isImmutableAsset(c.req.path)) return;
    setHeader(c, "referrer-policy", "strict-origin-when-cross-origin");
    setHeader(c, "x-frame-options", "DENY");
    setHeader(c, "permissions-policy", PERMISSIONS_POLICY);
    const publicUrl = publicUrlOfRequest(c.req.raw, publicUrlOptions);
    if (publicUrl.protocol === "https:")
      setHeader(c, "strict-transport-security", STRICT_TRANSPORT_SECURITY);
    // What a signed-in person is shown (their dashboard, premium jobs, staff lists) must never be
    // kept by a browser's shared cache or a proxy; responses that chose a policy keep it.
    if (hasSessionCookie(c.req.header("cookie") ?? null) && !c.res.headers.has("cache-control"))
      setHeader(c, "cache-control", "private, no-store");
  });

  app.use(limitRequestBodies());
  app.use(requireSameOrigin(publicUrlOptions));

  app.get("/healthz", (c) => c.json({ status: "ok", uptime: Math.round(process.uptime()) }));
  // Ready when the database answers and a file can be stored: on a full DATA_DIR (or a bucket
  // that refuses writes) every upload fails. The monitor's own storage probe: write, read, delete.
  const storageProbe = createStorageProbe();
  app.get("/readyz", async (c) => {
    if (options.isShuttingDown?.()) return c.json({ status: "shutting_down" }, 503);
    const [database, storage] = await Promise.allSettled([
      pingDatabase(),
      storageProbe.run(c.req.raw.signal),
    ]);
    for (const [part, result] of [
      ["database", database],
      ["storage", storage],
    ] as const) {
      if (result.status === "rejected")
        log.error({ err: result.reason, part }, "readiness check failed");
    }
    const state = (result: PromiseSettledResult<void>) =>
      result.status === "fulfilled" ? "up" : isStorageFullError(result.reason) ? "full" : "down";
    const ready = database.status === "fulfilled" && storage.status === "fulfilled";
    return c.json(
      { status: ready ? "ready" : "not_ready", database: state(database), storage: state(storage) },
      ready ? 200 : 503,
    );
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
    // Text files were compressed at build time (scripts/precompress.mjs): .br and .gz beside each,
    // sent as they are to a client that accepts them. /assets names carry a content hash.
    // Relative to the working directory, as serveStatic wants it, whether BUILD_DIR is or not.
    const clientDir = path.relative(
      process.cwd(),
      path.resolve(process.env.BUILD_DIR ?? "build", "client"),
    );
    const staticFiles = (cacheControl: string) =>
      serveStatic({
        root: clientDir,
        precompressed: true,
        onFound: (_path, c) => {
          c.header("cache-control", cacheControl);
          c.header("vary", "Accept-Encoding");
        },
      });
    const assets = staticFiles("public, max-age=31536000, immutable");
    // The name changes with the content, so a browser never revalidates: Last-Modified is dead weight.
    app.use("/assets/*", async (c, next) => {
      await next();
      c.res.headers.delete("last-modified");
    });
    const files = staticFiles("public, max-age=3600");
    app.use("/assets/*", assets);
    // A public page is never a file: skip the disk lookup on the hot path.
    app.use("*", (c, next) => (isPublicPagePath(c.req.path) ? next() : files(c, next)));
  }

  // Each page request learns its public URL and has its form body checked once, before any route.
  app.use(preparePageRequests(publicUrlOptions));
  // Past what this process can serve, a fast 503 instead of an endless wait.
  app.use(admitRequests(lookupOptional<Config>("config")?.admission));

  let cached: { build: ServerBuild; handler: ReturnType<typeof createRequestHandler> } | undefined;
  app.all("*", async (c) => {
    const build = await options.getBuild();
    if (cached?.build !== build) {
      cached = { build, handler: createRequestHandler(answerDatabaseOutages(build), options.mode) };
    }
    const handler = cached.handler;
    const context: RequestContext = { requestId: c.get("requestId"), clientIp: c.get("clientIp") };
    const render = async () => {
      const response = await runInRequestScope(c.req.method, () => handler(c.req.raw, context));
      // What an action changed shows on this process's next page at once, not a second later.
      if (c.req.method !== "GET" && c.req.method !== "HEAD") versionsMayHaveMoved();
      // A page or data request that met a database outage (answerDatabaseOutages) is a 503 whose
      // Retry-After React Router does not carry over from the thrown answer.
      if (response.status === 503 && !response.headers.has("retry-after"))
        response.headers.set("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
      return response;
    };
    return options.pageCache
      ? options.pageCache.handle(c.req.raw, render, c.env?.incoming)
      : render();
  });

  app.onError((error, c) => {
    if (isDatabaseUnreachable(error)) {
      log.error({ err: error, requestId: c.get("requestId") }, "database unreachable");
      return databaseUnavailableResponse(c.req.raw);
    }
    log.error({ err: error, requestId: c.get("requestId") }, "unhandled error");
    return c.text("Something went wrong on our side. Please try again.", 500);
  });

  return app;
}
