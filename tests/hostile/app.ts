import fs from "node:fs";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import path from "node:path";
import { beforeAll } from "vitest";
import { createHttpApp } from "~/server/http";
import { setPaymentProvider } from "~/server/payments/provider.server";
import { SimulatedPaymentProvider } from "~/server/payments/simulated.server";
import { LocalStorageDriver } from "~/server/storage/local.server";
import { setStorage } from "~/server/storage/storage.server";
import { BASE_URL, setupTestDatabase, type TestContext } from "~/tests/integration/harness";

/**
 * The hostile suite attacks the production build (BUILD_DIR, `npm run build` first) through the
 * real Hono app, in this process, so a test can look at the database afterwards.
 */
export const BUILD_DIR = process.env.BUILD_DIR ?? "build";

let build: Promise<ServerBuild> | undefined;
export function productionBuild(): Promise<ServerBuild> {
  const file = path.resolve(BUILD_DIR, "server/index.js");
  if (!fs.existsSync(file)) {
    throw new Error(
      `No production build at ${file}: run \`npm run build\` (or set BUILD_DIR) first.`,
    );
  }
  build ??= import(/* @vite-ignore */ pathToFileURL(file).href) as Promise<ServerBuild>;
  return build;
}

/** A route's URL path in the build: its parents' paths joined (`/admin/users`, `/jobs/:id`). */
export function routeUrlPath(build: ServerBuild, id: string): string {
  const route = build.routes[id]!;
  const parent = route.parentId ? routeUrlPath(build, route.parentId) : "";
  return route.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent || "/";
}

export type App = ReturnType<typeof createHttpApp>;

export function hostileApp(options: { trustProxy?: boolean | number } = {}): App {
  return createHttpApp({
    mode: "production",
    trustProxy: options.trustProxy ?? false,
    getBuild: productionBuild,
  });
}

/** Sends a request as if it came from `remoteAddress` on the socket. */
export function send(app: App, request: Request, remoteAddress = "203.0.113.10") {
  return app.fetch(request, { incoming: { socket: { remoteAddress } } } as never);
}

export function url(pathname: string) {
  return new URL(pathname, BASE_URL).href;
}

/** A form post as a browser on our own site sends it. */
export function formPost(
  pathname: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return new Request(url(pathname), {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: new URL(BASE_URL).origin,
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/**
 * A POST to the document upload endpoint; `headers` carries everything else (cookie, origin,
 * content-length), so a test can leave any of them out. A stream is sent chunked.
 */
export function documentUpload(
  upload: { contentType: string; body: BodyInit },
  headers: Record<string, string>,
) {
  return new Request(url("/api/documents"), {
    method: "POST",
    headers: { "content-type": upload.contentType, ...headers },
    body: upload.body,
    ...(upload.body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

/** A body sent in chunks without Content-Length (Transfer-Encoding: chunked on the wire). */
export function chunkedBody(totalBytes: number, chunkBytes = 64 * 1024, fill = "a") {
  let sent = 0;
  const chunk = new TextEncoder().encode(fill.repeat(chunkBytes));
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const n = Math.min(chunkBytes, totalBytes - sent);
      sent += n;
      controller.enqueue(n === chunkBytes ? chunk : chunk.subarray(0, n));
    },
  });
}

/**
 * A test file's database, drivers and app, registered as the server does at start-up. The app is
 * made after the harness has silenced the logger.
 */
export function setupHostileApp(options: { trustProxy?: boolean | number } = {}) {
  const ctx = setupTestDatabase() as TestContext & { app: App };
  beforeAll(async () => {
    setStorage(new LocalStorageDriver(path.join(ctx.dataDir, "uploads")));
    setPaymentProvider(new SimulatedPaymentProvider(0));
    await productionBuild();
    ctx.app = hostileApp(options);
  });
  return ctx;
}
