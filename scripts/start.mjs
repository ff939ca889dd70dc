// `npm start`: build when the build is missing or older than the sources, then serve in
// production mode. Migrations and the first-run demo seed happen inside the server at start-up.
import { spawnSync } from "node:child_process";
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
const child = spawnSync(process.execPath, ["build/server/main.js"], {
  cwd: root,
  stdio: "inherit",
  env,
});
process.exit(child.status ?? 0);
