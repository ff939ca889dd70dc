// `npm start`: build when the build is missing or older than the sources, then serve in
// production mode. Migrations and the first-run demo seed happen inside the server at start-up.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { buildState, ROOT } from "./build-state.mjs";

const root = ROOT;
const { stamp, complete, fresh } = buildState("build");
if (!complete || !fresh) {
  console.log("Building Passage (first start or sources changed)...");
  const result = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(stamp, new Date().toISOString());
}

// `npm start` is the demo on a fresh machine: production mode refuses to guess the payment
// provider, so the demo chooses the simulated one (no money moves; staff see a banner) unless
// PAYMENT_PROVIDER says otherwise. A real deployment sets PAYMENT_PROVIDER itself.
const env = { ...process.env, NODE_ENV: "production" };
if (!env.PAYMENT_PROVIDER) {
  env.PAYMENT_PROVIDER = "simulated";
  console.log("PAYMENT_PROVIDER is not set: using the simulated provider (demo, no money moves).");
}
// The server runs as a child: a signal to `npm start` (a service manager's SIGTERM, Ctrl-C's
// SIGINT, a closed terminal's SIGHUP) is passed on, so it stops cleanly instead of running on.
// The demo's jobs and accounts too: production seeds nothing unless SEED_DEMO says so.
env.SEED_DEMO ??= "true";
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
