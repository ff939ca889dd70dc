import crypto from "node:crypto";
import type http from "node:http";
import { SESSION_COOKIE_PREFIX } from "~/server/auth/auth.server";
import { compressBody, type Encoding, negotiateEncoding } from "./encoding.server";
import { pageLanguageOf } from "./page-language.server";
import {
  databaseVersions,
  PUBLIC_CONTENT,
  PUBLIC_TTL_MS,
  SHARED_MAX_AGE_MS,
  stampOf,
  type VersionSource,
  type Versions,
} from "./cached.server";

/**
 * The public pages a visitor may be served from memory: the home page, job search (any filter and
 * page) and job pages, study programs (/study and a program's page, in every language), news and posts, the feed, service pages, about, the legal pages and the
 * sitemap, and their `.data` twins (React Router's client navigations; `/_root.data` is `/`).
 * Not /contact, /outsourcing or /auth: their forms are per visitor.
 */
const PUBLIC_PAGE =
  /^\/(?:|jobs|jobs\/[^/]+|news|news\/[^/]+|services\/[^/]+|about|privacy-policy|terms-of-service|cookie-policy|sitemap\.xml)$/;

// Study pages at each language's address (/study, /fr/study, /pt/study/<id>): the cache keys by
// URL and language, and the programs are the same for every visitor.
const STUDY_PAGE = /^(?:\/(?:fr|pt))?\/study(?:\/[^/]+)?$/;

export function isPublicPagePath(pathname: string): boolean {
  if (pathname === "/_root.data") return true;
  const path = pathname.endsWith(".data") ? pathname.slice(0, -5) : pathname;
  return PUBLIC_PAGE.test(path) || STUDY_PAGE.test(path);
}

// better-auth's cookies: passage.session_token, passage.session_data, … and their __Secure- form.
const SESSION_COOKIE = new RegExp(`^(?:__Secure-|__Host-)?${SESSION_COOKIE_PREFIX}\\.`);

/** Any session cookie at all, valid or not: such a request is never served from, or stored in, the cache. */
export function hasSessionCookie(cookieHeader: string | null): boolean {
  if (!cookieHeader) return false;
  for (const pair of cookieHeader.split(";")) {
    if (SESSION_COOKIE.test(pair.trimStart())) return true;
  }
  return false;
}

export type PageCacheOptions = {
  /** At most this many pages (each with up to three encodings). */
  maxEntries?: number;
  /** At most this many bytes of bodies, all encodings counted. */
  maxBytes?: number;
  /** The longest a page is kept (time-based text such as "3 days ago" moves on). */
  ttlMs?: number;
  /** How long a CDN in front may hold a page (`s-maxage`), in seconds. */
  sharedMaxAgeSeconds?: number;
  /** Where the versions come from (the database's; a unit test's own). */
  versionSource?: VersionSource;
};

type Entry = {
  key: string;
  /** The versions of what the page is made of, read before it was rendered. */
  stamp: string;
  expiresAt: number;
  etag: string;
  /** The page's own headers (content type, …) plus ours, without length or encoding. */
  headers: Record<string, string>;
  bodies: Partial<Record<Encoding, Buffer>>;
  pending: Partial<Record<Encoding, Promise<Buffer>>>;
  bytes: number;
  /**
   * Every header the whole server sent with this page (security headers and all), learned from
   * one response that went through it; what the fast path sends (see serveFromMemory).
   */
  sent?: http.OutgoingHttpHeaders;
};

/** Headers that belong to one response's delivery, never to the page itself. */
const DELIVERY_HEADERS = [
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "x-cache",
];

/** Headers that describe one rendering of one response, or that we set ourselves. */
const DROPPED_HEADERS = new Set([...DELIVERY_HEADERS, "etag", "cache-control", "vary"]);

/** Headers of one response only: never replayed from a learned response. */
const PER_RESPONSE_HEADERS = new Set([...DELIVERY_HEADERS, "x-request-id"]);

/**
 * Varies on what changes a visitor's page: the encoding, the language (Accept-Language, or the
 * `lng` cookie) and whether a session cookie is present. See docs/decisions/0011.
 */
const VARY = "Accept-Encoding, Accept-Language, Cookie";

export type PageCacheStats = {
  hits: number;
  misses: number;
  stored: number;
  bypassed: number;
  entries: number;
  bytes: number;
};

