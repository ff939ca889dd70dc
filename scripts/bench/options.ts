// What `npm run bench` was asked to do: command-line flags first, then environment variables.
import os from "node:os";
import { parseArgs } from "node:util";

export const PARTS = ["queries", "http", "lighthouse"] as const;
export type Part = (typeof PARTS)[number];
export type DatabaseKind = "postgres" | "pglite";

export type BenchOptions = {
  parts: Part[];
  databases: DatabaseKind[];
  /** Jobs and applications to seed (each). */
  rows: number;
  /** A scratch PostgreSQL database the bench may fill (created when missing, dropped again). */
  postgresUrl: string | undefined;
  /** Seconds per autocannon round, per server. */
  duration: number;
  rounds: number;
  /** Seconds of load on the real server before the first round of each page. */
  warmup: number;
  lighthouseRuns: number;
  /** Worker processes of the server on PostgreSQL (WEB_CONCURRENCY); PGlite is always one. */
  workers: number;
  /** Whole run, in seconds: past it everything is stopped and the bench exits 2. */
  timeout: number;
  /** First of the ports to use; 0 picks free ones. */
  basePort: number;
  buildDir: string;
  /** Use the build as it is, even when sources are newer (BENCH_NO_BUILD=1). */
  noBuild: boolean;
  /** The HTTP targets set the exit code too (by default they are reported only). */
  strict: boolean;
  verbose: boolean;
  /** Only the HTTP pages whose label contains one of these (e.g. "visitor", "/dashboard"). */
  pages: string[];
};

const HELP = `npm run bench [-- options]

  --only=queries,http,lighthouse   parts to run (default: all three)
  --db=postgres,pglite             databases for the queries and http parts
                                   (default: both when BENCH_DATABASE_URL is set, else pglite)
  --rows=N                         jobs and applications to seed        (BENCH_ROWS, 100000)
  --duration=S                     seconds per round and server         (BENCH_DURATION, 5)
  --rounds=N                       rounds per page                      (BENCH_ROUNDS, 3)
  --warmup=S                       warm-up seconds per page             (BENCH_WARMUP, 2)
  --lighthouse-runs=N              Lighthouse runs per page, median     (BENCH_LIGHTHOUSE_RUNS, 1)
  --workers=N                      server processes on PostgreSQL (WEB_CONCURRENCY)
                                                                        (BENCH_WORKERS, CPU count)
  --timeout=S                      stop everything after S seconds      (BENCH_TIMEOUT, 2400)
  --port=P                         use ports P, P+1, ... (default: free ports)  (BENCH_PORT)
  --no-build                       use BUILD_DIR as it is, never rebuild (BENCH_NO_BUILD=1)
  --pages=TEXT,...                 only the HTTP pages whose label contains TEXT (e.g. visitor,staff)
  --strict                         HTTP targets also set the exit code  (BENCH_STRICT=1)
  --verbose                        print every round
  BENCH_DATABASE_URL               scratch PostgreSQL database (emptied, or created and dropped)
  BUILD_DIR                        production build to use or make (default build)`;

function positive(name: string, raw: string | undefined, fallback: number, min = 1): number {
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) {
    throw new Error(`${name} must be a number >= ${min} (got "${raw}")`);
  }
  return value;
}

function list<T extends string>(name: string, raw: string, allowed: readonly T[]): T[] {
  const items = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of items) {
    if (!(allowed as readonly string[]).includes(item)) {
      throw new Error(`${name}: unknown value "${item}" (choose from ${allowed.join(", ")})`);
    }
  }
  if (items.length === 0) throw new Error(`${name}: give at least one of ${allowed.join(", ")}`);
  return items as T[];
}

export function readOptions(
  argv = process.argv.slice(2),
  env = process.env,
): BenchOptions | "help" {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: "string" },
      db: { type: "string" },
      rows: { type: "string" },
      duration: { type: "string" },
      rounds: { type: "string" },
      warmup: { type: "string" },
      "lighthouse-runs": { type: "string" },
      workers: { type: "string" },
      timeout: { type: "string" },
      port: { type: "string" },
      strict: { type: "boolean" },
      "no-build": { type: "boolean" },
      verbose: { type: "boolean" },
      pages: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help) return "help";

  const postgresUrl = env.BENCH_DATABASE_URL || undefined;
  if (postgresUrl && !/^postgres(ql)?:\/\//.test(postgresUrl)) {
    throw new Error("BENCH_DATABASE_URL must start with postgres://");
  }
  const databases = values.db
    ? list("--db", values.db, ["postgres", "pglite"] as const)
    : postgresUrl
      ? (["postgres", "pglite"] as DatabaseKind[])
      : (["pglite"] as DatabaseKind[]);
  if (databases.includes("postgres") && !postgresUrl) {
    throw new Error(
      "--db=postgres needs BENCH_DATABASE_URL, a scratch database the bench may empty " +
        "(for example postgres://postgres@127.0.0.1:5432/passage_bench; it is created when missing)",
    );
  }
  return {
    parts: values.only ? list("--only", values.only, PARTS) : [...PARTS],
    databases,
    rows: Math.floor(positive("BENCH_ROWS", values.rows ?? env.BENCH_ROWS, 100_000, 100)),
    postgresUrl,
    duration: positive("BENCH_DURATION", values.duration ?? env.BENCH_DURATION, 5),
    rounds: Math.floor(positive("BENCH_ROUNDS", values.rounds ?? env.BENCH_ROUNDS, 3)),
    warmup: positive("BENCH_WARMUP", values.warmup ?? env.BENCH_WARMUP, 2, 0),
    lighthouseRuns: Math.floor(
      positive("BENCH_LIGHTHOUSE_RUNS", values["lighthouse-runs"] ?? env.BENCH_LIGHTHOUSE_RUNS, 1),
    ),
    workers: Math.floor(
      positive("BENCH_WORKERS", values.workers ?? env.BENCH_WORKERS, os.availableParallelism()),
    ),
    timeout: positive("BENCH_TIMEOUT", values.timeout ?? env.BENCH_TIMEOUT, 2400, 10),
    basePort: Math.floor(positive("BENCH_PORT", values.port ?? env.BENCH_PORT, 0, 0)),
    buildDir: env.BUILD_DIR || "build",
    noBuild: Boolean(values["no-build"]) || /^(1|true|yes)$/i.test(env.BENCH_NO_BUILD ?? ""),
    strict: Boolean(values.strict) || /^(1|true|yes)$/i.test(env.BENCH_STRICT ?? ""),
    verbose: Boolean(values.verbose),
    pages: (values.pages ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

export function printHelp() {
  console.log(HELP);
}
