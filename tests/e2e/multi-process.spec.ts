import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import postgres from "postgres";
import { DEMO, expect, test } from "./fixtures";
import { loginAt, type ServerProcess, startServerProcess } from "./server-process";

const adminUrl = process.env.TEST_DATABASE_URL;

/** Runs `body` with the address of a new, empty database on the PostgreSQL server; drops it after. */
async function withScratchDatabase(prefix: string, body: (databaseUrl: string) => Promise<void>) {
  const name = `${prefix}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  try {
    await body(url.toString());
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end({ timeout: 1 });
  }
}

// Two app processes on one PostgreSQL need a PostgreSQL server; .ci/run always sets
// TEST_DATABASE_URL, so there this always runs.
test.describe("two app processes sharing one PostgreSQL", () => {
  test.skip(!adminUrl, "needs TEST_DATABASE_URL (PostgreSQL)");
  test.setTimeout(180_000);

  test("a session from one process works on the other, and checks are not doubled", async ({
    page,
  }) => {
    await withScratchDatabase("passage_e2e_mp", async (databaseUrl) => {
      const env = { DATABASE_URL: databaseUrl, MONITOR_INTERVAL_MS: "1000" };
      const servers: ServerProcess[] = [];
      const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
      try {
        servers.push(await startServerProcess({ portOffset: 2, env }));
        servers.push(await startServerProcess({ portOffset: 3, env }));
        const [a, b] = servers as [ServerProcess, ServerProcess];

        // Signed in on A; the same cookie opens a staff page on B (sessions live in the database).
        await loginAt(page, a.url, DEMO.admin);
        await page.goto(`${b.url}/admin/monitoring`);
        await expect(page).toHaveURL(`${b.url}/admin/monitoring`);
        await expect(
          page.getByRole("heading", { level: 1, name: "System Monitoring" }),
        ).toBeVisible();

        // Both processes run the scheduler every second; let several ticks happen.
        await expect
          .poll(
            async () =>
              Number(
                (await db`select count(distinct checked_at)::int as n from monitor_checks`)[0]!.n,
              ),
            { timeout: 60_000 },
          )
          .toBeGreaterThanOrEqual(6);

        // Every tick was run by exactly one process: each tick stamps one row per service, and
        // successive ticks are at least 80 % of the interval apart (two unsynchronised timers
        // running every second would interleave much closer than that).
        const perTick = await db<{ checked_at: Date; rows: number; services: number }[]>`
        select checked_at, count(*)::int as rows, count(distinct service)::int as services
          from monitor_checks group by checked_at order by checked_at`;
        for (const tick of perTick) expect(tick.rows).toBe(tick.services);
        const gaps = perTick
          .slice(1)
          .map((t, i) => t.checked_at.getTime() - perTick[i]!.checked_at.getTime());
        expect(Math.min(...gaps)).toBeGreaterThanOrEqual(800);
      } finally {
        for (const s of servers) await s.stop();
        await db.end({ timeout: 1 });
      }
    });
  });

  test("WEB_CONCURRENCY=2 serves from two workers, replaces one that dies, and stops them all", async ({
    page,
  }) => {
    /** The worker processes of the server (children of the process that was started). */
    const workersOf = (pid: number) => {
      try {
        return execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
          .split("\n")
          .filter(Boolean)
          .map(Number);
      } catch {
        return []; // pgrep exits 1 when there are none
      }
    };
    await withScratchDatabase("passage_e2e_wc", async (databaseUrl) => {
      let server: ServerProcess | undefined;
      try {
        server = await startServerProcess({
          portOffset: 7,
          env: { DATABASE_URL: databaseUrl, WEB_CONCURRENCY: "2" },
        });
        const first = workersOf(server.pid);
        expect(first).toHaveLength(2);

        // A session made by whichever worker answered the sign-in works on every request after it.
        await loginAt(page, server.url, DEMO.admin);
        for (let i = 0; i < 4; i++) {
          await page.goto(`${server.url}/admin/monitoring`);
          await expect(
            page.getByRole("heading", { level: 1, name: "System Monitoring" }),
          ).toBeVisible();
        }

        // A worker that dies is replaced, and the site keeps answering.
        process.kill(first[0]!, "SIGKILL");
        await expect
          .poll(() => workersOf(server!.pid).filter((pid) => !first.includes(pid)).length, {
            timeout: 30_000,
          })
          .toBe(1);
        await expect.poll(() => workersOf(server!.pid).length, { timeout: 30_000 }).toBe(2);
        // (A kept-alive connection to the dead worker fails once, as it would for any client.)
        await expect
          .poll(() =>
            fetch(`${server!.url}/readyz`).then(
              (r) => r.status,
              () => 0,
            ),
          )
          .toBe(200);

        // Stopping the server stops every worker.
        const workers = workersOf(server.pid);
        await server.stop();
        server = undefined;
        for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
      } finally {
        await server?.stop();
      }
    });
  });
});
