import type http from "node:http";
import { metrics, routeLabel } from "~/server/metrics/metrics.server";
import { createCompression } from "./compression.server";
import type { PageCache } from "./page-cache.server";

type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void;
type Middleware = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;

/**
 * What every request meets first, on the plain node request:
 *
 * 1. A visitor's page already in memory goes out at once (PageCache.serveFromMemory), before
 *    compression, Hono and the request log; /metrics still counts it.
 * 2. Anything else: the development middleware (Vite) if any, then compression, then the app.
 *    A page the app serves from the cache teaches the fast path its headers (PageCache.learn).
 */
export function createFrontDoor(options: {
  app: Listener;
  pageCache?: PageCache;
  /** Development only: Vite's middleware, which passes what it does not serve to `next`. */
  dev?: Middleware;
}): Listener {
  const { app, pageCache, dev } = options;
  const compress = createCompression();
  const toApp: Listener = (req, res) => compress(req, res, () => app(req, res));
  const counted = metrics().requests;
  return (req, res) => {
    if (pageCache) {
      if (pageCache.serveFromMemory(req, res)) {
        const url = req.url ?? "/";
        const path = url.includes("?") ? url.slice(0, url.indexOf("?")) : url;
        const status = res.statusCode;
        counted.inc({
          method: req.method,
          route: routeLabel(path, status),
          status: String(status),
        });
        return;
      }
      if (req.method === "GET" || req.method === "HEAD") {
        res.once("finish", () => pageCache.learn(req, res));
      }
    }
    if (dev) dev(req, res, () => toApp(req, res));
    else toApp(req, res);
  };
}
