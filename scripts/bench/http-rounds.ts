// Part "http": the production server under autocannon, page by page, in rounds that alternate with
// a bare node:http server replaying the real server's bytes for the same request. The ratio of the
// two is the share of this machine's HTTP ceiling the app reaches.
import autocannon from "autocannon";
import { startBareServer, type Replay } from "./bare";
import {
  CACHED_PAGE_TARGET,
  type HttpFigures,
  type HttpTarget,
  SIGNED_IN_SEARCH_TARGET,
  STAFF_SEARCH_TARGET,
  targetFor,
} from "./budgets";
import {
  BROWSER_HEADERS,
  findPublicJobId,
  header,
  rawRequest,
  type RecordedResponse,
  signIn,
} from "./http-client";
import type { BenchOptions } from "./options";
import type { SeededDatabase } from "./seed";
import { startServer } from "./server";
import { kb, ms, perSecond, printTable } from "./table";

type Scenario = {
  label: string;
  path: string;
  who: "visitor" | "paid" | "staff";
  connections: number;
  target?: HttpTarget;
  /** More load than the server can take: 503s (shed by the admission gate) are expected. */
  overload?: boolean;
};

type Load = {
  reqPerSec: number;
  ok: number;
  bad: number;
  errors: number;
  statuses: Record<string, number>;
  latencies: number[];
};

export type HttpRow = {
  scenario: Scenario;
  size: string;
  figures?: HttpFigures;
  problem?: string;
  /** Worth knowing but not a failed measurement (e.g. a round in which nothing completed). */
  note?: string;
  met?: boolean;
};

function scenarios(jobId: string): Scenario[] {
  return [
    { label: "visitor /", path: "/", who: "visitor", connections: 50, target: CACHED_PAGE_TARGET },
    {
      label: "visitor /jobs",
      path: "/jobs",
      who: "visitor",
      connections: 50,
      target: CACHED_PAGE_TARGET,
    },
    {
      label: "visitor /jobs?q=nurse&country=CA",
      path: "/jobs?q=nurse&country=CA",
      who: "visitor",
      connections: 50,
      target: CACHED_PAGE_TARGET,
    },
    {
      label: "visitor /jobs/{id}",
      path: `/jobs/${jobId}`,
      who: "visitor",
      connections: 50,
      target: CACHED_PAGE_TARGET,
    },
    {
      label: "paid /jobs?q=nurse&sector=healthcare",
      path: "/jobs?q=nurse&sector=healthcare",
      who: "paid",
      connections: 20,
      target: SIGNED_IN_SEARCH_TARGET,
    },
    // The same search made in the page, as a signed-in person makes it once the page has loaded:
    // React Router asks for the loaders' data only (no HTML to render).
    {
      label: "paid /jobs.data?q=nurse&sector=healthcare",
      path: "/jobs.data?q=nurse&sector=healthcare",
      who: "paid",
      connections: 20,
    },
    { label: "paid /dashboard", path: "/dashboard", who: "paid", connections: 20 },
    // A back office has a handful of staff: 10 searching at once is already a busy day.
    {
      label: "staff /admin/applications?q=welder",
      path: "/admin/applications?q=welder",
      who: "staff",
      connections: 10,
      target: STAFF_SEARCH_TARGET,
    },
    {
      label: "staff /admin/applications?q=applicant123",
      path: "/admin/applications?q=applicant123",
      who: "staff",
      connections: 10,
      target: STAFF_SEARCH_TARGET,
    },
    // The staff search made in the page (the list's data, no HTML), as for the paid search above.
    {
      label: "staff /admin/applications.data?q=welder",
      path: "/admin/applications.data?q=welder",
      who: "staff",
      connections: 10,
    },
    // Far more at once than one process serves: the admission gate answers
    // the excess 503 at once; the admitted finish (p99 is theirs), and none goes unanswered.
    {
      label: "overload: staff /admin/applications?q=welder",
      path: "/admin/applications?q=welder",
      who: "staff",
      connections: 200,
      overload: true,
    },
  ];
}

/**
 * When autocannon stops it drops its connections, but the server still works through the requests
 * it had accepted. One more request, queued behind them, tells when it is idle again, so the work
 * of one round never runs into the next (or into the bare server's round).
 */
