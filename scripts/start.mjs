// `npm start`: build when the build is missing or older than the sources, then serve in
// production mode. Migrations and the first-run demo seed happen inside the server at start-up.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const stamp = path.join(root, "build/.stamp");
const SOURCES = [
  "app",
  "server",
  "domain",
  "content",
  "public",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p))
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
if (
  !fs.existsSync(path.join(root, "build/server/main.js")) ||
  !fs.existsSync(path.join(root, "build/server/index.js")) ||
  sources > built
) {
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
const child = spawnSync(process.execPath, ["build/server/main.js"], {
  cwd: root,
  stdio: "inherit",
  env,
});
process.exit(child.status ?? 0);
