import { execFile } from "node:child_process";
import http from "node:http";
import { promisify } from "node:util";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import { JobFormSchema } from "~/domain/jobs";
import { ProgramFormSchema } from "~/domain/programs";
import { createFrontDoor } from "~/server/cache/front-door.server";
import { PageCache } from "~/server/cache/page-cache.server";
import { createHttpApp } from "~/server/http";
import { countries } from "~/server/db/schema";
import { createJob, toggleJobFlag, updateJob } from "~/server/jobs/admin.server";
import { createProgram, setProgramActive } from "~/server/programs/admin.server";
import { withDatabase } from "./global-setup";
import { createTestUser, sessionCookie, setupTestDatabase, type TestUser } from "./harness";
import { httpGet, listenLocally } from "./local-http";
import { countQueries } from "./query-counter";

// The real app, rendered through the production server stack: compression on the node request,
// the Hono app, the page cache, React Router. The server build comes from Vite (as in
// development) so this test needs no prior `npm run build`.
const ctx = setupTestDatabase();
let vite: ViteDevServer;
let server: http.Server;
let origin: string;
let cache: PageCache;
let queries: ReturnType<typeof countQueries>;
let admin: TestUser;
/** Requests that reached the Hono app (past the front door's fast path). */
let appRequests = 0;

beforeAll(async () => {
  vite = await createViteServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "error",
  });
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  queries = countQueries(ctx.database);
  cache = new PageCache();
  const app = createHttpApp({
    mode: "test",
    trustProxy: false,
    getBuild: async () => build,
    pageCache: cache,
  });
  const listener = getRequestListener(app.fetch);
  server = http.createServer(
    createFrontDoor({
      pageCache: cache,
      app: (req, res) => {
        appRequests += 1;
        void listener(req, res);
      },
    }),
  );
  origin = await listenLocally(server);
  admin = await createTestUser({ role: "admin" });
  // The cache trusts versions read within the last second and keeps a page 5 minutes at most:
  // the tests move the clock instead of waiting.
  vi.useFakeTimers({ toFake: ["Date"] });
}, 240_000);

/** Past the second within which the cache trusts the versions it read last. */
const aSecondLater = () => vi.setSystemTime(Date.now() + cache.versionsMaxAgeMs + 1);

afterAll(async () => {
  vi.useRealTimers();
  cache?.close();
  await new Promise((resolve) => server?.close(resolve));
  await vite?.close();
});

const get = (path: string, headers?: Record<string, string>) =>
  httpGet(`${origin}${path}`, headers);

const asMember = async (user: TestUser) => ({ cookie: await sessionCookie(user) });

async function newJob(title: string, options: { isPublic?: boolean } = {}) {
  const input = JobFormSchema.parse({
    title,
    description: `${title}: premium-detail-${title.length}-description`,
    sector: "healthcare",
    isActive: "on",
    isPublic: options.isPublic === false ? undefined : "on",
  });
  return createJob({ actor: admin, input });
}

function renamed(title: string, isPublic = true) {
  return JobFormSchema.parse({
    title,
    description: `${title}: description`,
    sector: "healthcare",
    isActive: "on",
    isPublic: isPublic ? "on" : undefined,
  });
}