async function drain(url: string, headers: Record<string, string>) {
  await rawRequest(url, { headers }).catch(() => {});
}

async function load(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
) {
  const latencies: number[] = [];
  const instance = autocannon({ url, connections, duration: seconds, timeout: 10, headers });
  instance.on("response", (_client, status, _bytes, took) => {
    if (status >= 200 && status < 300) latencies.push(took);
  });
  const result = await instance;
  const statuses: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) {
    if (!code.startsWith("2")) statuses[code] = count;
  }
  const elapsed = result.duration > 0 ? result.duration : seconds;
  return {
    reqPerSec: result["2xx"] / elapsed,
    ok: result["2xx"],
    bad: result.non2xx,
    errors: result.errors + result.timeouts,
    statuses,
    latencies,
  } satisfies Load;
}

/** Nearest-rank percentile; with nothing completed, the latency is beyond measure (Infinity). */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Infinity;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

function sizeOf(response: RecordedResponse) {
  const encoding = header(response, "content-encoding") ?? "none";
  return `${encoding} ${kb(response.body.length)} KB`;
}

export async function runHttpPart(
  seeded: SeededDatabase,
  options: BenchOptions,
  ports: { server: number; bare: number },
  logDir: string,
): Promise<HttpRow[]> {
  const server = await startServer({
    label: seeded.kind,
    buildDir: options.buildDir,
    port: ports.server,
    logDir,
    env: {
      ...seeded.serverEnv,
      SEED_DEMO: "false",
      // As production would run on this machine: one worker per core on PostgreSQL.
      WEB_CONCURRENCY: String(seeded.kind === "postgres" ? options.workers : 1),
    },
  });
  const cookies = {
    visitor: undefined,
    paid: await signIn(server.origin, seeded.paid),
    staff: await signIn(server.origin, seeded.staff),
  };
  const list = scenarios(await findPublicJobId(server.origin)).filter(
    (s) => options.pages.length === 0 || options.pages.some((p) => s.label.includes(p)),
  );

  // One real response per page, fetched like a browser would after the page was first rendered.
  const replays: Replay[] = [];
  const rows: HttpRow[] = [];
  for (const scenario of list) {
    const cookie = cookies[scenario.who];
    const headers = { ...BROWSER_HEADERS, ...(cookie ? { cookie } : {}) };
    await rawRequest(server.origin + scenario.path, { headers });
    const response = await rawRequest(server.origin + scenario.path, { headers });
    replays.push({ url: scenario.path, cookie, response });
    const row: HttpRow = { scenario, size: sizeOf(response) };
    if (response.status !== 200) {
      const where = header(response, "location");
      row.problem = `answered ${response.status}${where ? ` (to ${where})` : ""}`;
    }
    rows.push(row);
  }
  const bare = await startBareServer(replays, ports.bare);

  console.log(
    `\nHTTP on ${seeded.kind}: ${list.length} pages x ${options.rounds} rounds x ` +
      `${options.duration} s per server (+ ${options.warmup} s warm-up)...`,
  );
  for (const row of rows) {
    if (row.problem) continue;
    const { scenario } = row;
    const cookie = cookies[scenario.who];
    const headers = { ...BROWSER_HEADERS, ...(cookie ? { cookie } : {}) };
    const url = server.origin + scenario.path;
    if (options.warmup > 0) {
      await load(url, headers, scenario.connections, options.warmup);
      await drain(url, headers);
    }
    const real: Load[] = [];
    const yardstick: Load[] = [];
    for (let round = 1; round <= options.rounds; round++) {
      real.push(await load(url, headers, scenario.connections, options.duration));
      await drain(url, headers);
      yardstick.push(
        await load(bare.origin + scenario.path, headers, scenario.connections, options.duration),
      );
      if (options.verbose) {
        console.log(
          `  ${scenario.label} round ${round}: ${perSecond(real.at(-1)!.reqPerSec)} req/s, ` +
            `bare ${perSecond(yardstick.at(-1)!.reqPerSec)} req/s`,
        );
      }
    }
    const shed = (l: Load) => l.statuses["503"] ?? 0;
    // Under overload, requests left unanswered are the figure itself (PASS/FAIL), not a failed run.
    const failed = [...real, ...yardstick].find(
      (l) => l.bad - (scenario.overload ? shed(l) : 0) > 0 || (!scenario.overload && l.errors > 0),
    );
    if (scenario.overload) {
      const answered = real.reduce((n, l) => n + l.ok + l.bad, 0);
      const refused = real.reduce((n, l) => n + shed(l), 0);
      const unanswered = real.reduce((n, l) => n + l.errors, 0);
      row.note =
        `${answered ? ((100 * refused) / answered).toFixed(1) : "-"}% shed (503), ` +
        `${unanswered} unanswered (errors/timeouts); latencies are the admitted requests'`;
    }
    if (failed) {
      const codes = Object.entries(failed.statuses)
        .map(([code, n]) => `${n} x ${code}`)
        .join(", ");
      row.problem = `${failed.bad} non-2xx${codes ? ` (${codes})` : ""}, ${failed.errors} errors/timeouts`;
    } else if (real.some((l) => l.ok === 0)) {
      // Slower than the round itself: latencies only count what completed, so they are a floor.
      const empty = real.filter((l) => l.ok === 0).length;
      row.note =
        `${empty} of ${real.length} rounds completed no response in ${options.duration} s; ` +
        "latencies count completed responses only";
    }
    const sorted = Float64Array.from(real.flatMap((l) => l.latencies)).sort();
    const mean = (loads: Load[]) => loads.reduce((s, l) => s + l.reqPerSec, 0) / loads.length;
    const figures: HttpFigures = {
      reqPerSec: mean(real),
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      bareReqPerSec: mean(yardstick),
      ratio: mean(real) / mean(yardstick),
    };
    row.figures = figures;
    row.met = scenario.overload
      ? real.every((l) => l.errors === 0)
      : targetFor(scenario.target, seeded.kind)?.met(figures);
    process.stdout.write(".");
  }
  process.stdout.write("\n");
  await bare.stop();
  await server.stop();
  return rows;
}

