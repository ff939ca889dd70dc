import zlib from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { negotiateEncoding } from "./encoding.server";
import { hasSessionCookie, isPublicPagePath, PageCache } from "./page-cache.server";
import { registerPageLanguage } from "./page-language.server";
import type { Versions } from "./cached.server";

beforeAll(() => {
  registerPageLanguage(async (request) =>
    request.headers.get("accept-language")?.startsWith("fr") ? "fr" : "en",
  );
});

const BASE = "http://localhost:3000";

/** Versions as a test sets them (the database's would move on a change to a table). */
let versions = { jobs: 1 } as unknown as Versions;
function tableChanged() {
  versions = { ...versions, jobs: versions.jobs + 1 };
}
function newCache(options: ConstructorParameters<typeof PageCache>[0] = {}) {
  const source = {
    known: () => versions,
    recent: async () => versions,
    read: async () => versions,
  };
  return new PageCache({ versionSource: source, ...options });
}

function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Request(`${BASE}${path}`, { method, headers });
}

/** A page renderer that counts its renders and says which one produced a body. */
function renderer(init: (n: number) => ResponseInit & { body?: string } = () => ({})) {
  let renders = 0;
  const render = async () => {
    renders += 1;
    const { body, ...rest } = init(renders);
    return new Response(body ?? `<html><body>render ${renders}</body></html>`, {
      status: 200,
      headers: { "content-type": "text/html; charset=utf-8" },
      ...rest,
    });
  };
  return { render, renders: () => renders };
}

