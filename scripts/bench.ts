// `npm run bench`: how fast Passage is over HTTP, and how light its public pages are on a phone.
// A benchmark, never a test: timings belong here. Three parts (--only=queries,http,lighthouse):
//   queries     the listing queries alone, at BENCH_ROWS jobs and applications
//   http        the production server under autocannon, against a bare node:http server
//               replaying the same bytes (scripts/bench/http-rounds.ts)
//   lighthouse  Lighthouse mobile on the public pages, against the budgets (scripts/bench/lighthouse.ts)
// Each database (BENCH_DATABASE_URL's PostgreSQL, and the embedded PGlite) is seeded once for the
// queries and http parts. Exit code: 1 when a Lighthouse budget marked as gating is broken or a
// measurement failed (with --strict also when an HTTP target is missed), 2 on timeout.
import { cleanupAll, installExitHandlers } from "./bench/cleanup";
import { type BenchOptions, printHelp, readOptions } from "./bench/options";
import { type HttpRow, printHttpTable, runHttpPart } from "./bench/http-rounds";
import { runQueryTimings } from "./bench/queries";
import { makeTempDir, seedDatabase } from "./bench/seed";
import { ensureBuild, freePort, printServerErrors } from "./bench/server";

let options: BenchOptions;
try {
  const read = readOptions();
  if (read === "help") {
    printHelp();
    process.exit(0);
  }
  options = read;
} catch (error) {
  console.error((error as Error).message);
  printHelp();
  process.exit(1);
}

installExitHandlers(options.timeout);

let nextPort = options.basePort;
const port = () => (options.basePort ? Promise.resolve(nextPort++) : freePort());

/** Measurements that could not be made (a page answered an error, no result): exit 1. */
const errors: string[] = [];
/** Gating Lighthouse budgets broken: exit 1. */
const broken: string[] = [];
/** HTTP targets missed: reported, exit 1 only with --strict. */
const misses: string[] = [];
const started = performance.now();

async function main() {
  const { parts } = options;
  console.log(
    `Passage benchmark: ${parts.join(", ")}` +
      (parts.includes("queries") || parts.includes("http")
        ? ` on ${options.databases.join(" and ")} at ${options.rows.toLocaleString("en")} rows`
        : ""),
  );
  const logDir = makeTempDir("logs");
  if (parts.includes("http") || parts.includes("lighthouse"))
    await ensureBuild(options.buildDir, options.noBuild, logDir);

  const httpResults: { kind: string; rows: HttpRow[]; print: () => void }[] = [];
  if (parts.includes("queries") || parts.includes("http")) {
    for (const kind of options.databases) {
      const seeded = await seedDatabase(kind, {
        rows: options.rows,
        postgresUrl: options.postgresUrl,
      });
      if (parts.includes("queries")) await runQueryTimings(kind);
      await seeded.close();
      if (!parts.includes("http")) continue;
      const rows = await runHttpPart(
        seeded,
        options,
        { server: await port(), bare: await port() },
        logDir,
      );
      const print = () => printHttpTable(kind, rows, seeded, options);
      print();
      httpResults.push({ kind, rows, print });
      for (const row of rows) {
        if (row.problem) errors.push(`http ${kind} ${row.scenario.label}: ${row.problem}`);
        else if (row.met === false)
          misses.push(`http ${kind} ${row.scenario.label}: ${row.scenario.target!.text}`);
      }
    }
  }

  let printLighthouse: (() => void) | undefined;
  if (parts.includes("lighthouse")) {
    // Loaded only when asked for: Lighthouse is a large module graph.
    const { printLighthouseTable, runLighthousePart } = await import("./bench/lighthouse");
    const lighthouseRows = await runLighthousePart(options, await port(), logDir);
    printLighthouse = () => printLighthouseTable(lighthouseRows, options.lighthouseRuns);
    printLighthouse();
    for (const row of lighthouseRows) {
      if (row.problem) errors.push(`lighthouse ${row.path}: ${row.problem}`);
      else if (row.gated.length > 0) broken.push(`lighthouse ${row.path}: ${row.gated.join(", ")}`);
    }
  }

  // With several parts, the HTTP tables scrolled away: print them again next to Lighthouse's.
  if (httpResults.length > 1 || (httpResults.length > 0 && printLighthouse)) {
    console.log("\n== Summary ==");
    for (const result of httpResults) result.print();
    printLighthouse?.();
  }
  if (options.rows < 100_000 && parts.includes("http")) {
    console.log(
      `\nNote: the HTTP targets are set for 100,000 rows; this run seeded ${options.rows.toLocaleString("en")}.`,
    );
  }
}

let exitCode = 0;
try {
  await main();
  if (misses.length > 0) {
    console.log(
      `\nHTTP targets missed${options.strict ? "" : " (reported only; --strict makes them fail the run)"}:`,
    );
    for (const miss of misses) console.log(`  ${miss}`);
    if (options.strict) exitCode = 1;
  }
  if (broken.length > 0) {
    console.log("\nBudgets broken:");
    for (const line of broken) console.log(`  ${line}`);
    exitCode = 1;
  }
  if (errors.length > 0) {
    console.log("\nMeasurements that failed:");
    for (const line of errors) console.log(`  ${line}`);
    printServerErrors();
    exitCode = 1;
  }
} catch (error) {
  console.error(`\nThe benchmark failed: ${(error as Error).stack ?? error}`);
  printServerErrors();
  exitCode = 1;
} finally {
  await cleanupAll();
}
console.log(
  `\nBenchmark ${exitCode === 0 ? "finished" : "FAILED"} in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
);
process.exit(exitCode);