/**
 * Visitors' public pages, rendered once and kept in memory already compressed, keyed by the full
 * URL and the language. A page is rendered again once a version of what it is made of moved (a change
 * by any process or by SQL; cached.server.ts) or its time ran out. Bounded by entries and bytes,
 * least recently used first out.
 */
export class PageCache {
  readonly maxEntries: number;
  readonly maxBytes: number;
  readonly ttlMs: number;
  readonly cacheControl: string;
  /**
   * A page depends on all public content. The front door answers without I/O, so a hit trusts
   * versions read within SHARED_MAX_AGE_MS (one small query a second per process under load); a
   * change made anywhere reaches visitors within that time.
   */
  readonly versionsMaxAgeMs = SHARED_MAX_AGE_MS;
  private readonly versions: VersionSource;
  /** The stamp of the last versions seen (most requests see the same versions object). */
  private lastStamp: { versions: Versions; stamp: string } | undefined;
  private entries = new Map<string, Entry>();
  private inflight = new Map<string, Promise<Entry | undefined>>();
  /** The node request each page was served for, until the response is learned (see learn). */
  private servedFor = new WeakMap<object, Entry>();
  /**
   * What the server derives a page's key from (host, forwarded protocol and host, URL, `lng`
   * cookie, Accept-Language), as raw request headers → that key. Learned from requests that went
   * through the whole server, so the fast path needs no copy of its rules (public URL, language).
   */
  private aliases = new Map<string, string>();
  private bytes = 0;
  private counters = { hits: 0, misses: 0, stored: 0, bypassed: 0 };

  constructor(options: PageCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 2000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.ttlMs = options.ttlMs ?? PUBLIC_TTL_MS;
    this.versions = options.versionSource ?? databaseVersions;
    const sMaxAge = options.sharedMaxAgeSeconds ?? 60;
    // Browsers revalidate every time (a 304 is cheap); a CDN may hold the page briefly and serve
    // it a little longer while it fetches a fresh one.
    this.cacheControl = `public, max-age=0, s-maxage=${sMaxAge}, stale-while-revalidate=${sMaxAge}`;
  }

  stats(): PageCacheStats {
    return { ...this.counters, entries: this.entries.size, bytes: this.bytes };
  }

  clear() {
    this.entries.clear();
    this.aliases.clear();
    this.bytes = 0;
  }

  close() {
    this.clear();
  }

  private stampFor(versions: Versions): string {
    if (this.lastStamp?.versions !== versions)
      this.lastStamp = { versions, stamp: stampOf(versions, PUBLIC_CONTENT) };
    return this.lastStamp.stamp;
  }

  /**
   * Answers `request` from the cache when it may, and otherwise renders it with `render`, storing
   * a visitor's shareable page for the next one. Concurrent misses of one page render once.
   */
  async handle(
    request: Request,
    render: () => Promise<Response>,
    /** The node request behind `request`, so its response can be learned (see learn). */
    incoming?: object,
  ): Promise<Response> {
    if (request.method !== "GET" && request.method !== "HEAD") return render();
    const url = request.url;
    const pathStart = url.indexOf("/", url.indexOf("//") + 2);
    const queryStart = url.indexOf("?", pathStart);
    const pathname = url.slice(pathStart, queryStart === -1 ? undefined : queryStart);
    if (!isPublicPagePath(pathname)) return render();

    if (hasSessionCookie(request.headers.get("cookie"))) {
      this.counters.bypassed += 1;
      return keepPrivate(await render());
    }
    const language = await pageLanguageOf(request);
    if (!language) return render();
    const key = `${language} ${url}`;
    const hit = this.lookup(key, this.stampFor(await this.versions.recent(this.versionsMaxAgeMs)));
    if (hit) {
      this.counters.hits += 1;
      // This client's headers reached the app, so the fast path does not know them yet (another
      // client's may lead to the same page): learn them from this response too.
      if (incoming) this.servedFor.set(incoming, hit);
      return this.respond(hit, request, "HIT");
    }
    const pending = this.inflight.get(key);
    if (pending) {
      const shared = await pending;
      if (shared) {
        this.counters.hits += 1;
        if (incoming) this.servedFor.set(incoming, shared);
        return this.respond(shared, request, "HIT");
      }
      return render();
    }

    this.counters.misses += 1;
    let settle!: (entry: Entry | undefined) => void;
    this.inflight.set(key, new Promise((resolve) => (settle = resolve)));
    let stored: Entry | undefined;
    try {
      // Read afresh before rendering: a page is never kept under versions newer than what it
      // shows, and one kept under versions newer than the last ones known is found here.
      const stamp = this.stampFor(await this.versions.read());
      const known = this.lookup(key, stamp);
      if (known) {
        stored = known;
        if (incoming) this.servedFor.set(incoming, known);
        return await this.respond(known, request, "HIT");
      }
      const response = await render();
      if (!isShareable(response)) return response;
      const body = Buffer.from(await response.arrayBuffer());
      const entry = this.createEntry(key, response, body, stamp);
      this.store(entry);
      stored = entry;
      if (incoming) this.servedFor.set(incoming, entry);
      return await this.respond(entry, request, "MISS");
    } finally {
      this.inflight.delete(key);
      settle(stored);
    }
  }