describe("which requests the page cache may answer", () => {
  it("knows the public pages and their .data twins, and nothing else", () => {
    for (const path of [
      "/",
      "/_root.data",
      "/jobs",
      "/jobs.data",
      "/jobs/8d6c0d6e-1111-4c4c-8888-123456789abc",
      "/jobs/8d6c0d6e-1111-4c4c-8888-123456789abc.data",
      "/news",
      "/news/some-post",
      "/news/rss.xml",
      "/services/job-placement",
      "/about",
      "/privacy-policy",
      "/terms-of-service",
      "/cookie-policy",
      "/sitemap.xml",
      "/study",
      "/study.data",
      "/fr/study",
      "/pt/study/8d6c0d6e-1111-4c4c-8888-123456789abc",
      "/fr/study/8d6c0d6e-1111-4c4c-8888-123456789abc.data",
    ])
      expect(isPublicPagePath(path), path).toBe(true);
    for (const path of [
      "/contact",
      "/outsourcing",
      "/auth",
      "/dashboard",
      "/admin/jobs",
      "/jobs/1/apply",
      "/files/documents/1",
      "/api/auth/get-session",
      "/robots.txt",
      "/study/x/apply",
      "/de/study",
    ])
      expect(isPublicPagePath(path), path).toBe(false);
  });

  it("recognises every better-auth session cookie, valid or not", () => {
    expect(hasSessionCookie(null)).toBe(false);
    expect(hasSessionCookie("lng=fr")).toBe(false);
    expect(hasSessionCookie("lng=fr; passage.session_token=abc")).toBe(true);
    expect(hasSessionCookie("__Secure-passage.session_token=abc")).toBe(true);
    expect(hasSessionCookie("passage.session_data=x; lng=en")).toBe(true);
    expect(hasSessionCookie("mypassage.session_token=x")).toBe(false);
  });

  it("negotiates brotli, then gzip, honouring q-values", () => {
    expect(negotiateEncoding(undefined)).toBe("identity");
    expect(negotiateEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(negotiateEncoding("gzip")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip")).toBe("gzip");
    expect(negotiateEncoding("gzip;q=1, br;q=0.5")).toBe("gzip");
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("deflate")).toBe("identity");
    expect(negotiateEncoding("identity")).toBe("identity");
  });
});

describe("PageCache", () => {
  it("renders a visitor's page once and serves the next visitors from memory", async () => {
    const cache = newCache();
    const { render, renders } = renderer();
    const first = await cache.handle(get("/jobs?country=CA&page=2"), render);
    const second = await cache.handle(get("/jobs?country=CA&page=2"), render);
    expect(renders()).toBe(1);
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(second.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=\d+/);
    expect(second.headers.get("vary")).toBe("Accept-Encoding, Accept-Language, Cookie");
    cache.close();
  });

  it("keys pages by the full URL and by language", async () => {
    const cache = newCache();
    const { render, renders } = renderer();
    await cache.handle(get("/jobs?page=1"), render);
    await cache.handle(get("/jobs?page=2"), render);
    await cache.handle(get("/jobs?page=1", { "accept-language": "fr-FR" }), render);
    expect(renders()).toBe(3);
    await cache.handle(get("/jobs?page=1", { "accept-language": "fr" }), render);
    await cache.handle(get("/jobs?page=2"), render);
    expect(renders()).toBe(3);
    cache.close();
  });

  it("never serves or keeps a page for a request with a session cookie, even an invalid one", async () => {
    const cache = newCache();
    const visitor = renderer(() => ({ body: "visitor page" }));
    await cache.handle(get("/jobs"), visitor.render);

    const member = renderer(() => ({ body: "Signed in as Ada" }));
    const signedIn = await cache.handle(
      get("/jobs", { cookie: "passage.session_token=not-even-valid" }),
      member.render,
    );
    expect(await signedIn.text()).toBe("Signed in as Ada");
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(signedIn.headers.get("vary")).toMatch(/Cookie/);
    expect(signedIn.headers.get("x-cache")).toBeNull();

    // The signed-in page was not stored: the next visitor still gets the visitor's page.
    const next = await cache.handle(get("/jobs"), visitor.render);
    expect(await next.text()).toBe("visitor page");
    expect(visitor.renders()).toBe(1);
    cache.close();
  });

  it("keeps only plain 200s that set no cookie and do not ask to stay private", async () => {
    const cache = newCache();
    const refused: ResponseInit[] = [
      { status: 404 },
      { status: 500 },
      { headers: { "content-type": "text/html", "set-cookie": "lng=fr; Path=/" } },
      { headers: { "content-type": "text/html", "cache-control": "private, no-store" } },
    ];
    for (const init of refused) {
      const { render, renders } = renderer(() => init);
      const first = await cache.handle(get("/about"), render);
      await cache.handle(get("/about"), render);
      expect(renders(), JSON.stringify(init)).toBe(2);
      expect(first.headers.get("x-cache")).toBeNull();
    }
    expect(cache.stats().entries).toBe(0);
    cache.close();
  });

  it("answers If-None-Match with 304 and HEAD without a body", async () => {
    const cache = newCache();
    const { render } = renderer();
    const first = await cache.handle(get("/news"), render);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    const revalidated = await cache.handle(get("/news", { "if-none-match": etag }), render);
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(revalidated.headers.get("etag")).toBe(etag);
    const strongForm = await cache.handle(get("/news", { "if-none-match": etag.slice(2) }), render);
    expect(strongForm.status).toBe(304);
    const other = await cache.handle(get("/news", { "if-none-match": 'W/"other"' }), render);
    expect(other.status).toBe(200);
    const head = await cache.handle(get("/news", {}, "HEAD"), render);
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(first.headers.get("content-length"));
    expect(await head.text()).toBe("");
    cache.close();
  });

  it("stores brotli and gzip forms that decode to the same page", async () => {
    const cache = newCache();
    const html = `<html><body>${"<p>Nurse, Toronto</p>".repeat(500)}</body></html>`;
    const { render } = renderer(() => ({ body: html }));
    const plain = await cache.handle(get("/"), render);
    const br = await cache.handle(get("/", { "accept-encoding": "gzip, deflate, br" }), render);
    const gz = await cache.handle(get("/", { "accept-encoding": "gzip" }), render);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    const brBytes = Buffer.from(await br.arrayBuffer());
    const gzBytes = Buffer.from(await gz.arrayBuffer());
    expect(brBytes.length).toBeLessThan(html.length / 10);
    expect(Number(br.headers.get("content-length"))).toBe(brBytes.length);
    expect(zlib.brotliDecompressSync(brBytes).toString()).toBe(html);
    expect(zlib.gunzipSync(gzBytes).toString()).toBe(html);
    expect(await plain.text()).toBe(html);
    expect(br.headers.get("etag")).toBe(plain.headers.get("etag"));
    cache.close();
  });

  it("renders concurrent misses of one page once", async () => {
    const cache = newCache();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let renders = 0;
    const render = async () => {
      renders += 1;
      await gate;
      return new Response("<p>slow page</p>", { headers: { "content-type": "text/html" } });
    };
    const all = Promise.all(Array.from({ length: 8 }, () => cache.handle(get("/jobs"), render)));
    release();
    const responses = await all;
    expect(renders).toBe(1);
    for (const response of responses) expect(await response.text()).toBe("<p>slow page</p>");
    cache.close();
  });

  it("renders a page again when a table it depends on changed, and keeps no page newer than its versions", async () => {
    const cache = newCache();
    let version = 1;
    const render = async () => new Response(`version ${version}`, { headers: {} });
    await cache.handle(get("/jobs"), render);
    version = 2;
    expect(await (await cache.handle(get("/jobs"), render)).text()).toBe("version 1");
    tableChanged();
    expect(await (await cache.handle(get("/jobs"), render)).text()).toBe("version 2");

    // A change lands while a page renders: the page is kept under the versions read before, so
    // the next request, which sees the new versions, renders it again.
    const racing = async () => {
      const response = new Response(`version ${version}`);
      tableChanged();
      version = 3;
      return response;
    };
    await cache.handle(get("/about"), racing);
    expect(await (await cache.handle(get("/about"), render)).text()).toBe("version 3");
    cache.close();
  });

  it("holds at most maxEntries pages and maxBytes bytes, least recently used out first", async () => {
    const cache = newCache({ maxEntries: 2, maxBytes: 10_000 });
    const { render, renders } = renderer();
    await cache.handle(get("/news/a"), render);
    await cache.handle(get("/news/b"), render);
    await cache.handle(get("/news/a"), render); // a is now the most recent
    await cache.handle(get("/news/c"), render); // b goes
    expect(renders()).toBe(3);
    await cache.handle(get("/news/a"), render);
    expect(renders()).toBe(3);
    await cache.handle(get("/news/b"), render);
    expect(renders()).toBe(4);
    expect(cache.stats().entries).toBe(2);

    cache.close();

    const bounded = newCache({ maxEntries: 100, maxBytes: 10_000 });
    const big = renderer(() => ({ body: "x".repeat(900) }));
    for (let i = 0; i < 20; i += 1) await bounded.handle(get(`/news/${i}`), big.render);
    expect(bounded.stats().bytes).toBeLessThanOrEqual(10_000);
    expect(bounded.stats().entries).toBe(11);
    await bounded.handle(get("/news/19"), big.render);
    expect(big.renders()).toBe(20);
    bounded.close();
  });
});