export function printHttpTable(
  kind: string,
  rows: HttpRow[],
  seeded: SeededDatabase,
  options: BenchOptions,
) {
  const { counts } = seeded;
  printTable(
    `HTTP on ${kind}: ${counts.jobs.toLocaleString("en")} jobs (${counts.publicJobs.toLocaleString("en")} open to visitors), ` +
      `${counts.applications.toLocaleString("en")} applications; ` +
      `server in ${kind === "postgres" ? options.workers : 1} process(es); ` +
      `${options.rounds} x ${options.duration} s rounds alternating with the bare server`,
    [
      "page",
      "conn",
      "response",
      "req/s",
      "p50 ms",
      "p95 ms",
      "p99 ms",
      "bare req/s",
      "ratio",
      "target",
      "result",
    ],
    rows.map(({ scenario, size, figures: f, problem, met }) => [
      scenario.label,
      String(scenario.connections),
      size,
      f ? perSecond(f.reqPerSec) : "-",
      f ? ms(f.p50) : "-",
      f ? ms(f.p95) : "-",
      f ? ms(f.p99) : "-",
      f ? perSecond(f.bareReqPerSec) : "-",
      f ? f.ratio.toFixed(2) : "-",
      targetFor(scenario.target, seeded.kind)?.text ??
        (scenario.target ? `(PostgreSQL) ${scenario.target.text}` : "-"),
      problem ? "ERROR" : met === undefined ? "-" : met ? "PASS" : "FAIL",
    ]),
    [
      ...rows.filter((r) => r.problem).map((r) => `ERROR ${r.scenario.label}: ${r.problem}`),
      ...rows.filter((r) => r.note).map((r) => `NOTE ${r.scenario.label}: ${r.note}`),
      ...(rows.some((r) => r.scenario.target && !targetFor(r.scenario.target, seeded.kind))
        ? [
            "(PostgreSQL): a target set for PostgreSQL with a process per core, the production layout; " +
              `on ${kind}, one process, the figures are reported only.`,
          ]
        : []),
    ],
  );
}