describe("a visitor's public pages come from memory", () => {
  it("renders a page once: the next visitor's request runs no loader and no query", async () => {
    await newJob("Night Nurse in Calgary");
    for (const path of ["/jobs?sector=healthcare&page=1", "/jobs.data?sector=healthcare", "/"]) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      expect(first.headers["x-cache"], path).toBe("MISS");
      queries.reset();
      const second = await get(path);
      expect(second.headers["x-cache"], path).toBe("HIT");
      expect(queries.queries, path).toEqual([]);
      expect(second.text, path).toBe(first.text);
    }
    const page = await get("/jobs?sector=healthcare&page=1");
    expect(page.text).toContain("Night Nurse in Calgary");
    expect(page.headers["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+/);
    expect(page.headers.vary).toMatch(/Accept-Encoding/);
  });

  it("answers a repeat visit at the front door, with every header the app sends", async () => {
    const viaApp = await get("/news?page=1", { "accept-encoding": "br" });
    expect(viaApp.headers["x-cache"]).toBe("MISS");
    const before = appRequests;
    const atDoor = await get("/news?page=1", { "accept-encoding": "br" });
    expect(appRequests).toBe(before);
    expect(atDoor.headers["x-cache"]).toBe("HIT");
    expect(atDoor.text).toBe(viaApp.text);
    for (const name of [
      "content-type",
      "content-encoding",
      "cache-control",
      "vary",
      "etag",
      "x-content-type-options",
      "x-frame-options",
      "referrer-policy",
    ])
      expect(atDoor.headers[name], name).toBe(viaApp.headers[name]);
    expect(atDoor.headers["x-request-id"]).toBeTruthy();
    expect(atDoor.headers["x-request-id"]).not.toBe(viaApp.headers["x-request-id"]);
    const revalidated = await get("/news?page=1", { "if-none-match": atDoor.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(appRequests).toBe(before);
  });

  it("answers at the front door a second client whose headers differ from the first one's", async () => {
    // A page the whole server has already taught the fast path (for one client's headers) is
    // still learned for a client that sends other headers leading to the same page.
    await get("/news?page=2");
    const before = appRequests;
    expect((await get("/news?page=2")).headers["x-cache"]).toBe("HIT");
    expect(appRequests).toBe(before);
    const other = { "accept-language": "en-GB,en;q=0.9" };
    expect((await get("/news?page=2", other)).headers["x-cache"]).toBe("HIT");
    expect(appRequests).toBe(before + 1);
    const again = await get("/news?page=2", other);
    expect(again.headers["x-cache"]).toBe("HIT");
    expect(appRequests).toBe(before + 1);
  });

  it("keys pages by URL and language: another filter or page renders anew", async () => {
    await get("/jobs?sector=healthcare&page=1");
    const other = await get("/jobs?sector=healthcare&page=2");
    expect(other.headers["x-cache"]).toBe("MISS");
  });

  it("answers If-None-Match with 304 Not Modified", async () => {
    const first = await get("/about");
    const etag = first.headers.etag!;
    expect(etag).toBeTruthy();
    const again = await get("/about", { "if-none-match": etag, "accept-encoding": "br" });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("sends brotli, gzip or plain by Accept-Encoding, the same page each time", async () => {
    const plain = await get("/news");
    const br = await get("/news", { "accept-encoding": "gzip, deflate, br, zstd" });
    const gzip = await get("/news", { "accept-encoding": "gzip" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(br.text).toBe(plain.text);
    expect(gzip.text).toBe(plain.text);
    for (const res of [plain, br, gzip]) expect(res.headers.vary).toMatch(/Accept-Encoding/);

    // Pages that are never cached (a form per visitor) are compressed on the way out.
    const contact = await get("/contact", { "accept-encoding": "br" });
    expect(contact.status).toBe(200);
    expect(contact.headers["x-cache"]).toBeUndefined();
    expect(contact.headers["content-encoding"]).toBe("br");
    expect(contact.text).toContain("</html>");
    const data = await get("/contact.data", { "accept-encoding": "gzip" });
    expect(data.headers["content-type"]).toMatch(/text\/x-script/);
    expect(data.headers["content-encoding"]).toBe("gzip");
  });
});

describe("a change to what a page shows reaches the next visitor within a second", () => {
  it("shows a staff edit of a job, and its removal, on the next visit", async () => {
    const id = await newJob("Welder in Perth");
    const before = await get(`/jobs/${id}`);
    expect(before.text).toContain("Welder in Perth");
    expect((await get(`/jobs/${id}`)).headers["x-cache"]).toBe("HIT");
    expect((await get("/jobs?q=welder")).text).toContain("Welder in Perth");

    await updateJob({ actor: admin, jobId: id, input: renamed("Boilermaker in Perth") });
    aSecondLater();
    const after = await get(`/jobs/${id}`);
    expect(after.text).toContain("Boilermaker in Perth");
    expect(after.text).not.toContain("Welder in Perth");
    expect((await get("/jobs?q=welder")).text).not.toContain("Welder in Perth");

    await toggleJobFlag({ actor: admin, jobId: id, flag: "isActive" });
    aSecondLater();
    expect((await get(`/jobs/${id}`)).status).toBe(404);
  });

  it("shows a rename made with plain SQL on every page that shows the job", async () => {
    const id = await newJob("Glazier in Hobart");
    const pages = [`/jobs/${id}`, `/jobs/${id}.data`, "/jobs?q=glazier", "/jobs.data?q=glazier"];
    for (const path of pages) {
      expect((await get(path)).text, path).toContain("Glazier in Hobart");
      expect((await get(path)).headers["x-cache"], path).toBe("HIT");
    }
    await ctx.db.execute(sql`update jobs set title = 'Glazier in Launceston' where id = ${id}`);
    aSecondLater();
    for (const path of pages) {
      const after = await get(path);
      expect(after.text, path).toContain("Glazier in Launceston");
    }
  });

  it("renders a page again after 5 minutes even when nothing changed", async () => {
    await get("/about");
    expect((await get("/about")).headers["x-cache"]).toBe("HIT");
    vi.setSystemTime(Date.now() + cache.ttlMs + 1);
    expect((await get("/about")).headers["x-cache"]).toBe("MISS");
  });

  it("keeps study pages in all three languages, and shows a staff edit of a program next visit", async () => {
    const [ca] = await ctx.db.select().from(countries).where(eq(countries.code, "CA"));
    const id = await createProgram({
      actor: admin,
      input: ProgramFormSchema.parse({
        title: "Diploma in Welding Technology",
        university: "Red River College",
        city: "Winnipeg",
        countryId: String(ca!.id),
        level: "diploma",
        fieldOfStudy: "engineering",
        durationMonths: "24",
        languageOfInstruction: "English",
        tuitionAmount: "18000",
        tuitionCurrency: "CAD",
        intakes: "2031-09-01",
        description: "Welding and fabrication.",
        isActive: "on",
      }),
    });
    for (const path of [`/study/${id}`, `/fr/study/${id}`, "/pt/study?q=welding"]) {
      expect((await get(path)).headers["x-cache"], path).toBe("MISS");
      const again = await get(path);
      expect(again.headers["x-cache"], path).toBe("HIT");
      expect(again.text, path).toContain("Diploma in Welding Technology");
    }
    await setProgramActive({ actor: admin, programId: id, active: false });
    aSecondLater();
    expect((await get(`/fr/study/${id}`)).status).toBe(404);
    expect((await get("/pt/study?q=welding")).text).not.toContain("Diploma in Welding Technology");
  });

  it("shows an edit made by another app process on the same PostgreSQL", async () => {
    // PGlite is one process by design; this needs PostgreSQL (.ci/run sets TEST_DATABASE_URL).
    if (inject("dbKind") !== "postgres") return;
    {
      const id = await newJob("Farm Hand in Otago");
      expect((await get(`/jobs/${id}`)).text).toContain("Farm Hand in Otago");
      expect((await get(`/jobs/${id}`)).headers["x-cache"]).toBe("HIT");

      const url = withDatabase(
        process.env.TEST_DATABASE_URL!,
        ctx.database.sql!.options.database as string,
      );
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          "--import",
          "tsx",
          "tests/integration/processes/edit-job.ts",
          url,
          admin.id,
          id,
          "Orchard Lead in Otago",
        ],
        { env: process.env },
      );
      expect(stdout).toContain("edited");

      // Its commit moved the jobs version; this process reads the versions again after a second.
      aSecondLater();
      expect((await get(`/jobs/${id}`)).text).toContain("Orchard Lead in Otago");
    }
  });
});

describe("a signed-in person's page is theirs alone", () => {
  it("never stores a signed-in page for visitors, nor serves a visitor's page to a member", async () => {
    const member = await createTestUser({ fullName: "Tendai Member-Only" });
    await ctx.setPaid(member.id);
    const premiumId = await newJob("Theatre Nurse in Leeds", { isPublic: false });
    const premiumText = "premium-detail-";

    // The member goes first, to an empty cache.
    const mine = await get(`/jobs/${premiumId}`, await asMember(member));
    expect(mine.status).toBe(200);
    expect(mine.text).toContain("Tendai Member-Only");
    expect(mine.text).toContain(premiumText);
    expect(mine.headers["x-cache"]).toBeUndefined();
    expect(mine.headers["cache-control"]).toBe("private, no-store");
    const myJobs = await get("/jobs", await asMember(member));
    expect(myJobs.text).toContain("Tendai Member-Only");

    // A visitor then gets a visitor's page, never the member's.
    const visitorJobs = await get("/jobs");
    expect(visitorJobs.text).not.toContain("Tendai Member-Only");
    const visitorJob = await get(`/jobs/${premiumId}`);
    expect(visitorJob.text).not.toContain(premiumText);
    expect((await get("/jobs")).headers["x-cache"]).toBe("HIT");

    // With the visitor's page cached, the member still gets their own.
    const again = await get("/jobs", await asMember(member));
    expect(again.text).toContain("Tendai Member-Only");
    expect(again.headers["x-cache"]).toBeUndefined();

    // Even a stale or forged session cookie skips the cache.
    const forged = await get("/jobs", { cookie: "passage.session_token=forged" });
    expect(forged.headers["x-cache"]).toBeUndefined();
    expect(forged.headers["cache-control"]).toBe("private, no-store");
  });
});

describe("a free job's page is open to visitors", () => {
  it("is served from memory, asks only to sign in to apply, in the page's language, and holds nothing personal", async () => {
    const member = await createTestUser({ fullName: "Rudo Member-Only" });
    const id = await newJob("Dairy Hand in Waikato");

    // A signed-in applicant reads it first, with the apply form.
    const mine = await get(`/jobs/${id}`, await asMember(member));
    expect(mine.text).toContain("Rudo Member-Only");
    expect(mine.headers["x-cache"]).toBeUndefined();

    const first = await get(`/jobs/${id}`);
    expect(first.status).toBe(200);
    expect(first.headers["x-cache"]).toBe("MISS");
    expect(first.text).toContain("Dairy Hand in Waikato");
    expect(first.text).not.toContain("Rudo Member-Only");
    const signIn = `/auth?redirectTo=${encodeURIComponent(`/jobs/${id}`)}`;
    expect(first.text).toContain(`href="${signIn}"`);
    expect((await get(`/jobs/${id}`)).headers["x-cache"]).toBe("HIT");

    const french = await get(`/fr/jobs/${id}`);
    expect(french.status).toBe(200);
    expect(french.text).toContain(`href="/fr${signIn}"`);
  });
});

describe("editing a job through the service while visitors read", () => {
  it("never keeps a page older than the last edit", async () => {
    const id = await newJob("Cook in Dubai");
    await get(`/jobs/${id}`);
    const titles = ["Chef in Dubai", "Sous Chef in Dubai", "Head Chef in Dubai"];
    for (const title of titles) {
      await Promise.all([
        updateJob({ actor: admin, jobId: id, input: renamed(title) }),
        get(`/jobs/${id}`),
        get(`/jobs/${id}`),
      ]);
      aSecondLater();
      expect((await get(`/jobs/${id}`)).text).toContain(title);
    }
  });
});
