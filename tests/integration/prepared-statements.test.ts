import { eq } from "drizzle-orm";
import { afterEach, describe, expect, inject, it } from "vitest";
import { listAllApplicationsForStaff } from "~/server/applications/staff.server";
import { type Database, openDatabase, setDatabase } from "~/server/db/client.server";
import { jobs } from "~/server/db/schema";
import { countUnreadMessages } from "~/server/messages/unread.server";
import { withDatabase } from "./global-setup";
import { createTestUser, EVERY_OFFICE, setupTestDatabase } from "./harness";

// On PostgreSQL the app's queries go out as named prepared statements (decision record 3), still
// planned for each run's own values, and a setting turns them off for a pooler in transaction mode.
// PGlite has no connections to keep statements on; this needs PostgreSQL (.ci/run sets it up).

const ctx = setupTestDatabase();
const onPostgres = inject("dbKind") === "postgres";

let opened: Database | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

/** A second handle on this file's database with one connection, so its session can be inspected. */
async function openOneConnection(prepare?: boolean) {
  const url = withDatabase(
    process.env.TEST_DATABASE_URL!,
    ctx.database.sql!.options.database as string,
  );
  opened = await openDatabase({ kind: "postgres", url, max: 1, steadyMax: 1, prepare });
  return opened;
}

async function preparedJobQueries(database: Database) {
  const rows = await database.sql!<{ statement: string }[]>`
    select statement from pg_prepared_statements where statement like '%from "jobs"%'`;
  return rows.map((r) => r.statement);
}

describe.runIf(onPostgres)("prepared statements on PostgreSQL", () => {
  it("keeps a query prepared on its connection and finds the same rows on every run", async () => {
    const database = await openOneConnection();
    const { id } = await ctx.createTestJob({ title: "Orchard Supervisor" });
    const byId = (jobId: string) =>
      database.db.select({ title: jobs.title }).from(jobs).where(eq(jobs.id, jobId));

    expect(await byId(id)).toEqual([{ title: "Orchard Supervisor" }]);
    const other = await ctx.createTestJob({ title: "Dairy Hand" });
    expect(await byId(other.id)).toEqual([{ title: "Dairy Hand" }]);
    expect(await byId(id)).toEqual([{ title: "Orchard Supervisor" }]);

    const statements = await preparedJobQueries(database);
    expect(statements.filter((s) => s.includes('where "jobs"."id" = $1'))).toHaveLength(1);
    const [mode] = await database.sql!<{ plan_cache_mode: string }[]>`show plan_cache_mode`;
    expect(mode!.plan_cache_mode).toBe("force_custom_plan");
  });

  it("prepares the queries of a transaction and a nested one, and a failed one leaves nothing behind", async () => {
    const database = await openOneConnection();
    await database.db.transaction(async (tx) => {
      await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.title, "Vineyard Pruner"));
      await tx.transaction(async (inner) => {
        await inner.select({ id: jobs.id }).from(jobs).where(eq(jobs.sector, "agriculture"));
      });
    });
    const statements = await preparedJobQueries(database);
    expect(statements.some((s) => s.includes('where "jobs"."title" = $1'))).toBe(true);
    expect(statements.some((s) => s.includes('where "jobs"."sector" = $1'))).toBe(true);

    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(jobs).values({ title: "Rolled Back Job", description: "Never kept" });
        throw new Error("stop");
      }),
    ).rejects.toThrow("stop");
    const kept = await database.db.select().from(jobs).where(eq(jobs.title, "Rolled Back Job"));
    expect(kept).toEqual([]);
  });

  it("sends unnamed statements when turned off (DATABASE_PREPARE=false, for PgBouncer)", async () => {
    const database = await openOneConnection(false);
    const { id } = await ctx.createTestJob({ title: "Packhouse Worker" });
    for (let i = 0; i < 2; i++) {
      expect(
        await database.db.select({ title: jobs.title }).from(jobs).where(eq(jobs.id, id)),
      ).toEqual([{ title: "Packhouse Worker" }]);
    }
    expect(await preparedJobQueries(database)).toEqual([]);
  });
});

describe.runIf(onPostgres)("plans kept for the statements every page runs", () => {
  type PlanCounts = { statement: string; generic_plans: string; custom_plans: string };
  const plans = (on: typeof ctx.database.sql) =>
    on!<PlanCounts[]>`select statement, generic_plans, custom_plans from pg_prepared_statements`;

  it("lets PostgreSQL keep a generic plan for preparedQuery's statements, and plans a search pattern every run", async () => {
    const database = await openOneConnection();
    const applicant = await createTestUser({ fullName: "Tendai Moyo" });
    setDatabase(database);
    try {
      for (let run = 0; run < 8; run++) {
        expect(await countUnreadMessages(applicant.id)).toBe(0);
        const page = await listAllApplicationsForStaff({
          scope: EVERY_OFFICE,
          // A new search each run: a repeated one is answered from what was kept.
          filter: { q: `tendai ${run}` },
          page: 1,
          pageSize: 25,
          countUpTo: 1000,
        });
        expect(page.items).toEqual([]);
      }
    } finally {
      setDatabase(ctx.database);
    }

    const [steadyMode] = await database.steadySql!<{ plan_cache_mode: string }[]>`
      show plan_cache_mode`;
    expect(steadyMode!.plan_cache_mode).toBe("auto");
    // The unread count: planned for its first runs, then one generic plan kept.
    const unread = (await plans(database.steadySql)).find((p) =>
      p.statement.includes('from "message_recipients"'),
    );
    expect(Number(unread!.generic_plans)).toBeGreaterThan(0);
    // The people a search matches: on the main pool, planned for its pattern every time.
    const people = (await plans(database.sql)).find((p) => p.statement.includes("ilike"));
    expect(Number(people!.generic_plans)).toBe(0);
    expect(Number(people!.custom_plans)).toBe(8);
    expect((await plans(database.steadySql)).some((p) => p.statement.includes("ilike"))).toBe(
      false,
    );
  });
});
