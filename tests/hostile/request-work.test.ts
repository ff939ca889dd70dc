import fs from "node:fs";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SHARED_MAX_AGE_MS } from "~/server/cache/cached.server";
import { jobs } from "~/server/db/schema";
import { auth } from "~/server/auth/auth.server";
import { createTestUser, sessionCookie } from "~/tests/integration/harness";
import { countQueries } from "~/tests/integration/query-counter";
import { send, setupHostileApp, url } from "./app";

// A signed-in page runs its root, layout and page loaders side by side; each asks who is signed
// in, and two of them show the unread-messages count. One page must read each of those once.
const ctx = setupHostileApp();

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("work done by one signed-in page", () => {
  it("reads the session once and counts unread messages once for the whole dashboard", async () => {
    const applicant = await createTestUser();
    await ctx.setPaid(applicant.id);
    const cookie = await sessionCookie(applicant);
    const queries = countQueries(ctx.database);
    // The session is read on the hot path (server/auth/session-reader.server.ts), in one query
    // that also finds the person; better-auth is not asked for a session that needs no writing.
    const betterAuth = vi.spyOn(auth().api, "getSession");
    const sessionReads = () =>
      queries.queries.filter((q) => /"sessions"."token" = /.test(q)).length;

    const response = await send(ctx.app, new Request(url("/dashboard"), { headers: { cookie } }));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(applicant.fullName);
    expect(sessionReads()).toBe(1);
    expect(betterAuth).not.toHaveBeenCalled();
    const unreadCounts = queries.queries.filter((q) => /from "message_recipients"/.test(q));
    expect(unreadCounts).toHaveLength(1);

    // The next page is a new request: it reads the session again (a revoked session stops at once).
    await send(ctx.app, new Request(url("/dashboard/profile"), { headers: { cookie } }));
    expect(sessionReads()).toBe(2);
  });

  it("never answers one person's page with another's session", async () => {
    const a = await createTestUser({ fullName: "Rutendo Alpha Moyo" });
    const b = await createTestUser({ fullName: "Thandiwe Beta Ncube" });
    const [pageA, pageB] = await Promise.all(
      [a, b].map(async (user) => {
        const headers = { cookie: await sessionCookie(user) };
        return (await send(ctx.app, new Request(url("/dashboard"), { headers }))).text();
      }),
    );
    expect(pageA).toContain(a.fullName);
    expect(pageA).not.toContain(b.fullName);
    expect(pageB).toContain(b.fullName);
    expect(pageB).not.toContain(a.fullName);
  });
});

