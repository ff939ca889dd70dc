// `npm run dev`: the server in development (Vite in middleware mode), restarted by tsx when a
// server file changes. Signals are passed on so the server always stops cleanly: the database
// closed, the data folder released.
import { spawn } from "node:child_process";
import path from "node:path";
import { ROOT } from "./build-state.mjs";

const tsx = path.join(ROOT, "node_modules/tsx/dist/cli.mjs");
const child = spawn(
  process.execPath,
  [
    tsx,
    "watch",
    "--clear-screen=false",
    ...["./app", "./build", "./data", "./release", "./.tmp"].flatMap((p) => ["--ignore", p]),
    "server/main.ts",
  ],
  { cwd: ROOT, stdio: "inherit", env: { ...process.env, NODE_ENV: "development" } },
);

// Ctrl-C (SIGINT) and a closed terminal (SIGHUP) reach every process of the terminal's group, tsx
// and the server included. Passing them on as well would make tsx see a second signal, on which it
// force-kills the server before it has closed anything: they are left to arrive by themselves.
process.on("SIGINT", () => {});
process.on("SIGHUP", () => {});
// SIGTERM is sent to one process (a service manager, a container stop): passed on.
process.on("SIGTERM", () => child.kill("SIGTERM"));
// npm runs this through `sh -c`, and a SIGTERM to npm ends npm and the shell but never reaches
// here: an orphaned dev stops the server as if it had been told to.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) child.kill("SIGTERM");
}, 500).unref();
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
