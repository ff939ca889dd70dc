// Seeding: a scratch database (PostgreSQL) or a temporary data directory (PGlite) filled with
// BENCH_ROWS jobs and applications in a few set-based SQL statements, plus two accounts made through
// better-auth like the demo seed: a paid applicant and a staff member with known passwords.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pino from "pino";
import postgres from "postgres";
import { createAuth, setAuth } from "~/server/auth/auth.server";
import { loadConfig, setConfig } from "~/server/config.server";
import {
  type Database,
  migrateDatabase,
  openDatabase,
  queryRows,
  setDatabase,
} from "~/server/db/client.server";
import { seedServices } from "~/server/boot.server";
import { createAccount, seedReferenceData } from "~/server/db/seed.server";
import { setLogger } from "~/server/logger.server";
import { onCleanup } from "./cleanup";
import type { DatabaseKind } from "./options";

export type BenchAccount = { email: string; password: string; role: "job_seeker" | "admin" };

export type SeededDatabase = {
  kind: DatabaseKind;
  /** Open, migrated and registered (db()) until `close` is called. */
  database: Database;
  /** What the server needs to find the same data. */
  serverEnv: { DATABASE_URL: string; DATA_DIR: string; AUTH_SECRET: string };
  paid: BenchAccount;
  staff: BenchAccount;
  counts: { jobs: number; publicJobs: number; applications: number };
  close: () => Promise<void>;
};

/** A temporary directory, removed at clean-up. */
export function makeTempDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `passage-bench-${label}-`));
  onCleanup(`remove ${dir}`, () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ""));
  if (!name) throw new Error("BENCH_DATABASE_URL must name a database (…/passage_bench)");
  return name;
}

/**
 * Creates BENCH_DATABASE_URL's database when it does not exist (and drops it again at clean-up);
 * when it exists it must be empty or a Passage database, and its tables are emptied after migrating.
 */
async function preparePostgres(url: string): Promise<{ truncate: boolean }> {
  const name = databaseName(url);
  const maintenance = new URL(url);
  maintenance.pathname = name === "postgres" ? "/template1" : "/postgres";
  const admin = postgres(maintenance.toString(), { max: 1, onnotice: () => {} });
  try {
    const [found] = await admin`select 1 as found from pg_database where datname = ${name}`;
    if (found) return { truncate: true };
    await admin.unsafe(`create database "${name.replaceAll('"', '""')}"`);
    console.log(`Created scratch database ${name} (dropped again at the end).`);
    onCleanup(`drop database ${name}`, async () => {
      const dropper = postgres(maintenance.toString(), { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(
          `drop database if exists "${name.replaceAll('"', '""')}" with (force)`,
        );
      } finally {
        await dropper.end({ timeout: 5 });
      }
    });
    return { truncate: false };
  } finally {
    await admin.end({ timeout: 5 });
  }
}

async function emptyPassageTables(database: Database) {
  const tables = await queryRows<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
    database.db,
  );
  const names = tables.map((t) => t.tablename);
  if (names.length > 0 && !names.includes("jobs")) {
    throw new Error(
      `BENCH_DATABASE_URL holds tables that are not Passage's (${names.slice(0, 5).join(", ")}…); ` +
        "give it a scratch database",
    );
  }
  return names;
}

export async function seedDatabase(
  kind: DatabaseKind,
  options: { rows: number; postgresUrl?: string },
): Promise<SeededDatabase> {
  const dataDir = makeTempDir(kind);
  const authSecret = crypto.randomBytes(36).toString("base64url");
  // The server's own services do the seeding, so they need the registry the server would set up.
  setLogger(pino({ level: "warn" }));
  const config = loadConfig({
    NODE_ENV: "test",
    SEED_DEMO: "false",
    DATA_DIR: dataDir,
    AUTH_SECRET: authSecret,
    RATE_LIMIT_SCALE: "1000",
  });
  setConfig(config);

  let database: Database;
  let closeDatabase: () => Promise<void>;
  if (kind === "postgres") {
    const url = options.postgresUrl!;
    const { truncate } = await preparePostgres(url);
    database = await openDatabase({ kind: "postgres", url });
    closeDatabase = onCleanup("close the bench's PostgreSQL pool", () => database.close());
    const before = truncate ? await emptyPassageTables(database) : [];
    await migrateDatabase(database);
    if (truncate) {
      const tables = await emptyPassageTables(database);
      const list = tables.map((t) => `"${t}"`).join(", ");
      await database.db.execute(sql.raw(`truncate table ${list} restart identity cascade`));
      console.log(
        before.length === 0
          ? `Migrated the existing, empty database ${databaseName(url)}.`
          : `Emptied the ${tables.length} tables of the existing database ${databaseName(url)}.`,
      );
    }
  } else {
    database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pgdata") });
    closeDatabase = onCleanup("close the bench's PGlite", () => database.close());
    await migrateDatabase(database);
  }
  setDatabase(database);
  setAuth(
    createAuth(database.db, { baseUrl: config.baseUrl, secret: authSecret, secureCookies: false }),
  );
  await seedReferenceData();

  const started = performance.now();
  process.stdout.write(
    `Seeding ${options.rows.toLocaleString("en")} jobs and applications on ${kind}... `,
  );
  await seedRows(database, options.rows);
  const { paid, staff } = await createAccounts(database);
  try {
    await database.db.execute(sql`vacuum analyze`);
  } catch {
    await database.db.execute(sql`analyze`);
  }
  const [counts] = await queryRows<{ jobs: number; public_jobs: number; applications: number }>(
    sql`select (select count(*) from jobs)::int as jobs,
               (select count(*) from jobs where is_public and is_active)::int as public_jobs,
               (select count(*) from job_applications)::int as applications`,
    database.db,
  );
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  return {
    kind,
    database,
    serverEnv: {
      DATABASE_URL: kind === "postgres" ? options.postgresUrl! : "",
      DATA_DIR: dataDir,
      AUTH_SECRET: authSecret,
    },
    paid,
    staff,
    counts: {
      jobs: Number(counts!.jobs),
      publicJobs: Number(counts!.public_jobs),
      applications: Number(counts!.applications),
    },
    // PGlite is single-process: the server can only open the data directory once this is closed.
    close: closeDatabase,
  };
}

