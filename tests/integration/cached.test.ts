import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEPENDENCIES, PUBLIC_TTL_MS, SHARED_MAX_AGE_MS } from "~/server/cache/cached.server";
import { queryRows } from "~/server/db/client.server";
import { listActiveCountries } from "~/server/jobs/listing.server";
import { runInRequestScope } from "~/server/request-scope.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import { setupTestDatabase } from "./harness";
import { countQueries } from "./query-counter";

// The one cache model (server/cache/cached.server.ts): a value is kept until a version of what it
// depends on moves (triggers, migration 0031) or its time runs out; page requests read the versions
// at most once a second, anything else reads them afresh.
const ctx = setupTestDatabase();

/** One visitor's request, as the server runs it. */
const request = <T>(work: () => Promise<T>) => runInRequestScope("GET", work);

afterAll(() => {
  vi.useRealTimers();
});

/** Past the second within which a page request trusts the versions read last. */
const aSecondLater = () => vi.setSystemTime(Date.now() + SHARED_MAX_AGE_MS + 1);

// The clock only moves forward in this file, as the tests say.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});

describe("cached values", () => {
  it("read the data once, and the versions at most once a second, however many requests ask", async () => {
    await request(() => Promise.all([listActiveCountries(), getSiteSettings()]));
    const queries = countQueries(ctx.database);
    for (let i = 0; i < 3; i++) {
      const [countries] = await request(() =>
        Promise.all([listActiveCountries(), listActiveCountries(), getSiteSettings()]),
      );
      expect(countries.length).toBeGreaterThan(0);
    }
    expect(queries.count).toBe(0);
    aSecondLater();
    await request(() => Promise.all([listActiveCountries(), getSiteSettings()]));
    expect(queries.count).toBe(1); // the versions
  });

  it("see a change made with plain SQL within a second", async () => {
    const before = await request(() => listActiveCountries());
    const { code, name } = before[0]!;
    await ctx.db.execute(sql`update countries set name = 'Renamed in SQL' where code = ${code}`);
    aSecondLater();
    expect((await request(() => listActiveCountries())).map((c) => c.name)).toContain(
      "Renamed in SQL",
    );
    await ctx.db.execute(sql`update countries set name = ${name} where code = ${code}`);
  });

  it("see a change made by a second connection that bypasses the app within a second", async () => {
    const before = await request(() => listActiveCountries());
    const { code, name } = before[0]!;
    // Another client of the same database: PGlite's own, or PostgreSQL's raw client.
    const other = ctx.database.pglite
      ? (q: string) => ctx.database.pglite!.query(q)
      : (q: string) => ctx.database.sql!.unsafe(q);
    await other(`update countries set name = 'Renamed Elsewhere' where code = '${code}'`);
    aSecondLater();
    expect((await request(() => listActiveCountries())).map((c) => c.name)).toContain(
      "Renamed Elsewhere",
    );
    await other(`update countries set name = '${name}' where code = '${code}'`);
  });

  it("see a change at once outside a page request (an action, a script)", async () => {
    const before = await listActiveCountries();
    const { code, name } = before[0]!;
    await ctx.db.execute(sql`update countries set name = 'Renamed Just Now' where code = ${code}`);
    expect((await listActiveCountries()).map((c) => c.name)).toContain("Renamed Just Now");
    await ctx.db.execute(sql`update countries set name = ${name} where code = ${code}`);
  });

  it("are read again when their time runs out, even if nothing changed", async () => {
    await request(() => listActiveCountries());
    const queries = countQueries(ctx.database);
    vi.setSystemTime(Date.now() + PUBLIC_TTL_MS + 1);
    await request(() => listActiveCountries());
    expect(queries.count).toBe(2); // the versions and the countries
  });

  it("have a trigger moving each version they may depend on", async () => {
    const rows = await queryRows<{ def: string }>(
      sql`select pg_get_triggerdef(oid) as def from pg_trigger where not tgisinternal`,
    );
    const functions = await queryRows<{ src: string }>(
      sql`select prosrc as src from pg_proc where proname = 'count_application_search_change'`,
    );
    for (const name of DEPENDENCIES) {
      const moved =
        rows.some((r) => r.def.includes(`bump_version('${name}')`)) ||
        functions.some((r) => r.src.includes(`'version:${name}'`));
      expect(moved, name).toBe(true);
    }
  });
});
