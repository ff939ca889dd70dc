import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runInRequestScope } from "~/server/request-scope.server";
import { loader as rootLoader } from "~/app/root";
import { DEFAULT_SITE_SETTINGS } from "~/domain/settings";
import { loader as serviceLoader } from "~/app/routes/public/service";
import { updateSiteSettings } from "~/server/settings/settings.server";
import { createTestUser, requestAs, runAs, runRoute, setupTestDatabase } from "./harness";
import { countQueries } from "./query-counter";

const ctx = setupTestDatabase();
let queries: ReturnType<typeof countQueries>;

beforeAll(() => {
  queries = countQueries(ctx.database);
});

type RootData = {
  settings: Record<string, unknown>;
  viewer: unknown;
  unreadMessages: number;
};

/**
 * `work` as a page request. The clock stands still in this file: a page request trusts the tables'
 * versions read within the last second (server/cache/cached.server.ts), so it costs no query for
 * them, however slow the machine.
 */
const page = <T>(work: () => Promise<T>) => runInRequestScope("GET", work);
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterAll(() => {
  vi.useRealTimers();
});

describe("what every page's data carries", () => {
  it("never sends the staff inbox address to a page, to a visitor or anyone else", async () => {
    const admin = await createTestUser({ role: "admin" });
    await updateSiteSettings({
      actor: admin,
      value: {
        ...DEFAULT_SITE_SETTINGS,
        inboxEmail: "staff-inbox-7731@passage.example",
      },
    });
    for (const user of [null, await createTestUser(), admin]) {
      const res = await runAs(user, rootLoader, "/");
      const data = res.data as RootData;
      expect(data.settings.contactEmail).toBe(DEFAULT_SITE_SETTINGS.contactEmail);
      expect(JSON.stringify(data)).not.toContain("staff-inbox-7731");
      expect(data.settings).not.toHaveProperty("inboxEmail");
    }
  });

  it("costs a visitor's page no database query once the settings are read", async () => {
    await page(() => runAs(null, rootLoader, "/jobs"));
    queries.reset();
    const res = await page(() => runAs(null, rootLoader, "/jobs"));
    expect((res.data as RootData).viewer).toBeNull();
    expect(queries.queries).toEqual([]);
  });

  it("shows a settings change on the very next page, though the settings are kept in memory", async () => {
    const admin = await createTestUser({ role: "super_admin" });
    await runAs(null, rootLoader, "/");
    await updateSiteSettings({
      actor: admin,
      value: {
        ...DEFAULT_SITE_SETTINGS,
        agencyName: "Passage Renamed",
        phone: "+263779999999",
      },
    });
    const res = await runAs(null, rootLoader, "/");
    expect((res.data as RootData).settings.agencyName).toBe("Passage Renamed");
    // Stored in E.164, shown as people read it.
    expect((res.data as RootData).settings.phone).toBe("+263 77 999 9999");
  });

  it("reads a service page's reference data (job and programme counts, programmes) once", async () => {
    for (const slug of ["student-placement", "job-recruitment"]) {
      const request = () => requestAs(null, `/services/${slug}`);
      queries.reset();
      const first = await page(async () => runRoute(serviceLoader, await request(), { slug }));
      expect(first.status).toBe(200);
      expect(queries.count).toBeGreaterThan(0);
      queries.reset();
      const second = await page(async () => runRoute(serviceLoader, await request(), { slug }));
      expect(second.data).toEqual(first.data);
      expect(queries.queries).toEqual([]);
    }
  });
});