async function seedRows(database: Database, rows: number) {
  const db = database.db;
  const users = Math.max(1, Math.floor(rows / 5));
  // Titles and sectors go together (a nurse is in healthcare), so a search with q and sector
  // finds what a real one would. Countries rotate over the seeded ones; a third of the jobs are
  // premium (not public) and one in twenty is closed, as on the live board.
  await db.execute(sql`
    with c as (select array_agg(id order by id) as ids from countries)
    insert into jobs (title, description, sector, job_type, employment_type, country_id, is_public, is_active, created_at)
    select
      (array['Care Assistant','Registered Nurse','Truck Driver','Warehouse Operative','Farm Worker','Chef','Welder','Software Developer'])[1 + g % 8] || ' ' || g,
      'Duties and conditions for position ' || g || '. Shift work, accommodation provided, visa support where stated.',
      (array['healthcare','healthcare','logistics','logistics','agriculture','hospitality','construction','technology'])[1 + g % 8]::sector,
      (array['entry_level','skilled','sponsored','non_sponsored'])[1 + g % 4]::job_type,
      (array['full_time','part_time','seasonal','live_in','shift_work'])[1 + g % 5]::employment_type,
      c.ids[1 + g % array_length(c.ids, 1)],
      g % 3 <> 0, g % 20 <> 0,
      now() - (g || ' minutes')::interval
    from generate_series(1, ${rows}) g, c`);
  await db.execute(sql`
    insert into profiles (id, full_name, email, country, role, registration_fee_paid)
    select 'bench-' || g, 'Applicant ' || g, 'applicant' || g || '@bench.example', 'Zimbabwe', 'job_seeker', g % 2 = 0
    from generate_series(1, ${users}) g`);
  await db.execute(sql`
    with j as (select id, row_number() over (order by created_at desc) as n from jobs)
    insert into job_applications (user_id, job_id, status, applied_at)
    select 'bench-' || (1 + g % ${users}), j.id,
      (array['registration_pending','registration_paid','documents_uploaded','job_matched','interview_scheduled','offer_received','departed'])[1 + g % 7]::application_status,
      now() - (g || ' minutes')::interval
    from generate_series(1, ${rows}) g join j on j.n = 1 + (g::bigint * 7919) % ${rows}
    on conflict do nothing`);
}

async function createAccounts(database: Database) {
  // BENCH_PASSWORD fixes it, to sign in by hand against the seeded database after a run.
  const password = process.env.BENCH_PASSWORD || crypto.randomBytes(12).toString("base64url");
  const paid: BenchAccount = { email: "bench-paid@passage.test", password, role: "job_seeker" };
  const staff: BenchAccount = { email: "bench-staff@passage.test", password, role: "admin" };
  const paidId = await createAccount(seedServices(), {
    email: paid.email,
    password,
    fullName: "Bench Paid Applicant",
    role: "job_seeker",
    paid: true,
    country: "South Africa",
  });
  await createAccount(seedServices(), {
    email: staff.email,
    password,
    fullName: "Bench Staff",
    role: "admin",
    country: "South Africa",
  });
  // The paid applicant has a few applications, so their dashboard shows what a real one does.
  await database.db.execute(sql`
    insert into job_applications (user_id, job_id, status, applied_at)
    select ${paidId}, id, 'registration_paid', now() - (n || ' hours')::interval
    from (select id, row_number() over (order by created_at desc) as n
          from jobs where is_active order by created_at desc limit 5) recent
    on conflict do nothing`);
  // better-auth queues the sign-up confirmation mails after its transaction; like the demo seed,
  // drop them (they would only be noise), once they have arrived.
  for (let i = 0; i < 20; i++) {
    const [row] = await queryRows<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where "to" in (${paid.email}, ${staff.email})`,
      database.db,
    );
    if (Number(row!.n) >= 2) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await database.db.execute(
    sql`delete from mail_outbox where "to" in (${paid.email}, ${staff.email})`,
  );
  return { paid, staff };
}
