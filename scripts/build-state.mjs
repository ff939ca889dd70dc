// When a production build is out of date: `npm start` and `npm run bench` both ask here, so they
// can never disagree about which sources a build depends on.
import fs from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..");

/** Everything a production build is made from. */
export const BUILD_SOURCES = [
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

/**
 * The state of the build in `buildDir` (relative to the project): `complete` when both server
 * files exist, `fresh` when no source is newer than the stamp written after the last build.
 */
export function buildState(buildDir = "build") {
  const dir = path.resolve(ROOT, buildDir);
  const stamp = path.join(dir, ".stamp");
  const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  const sources = Math.max(...BUILD_SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  const complete =
    fs.existsSync(path.join(dir, "server/main.js")) &&
    fs.existsSync(path.join(dir, "server/index.js"));
  return { dir, stamp, complete, fresh: sources <= built };
}