describe("a signed-in page's bytes", () => {
  const decode: Record<string, (body: Buffer) => Buffer> = {
    br: (body) => zlib.brotliDecompressSync(body),
    gzip: (body) => zlib.gunzipSync(body),
    identity: (body) => body,
  };

  it("sends the page and its data compressed whole, in the encoding the browser asked for", async () => {
    const applicant = await createTestUser({ fullName: "Nyasha Encoded Dube" });
    const cookie = await sessionCookie(applicant);
    for (const path of ["/dashboard", "/dashboard.data"]) {
      const bodies: string[] = [];
      for (const [accept, encoding] of [
        ["gzip, deflate, br, zstd", "br"],
        ["gzip", "gzip"],
        ["br;q=0, gzip;q=0.5", "gzip"],
        ["identity", "identity"],
      ] as const) {
        const headers = { cookie, "accept-encoding": accept };
        const response = await send(ctx.app, new Request(url(path), { headers }));
        expect(response.status, path).toBe(200);
        expect(response.headers.get("content-encoding") ?? "identity", `${path} ${accept}`).toBe(
          encoding,
        );
        expect(response.headers.get("vary"), path).toMatch(/Accept-Encoding/);
        const body = Buffer.from(await response.arrayBuffer());
        // Sent whole: its length is known before the first byte leaves.
        expect(response.headers.get("content-length"), path).toBe(String(body.length));
        bodies.push(decode[encoding]!(body).toString("utf8"));
      }
      expect(bodies[0], path).toContain("Nyasha Encoded Dube");
      // The same page in every encoding, but for the nonce each rendering gets and the time it
      // was made (an applicant's page says when it was last updated, for reading it offline).
      const unNonced = bodies.map((b) =>
        b
          .replace(/nonce="[^"]*"/g, 'nonce=""')
          .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, "TIME"),
      );
      expect(new Set(unNonced).size, path).toBe(1);
    }
  });

  it("answers a HEAD with the headers of the page and no body", async () => {
    const cookie = await sessionCookie(await createTestUser());
    const response = await send(
      ctx.app,
      new Request(url("/dashboard"), {
        method: "HEAD",
        headers: { cookie, "accept-encoding": "br" },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });
});

describe("parts shared between signed-in pages", () => {
  const withoutNonces = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

  it("writes the job cards, filters, navigation and footer from memory, exactly as rendered", async () => {
    await ctx.createTestJob({ title: "Theatre Nurse Kept", isActive: true, isPublic: true });
    const a = await createTestUser({ fullName: "Farai Kept Chikwanha", paid: true });
    const b = await createTestUser({ fullName: "Tendai Other Sibanda", paid: true });
    const page = async (user: typeof a) => {
      const headers = { cookie: await sessionCookie(user), "accept-encoding": "identity" };
      const response = await send(ctx.app, new Request(url("/jobs?q=kept"), { headers }));
      expect(response.status).toBe(200);
      return withoutNonces(await response.text());
    };
    const first = await page(a);
    expect(first).toContain("Theatre Nurse Kept");
    expect(first).not.toContain("data-passage-fragment");
    // The second rendering takes the shared parts from memory: the same bytes.
    expect(await page(a)).toBe(first);
    // Another person gets the shared parts too, and only their own name.
    const other = await page(b);
    expect(other).toContain("Tendai Other Sibanda");
    expect(other).not.toContain("Farai Kept Chikwanha");
    // Their pages differ in what is theirs (name, e-mail, the page's data), not in the shared parts.
    const between = (html: string, from: string, to: string) =>
      html.slice(html.indexOf(from), html.indexOf(to) + to.length);
    expect(between(other, "<main", "</footer>")).toBe(between(first, "<main", "</footer>"));
  });

  it("shows a job's new title, changed by plain SQL, on a page a second later", async () => {
    const job = await ctx.createTestJob({ title: "Welder Before", isActive: true, isPublic: true });
    const cookie = await sessionCookie(await createTestUser({ paid: true }));
    const get = async (q: string) => {
      const headers = { cookie, "accept-encoding": "identity" };
      return (await send(ctx.app, new Request(url(`/jobs?q=${q}`), { headers }))).text();
    };
    expect(await get("welder")).toContain("Welder Before");
    await ctx.db.update(jobs).set({ title: "Welder After" }).where(eq(jobs.id, job.id));
    // A page request trusts the tables' versions read within the last second.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + SHARED_MAX_AGE_MS + 1);
    const after = await get("welder");
    expect(after).toContain("Welder After");
    expect(after).not.toContain("Welder Before");
  });
});

describe("a signed-in page's strings", () => {
  it("come as files the browser keeps, named by the page and preloaded by its headers", async () => {
    const cookie = await sessionCookie(await createTestUser());
    const headers = { cookie, "accept-encoding": "identity" };
    const answer = await send(ctx.app, new Request(url("/jobs"), { headers }));
    const link = answer.headers.get("link") ?? "";
    const html = await answer.text();
    const script = /window\.__i18n=(\{.*?\})<\/script>/.exec(html)?.[1];
    const page = JSON.parse(script!) as {
      lng: string;
      ns: string[];
      files: Record<string, string>;
    };
    expect(page.lng).toBe("en");
    expect(page.ns).toEqual(["common", "jobs"]);
    expect(Object.keys(page.files)).toEqual(["common", "jobs"]);
    // The strings themselves are not in the page.
    expect(html).not.toContain('"resources"');
    for (const [ns, file] of Object.entries(page.files)) {
      expect(link).toContain(`<${file}>; rel=preload; as=fetch; crossorigin`);
      const response = await send(ctx.app, new Request(url(file)));
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const strings = JSON.parse(fs.readFileSync(`app/locales/en/${ns}.json`, "utf8")) as object;
      expect(await response.json()).toEqual(strings);
    }
  });

  it("are inline on a visitor's page, whose first visit must not wait for another request", async () => {
    const headers = { "accept-encoding": "identity" };
    const answer = await send(ctx.app, new Request(url("/jobs"), { headers }));
    expect(answer.headers.get("link")).toBeNull();
    const html = await answer.text();
    expect(html).toMatch(
      /window\.__i18n=\{"lng":"en","ns":\["common","jobs"\],"v":"[\w-]+","resources":\{"en":/,
    );
  });

  it("answers a file of another build with today's strings, not to be kept, and an unknown one with 404", async () => {
    const stale = await send(ctx.app, new Request(url("/i18n/en/jobs.OLDBUILD1234.json")));
    expect(stale.status).toBe(200);
    expect(stale.headers.get("cache-control")).toBe("no-cache");
    for (const path of ["/i18n/en/nothing.abc.json", "/i18n/xx/jobs.abc.json", "/i18n/en/jobs"]) {
      expect((await send(ctx.app, new Request(url(path)))).status, path).toBe(404);
    }
  });
});
