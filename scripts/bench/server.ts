// The production server under test: built when the build is missing or older than the sources
// (the same rule as `npm start`), started as `node $BUILD_DIR/server/main.js` with
// NODE_ENV=production, and stopped with SIGTERM (SIGKILL if it does not leave).
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { buildState, ROOT } from "~/scripts/build-state.mjs";
import { onCleanup } from "./cleanup";

export { ROOT };

/** Runs a command with its output in logFile; on failure the error carries the log's tail. */
function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const log = fs.openSync(logFile, "a");
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", log, log] });
    fs.closeSync(log);
    const kill = onCleanup(`stop ${command} ${args.join(" ")}`, () => void child.kill("SIGTERM"));
    child.on("error", reject);
    child.on("exit", (code) => {
      void kill();
      if (code === 0) resolve();
      else
        reject(
          new Error(`${command} ${args.join(" ")} exited with ${code}:\n${tail(logFile, 40)}`),
        );
    });
  });
}

/** Builds into buildDir when the build is missing or a source is newer than its stamp. */
export async function ensureBuild(buildDir: string, noBuild: boolean, logDir: string) {
  const { stamp, complete, fresh } = buildState(buildDir);
  if (complete && (fresh || noBuild)) {
    console.log(
      `Using the production build in ${buildDir}/` +
        (fresh ? " (newer than the sources)." : " as it is (--no-build)."),
    );
    return;
  }
  if (noBuild) throw new Error(`--no-build: there is no complete build in ${buildDir}/`);
  console.log(`Building into ${buildDir}/ (${complete ? "sources changed" : "no build yet"})...`);
  const startedAt = new Date();
  await run(
    "npm",
    ["run", "build", "--silent"],
    { ...process.env, BUILD_DIR: buildDir },
    path.join(logDir, "build.log"),
  );
  fs.writeFileSync(stamp, startedAt.toISOString());
  // The stamp carries the time the build started, so an edit made during the build still counts.
  fs.utimesSync(stamp, startedAt, startedAt);
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const logFiles: string[] = [];

/** After a failure: the errors the servers logged (the logs themselves are removed at clean-up). */
export function printServerErrors(max = 25) {
  for (const file of logFiles) {
    let lines: string[];
    try {
      lines = fs.readFileSync(file, "utf8").split("\n");
    } catch {
      continue;
    }
    // Request lines are info (30); anything else (warnings, errors, stack traces) may explain it.
    const notable = lines.filter((l) => l.trim() && !l.startsWith('{"level":30'));
    if (notable.length === 0) continue;
    console.error(
      `\n--- ${path.basename(file)}: last ${Math.min(max, notable.length)} notable lines ---`,
    );
    for (const line of notable.slice(-max)) console.error(line.slice(0, 500));
  }
}

export type RunningServer = {
  origin: string;
  logFile: string;
  stop: () => Promise<void>;
};

function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

function tail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

export async function startServer(options: {
  label: string;
  buildDir: string;
  port: number;
  logDir: string;
  env: Record<string, string>;
}): Promise<RunningServer> {
  const origin = `http://127.0.0.1:${options.port}`;
  const logFile = path.join(options.logDir, `server-${options.label}.log`);
  const log = fs.openSync(logFile, "a");
  logFiles.push(logFile);
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server under load.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(
    process.execPath,
    [...nodeArgs, path.join(options.buildDir, "server/main.js")],
    {
      cwd: ROOT,
      stdio: ["ignore", log, log],
      env: {
        ...process.env,
        NODE_ENV: "production",
        BUILD_DIR: options.buildDir,
        HOST: "127.0.0.1",
        PORT: String(options.port),
        BASE_URL: origin,
        // As in production: one JSON line per request. The log goes to a file, not a pipe the
        // bench would have to drain.
        LOG_LEVEL: "info",
        // Every sign-in and request comes from one address; production limits would stop the bench.
        RATE_LIMIT_SCALE: "1000000",
        // Production refuses to start without a choice; the bench never takes real payments.
        PAYMENT_PROVIDER: "simulated",
        ...options.env,
      },
    },
  );
  fs.closeSync(log);

  const stop = onCleanup(`stop the ${options.label} server`, async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    if (!(await exited(child, 15_000))) {
      child.kill("SIGKILL");
      await exited(child, 5_000);
    }
  });

  const deadline = Date.now() + 180_000;
  let earlyExit: string | undefined;
  child.once("exit", (code, signal) => (earlyExit = `exited with ${code ?? signal}`));
  while (Date.now() < deadline) {
    if (earlyExit) break;
    try {
      const response = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return { origin, logFile, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(
    `The ${options.label} server did not become ready (${earlyExit ?? "no answer from /readyz in 180 s"}). ` +
      `Last lines of its log:\n${tail(logFile)}`,
  );
}
