// `npm run bench`: how the lists that must stay fast behave at 100,000 rows.
// Seeds an in-memory PGlite (or BENCH_DATABASE_URL, a scratch PostgreSQL database it may fill)
// with 100,000 jobs and 100,000 applications, then times the server-side listing queries.
// Timings belong here, never in tests. BENCH_ROWS changes the size.
import { sql } from "drizzle-orm";
import pino from "pino";
import { listAllApplicationsForStaff } from "~/server/applications/staff.server";
import { loadConfig, setConfig } from "~/server/config.server";
import { migrateDatabase, openDatabase, setDatabase } from "~/server/db/client.server";
import { seedReferenceData } from "~/server/db/seed.server";
import { listJobsForViewer } from "~/server/jobs/listing.server";
import { setLogger } from "~/server/logger.server";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = 7;

setLogger(pino({ level: "warn" }));
setConfig(loadConfig({ NODE_ENV: "test", SEED_DEMO: "false" }));
const url = process.env.BENCH_DATABASE_URL;
const database = await openDatabase(url ? { kind: "postgres", url } : { kind: "pglite" });
await migrateDatabase(database);
setDatabase(database);
await seedReferenceData();
const db = database.db;

console.log(`Seeding ${ROWS.toLocaleString("en")} jobs and applications on ${database.kind}...`);
const users = Math.max(1, Math.floor(ROWS / 5));
await db.execute(sql`
  insert into jobs (title, description, sector, job_type, employment_type, country_id, is_public, is_active, created_at)
  select
    (array['Care Assistant','Registered Nurse','Truck Driver','Warehouse Operative','Farm Worker','Chef','Welder','Software Developer'])[1 + g % 8] || ' ' || g,
    'Duties and conditions for position ' || g || '. Shift work, accommodation provided, visa support where stated.',
    (array['healthcare','logistics','agriculture','hospitality','technology','construction','manufacturing','other'])[1 + g % 8]::sector,
    (array['entry_level','skilled','sponsored','non_sponsored'])[1 + g % 4]::job_type,
    (array['full_time','part_time','seasonal','live_in','shift_work'])[1 + g % 5]::employment_type,
    (select id from countries order by id limit 1 offset (g % 17)),
    g % 3 <> 0, g % 20 <> 0,
    now() - (g || ' minutes')::interval
  from generate_series(1, ${ROWS}) g`);
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
  from generate_series(1, ${ROWS}) g join j on j.n = 1 + (g * 7919) % ${ROWS}
  on conflict do nothing`);
await db.execute(sql`analyze`);

async function time(label: string, fn: () => Promise<unknown>) {
  await fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)]!;
  console.log(
    `${label.padEnd(58)} median ${median.toFixed(1).padStart(7)} ms   max ${samples.at(-1)!.toFixed(1).padStart(7)} ms`,
  );
}

const visitor = null;
const paid = { role: "job_seeker", registrationFeePaid: true } as never;
console.log(`\nJobs board (${RUNS} runs each)`);
await time("visitor, first page", () =>
  listJobsForViewer({ viewer: visitor, search: {}, pageSize: 12 }),
);
await time("visitor, search 'nurse'", () =>
  listJobsForViewer({ viewer: visitor, search: { q: "nurse" }, pageSize: 12 }),
);
await time("paid, country CA + sector healthcare", () =>
  listJobsForViewer({
    viewer: paid,
    search: { country: "CA", sector: "healthcare" },
    pageSize: 12,
  }),
);
await time("paid, page 2,000", () =>
  listJobsForViewer({ viewer: paid, search: { page: 2000 }, pageSize: 12 }),
);

console.log(`\nStaff applications (${RUNS} runs each)`);
const list = (filter: object, page = 1) =>
  listAllApplicationsForStaff({ filter, page, pageSize: 25 });
await time("first page, no filter", () => list({}));
await time("status filter interview_scheduled", () => list({ status: "interview_scheduled" }));
await time("search by e-mail fragment 'applicant123'", () => list({ q: "applicant123" }));
await time("search by job title 'welder'", () => list({ q: "welder" }));
await time("page 1,000", () => list({}, 1000));

await database.close();
