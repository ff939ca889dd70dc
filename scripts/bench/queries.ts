// Part "queries": the listing queries on their own, straight through the domain services, with no
// HTTP in between. Useful to tell a slow query from a slow page.
import { STAFF_COUNT_CAP } from "~/domain/admin";
import { JOBS_COUNT_CAP } from "~/domain/jobs";
import { listAllApplicationsForStaff } from "~/server/applications/staff.server";
import { forgetCachedValues } from "~/server/cache/cached.server";
import { listJobsForViewer } from "~/server/jobs/listing.server";
import { printTable } from "./table";

const RUNS = 5;

type Timing = { label: string; median: number; max: number };

async function time(
  label: string,
  fn: () => Promise<unknown>,
  /** Run before each timed call, not timed itself. */
  before: () => Promise<unknown> = async () => {},
): Promise<Timing> {
  await before();
  await fn(); // warm-up: plans and caches, as on a running server
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await before();
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { label, median: samples[Math.floor(samples.length / 2)]!, max: samples.at(-1)! };
}

/** Times the queries against the database registered as db(), as the pages call them (capped counts). */
export async function runQueryTimings(title: string) {
  const paid = { role: "job_seeker", registrationFeePaid: true } as never;
  // A search's results are kept in memory until a job changes; each run here starts with nothing
  // kept, so what is timed is the query itself (and the read of the versions).
  const jobs = (viewer: unknown, search: object) => {
    forgetCachedValues();
    return listJobsForViewer({
      viewer: viewer as never,
      search,
      pageSize: 12,
      countUpTo: JOBS_COUNT_CAP,
    });
  };
  const staff = (filter: object, page = 1) =>
    listAllApplicationsForStaff({
      filter,
      scope: { all: true, offices: [] },
      page,
      pageSize: 25,
      countUpTo: STAFF_COUNT_CAP,
    });

  // A staff search's result is kept until the applications change: each run here starts with
  // nothing kept.
  const changed = async () => forgetCachedValues();

  const timings = [
    await time("jobs: visitor, first page", () => jobs(null, {})),
    await time("jobs: visitor, q=nurse country=CA", () =>
      jobs(null, { q: "nurse", country: "CA" }),
    ),
    await time("jobs: paid, q=nurse sector=healthcare", () =>
      jobs(paid, { q: "nurse", sector: "healthcare" }),
    ),
    // Read no deeper than the cap's last page (domain/pagination.ts reachablePages): a URL asking
    // for page 2,000 or 99,999 costs what page 84 costs.
    await time("jobs: paid, page 2,000 (read as the last reachable)", () =>
      jobs(paid, { page: 2000 }),
    ),
    await time("jobs: visitor, page 99,999", () => jobs(null, { page: 99_999 })),
    await time("staff applications: first page", () => staff({}), changed),
    await time(
      "staff applications: q=applicant123 (e-mail)",
      () => staff({ q: "applicant123" }),
      changed,
    ),
    await time("staff applications: q=welder (job title)", () => staff({ q: "welder" }), changed),
    await time("staff applications: page 99,999", () => staff({}, 99_999), changed),
  ];
  printTable(
    `${title}: query timings (${RUNS} runs each, after one warm-up)`,
    ["query", "median ms", "max ms"],
    timings.map((t) => [t.label, t.median.toFixed(1), t.max.toFixed(1)]),
  );
}