  /**
   * After a page went out through the whole server: remember every header it was sent with, and
   * which raw request headers lead to it, so the next such request takes the fast path.
   */
  learn(req: http.IncomingMessage, res: http.ServerResponse) {
    const entry = this.servedFor.get(req);
    if (!entry) return;
    this.servedFor.delete(req);
    if (res.statusCode !== 200 || this.entries.get(entry.key) !== entry) return;
    if (res.getHeader("etag") !== entry.etag || res.hasHeader("set-cookie")) return;
    const sent: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (!PER_RESPONSE_HEADERS.has(name) && value !== undefined) sent[name] = value;
    }
    entry.sent = sent;
    if (this.aliases.size >= this.maxEntries * 4) this.aliases.clear();
    this.aliases.set(aliasOf(req), entry.key);
  }

  /**
   * The fast path, on the plain node request before anything else runs: a visitor's request for a
   * page already in memory, in an encoding already made, that the whole server has served once
   * (so its headers and key are known) is answered here at the cost of a map lookup. Anything
   * else returns false and goes the normal way.
   */
  serveFromMemory(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return false;
    const url = req.url ?? "/";
    const queryStart = url.indexOf("?");
    if (!isPublicPagePath(queryStart === -1 ? url : url.slice(0, queryStart))) return false;
    if (hasSessionCookie(req.headers.cookie ?? null)) return false;
    const key = this.aliases.get(aliasOf(req));
    if (!key) return false;
    const versions = this.versions.known(this.versionsMaxAgeMs);
    if (!versions) return false; // the normal path reads them again
    const entry = this.lookup(key, this.stampFor(versions));
    if (!entry?.sent) return false;

    const headers: http.OutgoingHttpHeaders = { ...entry.sent, "x-cache": "HIT" };
    const requestId = req.headers["x-request-id"];
    headers["x-request-id"] =
      (typeof requestId === "string" && requestId.slice(0, 64)) || crypto.randomUUID();
    if (etagMatches(req.headers["if-none-match"] ?? null, entry.etag)) {
      delete headers["content-type"];
      res.writeHead(304, headers);
      res.end();
      this.counters.hits += 1;
      return true;
    }
    const encoding = negotiateEncoding(req.headers["accept-encoding"]);
    const body = entry.bodies[encoding];
    if (!body) return false; // not compressed yet: the normal path does it once
    if (encoding !== "identity") headers["content-encoding"] = encoding;
    headers["content-length"] = body.length;
    res.writeHead(200, headers);
    res.end(method === "HEAD" ? undefined : body);
    this.counters.hits += 1;
    return true;
  }

  private lookup(key: string, stamp: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // A page kept under other versions is replaced when it is rendered again.
    if (entry.stamp !== stamp) return undefined;
    if (Date.now() > entry.expiresAt) {
      this.remove(entry);
      return undefined;
    }
    // Least recently used goes first: a hit moves the page to the back of the line.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  private createEntry(key: string, response: Response, body: Buffer, stamp: string): Entry {
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!DROPPED_HEADERS.has(name)) headers[name] = value;
    });
    const etag = `W/"${crypto.createHash("sha1").update(body).digest("base64url")}"`;
    headers["cache-control"] = this.cacheControl;
    headers.vary = VARY;
    headers.etag = etag;
    return {
      key,
      stamp,
      expiresAt: Date.now() + this.ttlMs,
      etag,
      headers,
      bodies: { identity: body },
      pending: {},
      bytes: body.length,
    };
  }

  private store(entry: Entry) {
    // One page may not push out most of the others.
    if (entry.bytes > this.maxBytes / 8) return;
    const previous = this.entries.get(entry.key);
    if (previous) this.remove(previous);
    this.entries.set(entry.key, entry);
    this.bytes += entry.bytes;
    this.counters.stored += 1;
    this.evict();
  }

  private remove(entry: Entry) {
    if (this.entries.get(entry.key) !== entry) return;
    this.entries.delete(entry.key);
    this.bytes -= entry.bytes;
  }

  private evict() {
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.values().next().value;
      if (!oldest) break;
      this.remove(oldest);
    }
  }

  /** The body in one encoding: compressed once, on first demand, then kept with the page. */
  private body(entry: Entry, encoding: Encoding): Buffer | Promise<Buffer> {
    const ready = entry.bodies[encoding];
    if (ready) return ready;
    const pending = entry.pending[encoding];
    if (pending) return pending;
    const compressing = compressBody(entry.bodies.identity!, encoding as "br" | "gzip").then(
      (compressed) => {
        delete entry.pending[encoding];
        entry.bodies[encoding] = compressed;
        if (this.entries.get(entry.key) === entry) {
          entry.bytes += compressed.length;
          this.bytes += compressed.length;
          this.evict();
        }
        return compressed;
      },
    );
    entry.pending[encoding] = compressing;
    return compressing;
  }

  private async respond(entry: Entry, request: Request, state: "HIT" | "MISS") {
    const headers: Record<string, string> = { ...entry.headers, "x-cache": state };
    if (etagMatches(request.headers.get("if-none-match"), entry.etag)) {
      delete headers["content-type"];
      return new Response(null, { status: 304, headers });
    }
    const encoding = negotiateEncoding(request.headers.get("accept-encoding"));
    const body = await this.body(entry, encoding);
    if (encoding !== "identity") headers["content-encoding"] = encoding;
    headers["content-length"] = String(body.length);
    // A Buffer is a Uint8Array: @hono/node-server writes it in one piece.
    const payload = request.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>);
    return new Response(payload, { status: 200, headers });
  }
}

