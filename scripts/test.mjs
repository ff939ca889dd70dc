// `npm test`: typecheck, lint, unit, integration (PGlite, then PostgreSQL when TEST_DATABASE_URL
// is set), build, hostile suite (against that build), browser tests. Stops at the first failing
// stage; ends with one summary line.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { TEST_CHROMIUM_PATH } from "./chromium.mjs";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
const chromium = TEST_CHROMIUM_PATH;
const counts = { passed: 0, failed: 0, skipped: 0 };
const runStart = Date.now();

function fail(message) {
  console.error(`\n✖ ${message}`);
  console.log(`tests: ${counts.passed} passed, ${Math.max(counts.failed, 1)} failed`);
  process.exit(1);
}

if (!fs.existsSync(chromium)) {
  fail(
    `No Chromium found at ${chromium}. The browser tests need the system Chromium:\n` +
      `    sudo apt-get install -y chromium\n` +
      `  or point CHROMIUM_PATH at a Chromium or Chrome binary.`,
  );
}

// The every-page browser test checks each page's HTML with the W3C checker (vnu-jar), a Java program.
if (spawnSync("java", ["-version"], { stdio: "ignore" }).status !== 0) {
  fail(
    "No Java found. The browser tests check every page's HTML with the W3C checker (vnu-jar), which runs on Java:\n" +
      "    sudo apt-get install -y default-jre-headless",
  );
}

/** Seconds since `start`, for the line each stage ends with (CI has a time budget to keep). */
const since = (start) => `${Math.round((Date.now() - start) / 1000)} s`;

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const start = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) fail(`${title} failed`);
  console.log(`✔ ${title} (${since(start)})`);
}

/**
 * Runs stages side by side (CI has two cores, and one stage alone often keeps only one busy: tsc,
 * ESLint, the build); each one's output is printed whole when it ends, in the order given.
 */
async function runTogether(stages) {
  const start = Date.now();
  console.log(`\n▶ ${stages.map((s) => s.title).join(" ‖ ")}`);
  const results = await Promise.all(
    stages.map(
      ({ title, command, args, env = {} }) =>
        new Promise((resolve) => {
          const began = Date.now();
          const child = spawn(command, args, {
            env: { ...process.env, FORCE_COLOR: "1", ...env },
            stdio: ["ignore", "pipe", "pipe"],
          });
          const output = [];
          child.stdout.on("data", (chunk) => output.push(chunk));
          child.stderr.on("data", (chunk) => output.push(chunk));
          child.on("close", (code) =>
            resolve({ title, code, output: Buffer.concat(output), took: since(began) }),
          );
        }),
    ),
  );
  for (const result of results) {
    console.log(`\n── ${result.title} ──`);
    process.stdout.write(result.output);
    if (result.code === 0) console.log(`✔ ${result.title} (${result.took})`);
  }
  const failed = results.find((result) => result.code !== 0);
  if (failed) fail(`${failed.title} failed`);
  console.log(`✔ together (${since(start)})`);
}

function addVitest(file) {
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  counts.passed += report.numPassedTests;
  counts.failed += report.numFailedTests;
  counts.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}

fs.mkdirSync(".tmp", { recursive: true });
// The route types first (tsc reads them), then the type check beside ESLint and Prettier.
run("route types", "npx", ["react-router", "typegen"]);
await runTogether([
  { title: "typecheck", command: "npx", args: ["tsc", "--noEmit"] },
  { title: "lint", command: "npx", args: ["eslint", ".", "--max-warnings=0"] },
  { title: "format", command: "npx", args: ["prettier", "--check", ".", "--log-level=warn"] },
]);

const vitestArgs = (project, out) => [
  "vitest",
  "run",
  "--project",
  project,
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${out}`,
];
const vitest = (project, out, env) =>
  run(
    `${project} tests${env?.TEST_DATABASE_URL ? " (PostgreSQL)" : project === "integration" ? " (PGlite)" : ""}`,
    "npx",
    vitestArgs(project, out),
    env,
  );

vitest("unit", ".tmp/unit.json");
addVitest(".tmp/unit.json");
vitest("integration", ".tmp/integration-pglite.json", { TEST_DATABASE_URL: "" });
addVitest(".tmp/integration-pglite.json");
// The production build beside the PostgreSQL pass, which spends much of its time waiting on the
// database server's answers.
const build = { title: "build", command: "npm", args: ["run", "build", "--silent"] };
if (process.env.TEST_DATABASE_URL) {
  await runTogether([
    {
      title: "integration tests (PostgreSQL)",
      command: "npx",
      args: vitestArgs("integration", ".tmp/integration-postgres.json"),
      env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
    },
    build,
  ]);
  addVitest(".tmp/integration-postgres.json");
} else {
  console.log("\n(TEST_DATABASE_URL is not set: integration tests ran on PGlite only)");
  run(build.title, build.command, build.args);
}

// The hostile suite attacks the production build just made, in-process, on PGlite.
vitest("hostile", ".tmp/hostile.json", { TEST_DATABASE_URL: "" });
addVitest(".tmp/hostile.json");
const port = process.env.E2E_PORT ?? "3217";
const e2eReport = `.tmp/e2e-results-${port}.json`;
fs.rmSync(e2eReport, { force: true });
console.log(`\n▶ browser tests (${TEST_CHROMIUM_PATH})`);
const e2eStart = Date.now();
const e2e = spawnSync("npx", ["playwright", "test"], { stdio: "inherit", env: process.env });
console.log(`browser tests took ${since(e2eStart)}`);
if (fs.existsSync(e2eReport)) {
  const stats = JSON.parse(fs.readFileSync(e2eReport, "utf8")).stats;
  counts.passed += stats.expected;
  counts.failed += stats.unexpected + stats.flaky;
  counts.skipped += stats.skipped;
}
if (e2e.status !== 0) fail("browser tests failed");

console.log(`\nwhole run: ${since(runStart)}`);
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed`);
