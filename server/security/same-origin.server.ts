import type { MiddlewareHandler } from "hono";
import { type PublicUrlSource, publicUrlOfRequest } from "./public-url.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Paths that judge their callers another way: payment webhooks carry the provider's signature,
 * better-auth checks Origin against its own trusted origins.
 */
const OWN_CHECK = [/^\/webhooks\//, /^\/api\/auth\//];

/**
 * Whether a state-changing request comes from our own pages. A browser names the page that sent
 * it in Origin (and Sec-Fetch-Site); a page on another site, another port or a sandboxed frame
 * must not act with the signed-in user's cookies. A request with neither header is not from a
 * browser page (curl, a server), which cookies alone would not make dangerous.
 */
export function isSameOrigin(headers: Headers, publicOrigin: string): boolean {
  const origin = headers.get("origin");
  if (origin !== null) return origin === publicOrigin;
  const site = headers.get("sec-fetch-site");
  return site === null || site === "same-origin" || site === "none";
}

export function requireSameOrigin(source: PublicUrlSource): MiddlewareHandler {
  return async (c, next) => {
    const raw = c.req.raw;
    if (SAFE_METHODS.has(raw.method) || OWN_CHECK.some((p) => p.test(c.req.path))) return next();
    const origin = publicUrlOfRequest(raw, source).origin;
    if (isSameOrigin(raw.headers, origin)) return next();
    return new Response(
      "This request came from another site and was refused. Use the form on this site.",
      { status: 403, headers: { "content-type": "text/plain; charset=utf-8" } },
    );
  };
}
