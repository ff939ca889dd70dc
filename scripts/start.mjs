// `npm start`: build when the build is missing or older than the sources, then serve in
// production mode. Migrations and the first-run demo seed happen inside the server at start-up.
// It prints a short start (the address, the demo accounts on the first run, where the data is);
// the build's file list goes to .tmp/build.log and the server logs warnings only, unless
// LOG_LEVEL says otherwise (LOG_LEVEL=info: a JSON line per request, as operators want).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildState, ROOT } from "./build-state.mjs";

const root = ROOT;
const { stamp, complete, fresh } = buildState("build");
if (!complete || !fresh) {
  process.stdout.write(
    "Building Passage (first start, or the sources changed; about a minute)... ",
  );
  const log = path.join(root, ".tmp", "build.log");
  fs.mkdirSync(path.dirname(log), { recursive: true });
  const result = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, encoding: "utf8" });
  fs.writeFileSync(log, `${result.stdout ?? ""}${result.stderr ?? ""}`);
  if (result.status !== 0) {
    console.log("failed.\n");
    console.error(result.stderr || result.stdout);
    console.error(`The whole build output is in ${path.relative(process.cwd(), log)}.`);
    process.exit(result.status ?? 1);
  }
  fs.writeFileSync(stamp, new Date().toISOString());
  console.log("done.");
}

// `npm start` is the demo on a fresh machine: production mode refuses to guess the payment
// provider, so the demo chooses the simulated one (no money moves; staff see a banner) unless
// PAYMENT_PROVIDER says otherwise, and seeds the demo's jobs and accounts (production seeds nothing
// unless SEED_DEMO says so). A real deployment sets both itself.
const env = { ...process.env, NODE_ENV: "production" };
// (The server says so in a warning.)
env.PAYMENT_PROVIDER ||= "simulated";
env.SEED_DEMO ??= "true";
env.LOG_LEVEL ??= "warn";
env.LOG_FORMAT ??= "text";

// The server runs as a child: a signal to `npm start` (a service manager's SIGTERM, Ctrl-C's
// SIGINT, a closed terminal's SIGHUP) is passed on, so it stops cleanly instead of running on.
const child = spawn(process.execPath, ["build/server/main.js"], {
  cwd: root,
  stdio: "inherit",
  env,
});
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) {
  process.on(signal, () => child.kill(signal));
}
// npm runs this through `sh -c`, and a SIGTERM to npm (a container's stop) ends npm and the shell
// but never reaches here: an orphaned start stops the server as if it had been told to.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) child.kill("SIGTERM");
}, 500).unref();
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// Once it answers, say where it is.
const port = env.PORT ?? "3000";
const dataDir = path.resolve(root, env.DATA_DIR ?? "data");
const ready = setInterval(async () => {
  const up = await fetch(`http://127.0.0.1:${port}/readyz`).then(
    (r) => r.ok,
    () => false,
  );
  if (!up) return;
  clearInterval(ready);
  console.log(
    [
      "",
      `Passage is running: http://localhost:${port}`,
      `  data:   ${path.relative(process.cwd(), dataDir) || "."}${env.DATABASE_URL ? " (files; the database is DATABASE_URL)" : ""}`,
      `  logs:   warnings only (LOG_LEVEL=info for a line per request)`,
      "  stop:   Ctrl-C",
      "",
    ].join("\n"),
  );
}, 500);
ready.unref();