/** Only a plain 200 that sets no cookie and does not ask to stay private may be shared. */
function isShareable(response: Response): boolean {
  if (response.status !== 200) return false;
  const headers = response.headers;
  if (headers.has("set-cookie")) return false;
  if (/\b(?:private|no-store|no-cache)\b/i.test(headers.get("cache-control") ?? "")) return false;
  if (/\bcookie\b|\*/i.test(headers.get("vary") ?? "")) return false;
  return response.body !== null;
}

/** A signed-in person's public page: no shared cache may keep it, and it varies by Cookie. */
function keepPrivate(response: Response): Response {
  try {
    if (!response.headers.has("cache-control")) {
      response.headers.set("cache-control", "private, no-store");
    }
    const vary = response.headers.get("vary");
    if (!vary) response.headers.set("vary", "Cookie");
    else if (!/\bcookie\b/i.test(vary)) response.headers.set("vary", `${vary}, Cookie`);
  } catch {
    // An immutable response (a redirect made by Response.redirect): its own headers stand.
  }
  return response;
}

/** The raw request headers a page's key is derived from (see PageCache.aliases). */
function aliasOf(req: http.IncomingMessage): string {
  const h = req.headers;
  let lng = "";
  const cookie = h.cookie;
  if (cookie && cookie.includes("lng=")) {
    for (const pair of cookie.split(";")) {
      const trimmed = pair.trimStart();
      if (trimmed.startsWith("lng=")) lng += `${trimmed};`;
    }
  }
  return `${h.host}\n${h["x-forwarded-proto"] ?? ""}\n${h["x-forwarded-host"] ?? ""}\n${req.url}\n${lng}\n${h["accept-language"] ?? ""}`;
}

function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.slice(2); // weak comparison: W/"x" matches "x" and W/"x"
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === etag || t === opaque || t.replace(/^W\//, "") === opaque;
  });
}
