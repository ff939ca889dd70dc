// `npm run release`: writes release/, a folder that holds everything the server needs at run time
// (the build, migrations, locales, legal texts, production dependencies only) and starts with
// `node server.js` from any directory, with no source tree beside it. See docs/operations.md.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildState, ROOT } from "./build-state.mjs";

const out = path.resolve(ROOT, process.env.RELEASE_DIR ?? "release");
// --no-build: package the build in BUILD_DIR as it is (the browser tests package the one they test).
const buildDir = process.env.BUILD_DIR ?? "build";
const noBuild = process.argv.includes("--no-build");

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { dir: builtDir, stamp, complete, fresh } = buildState(buildDir);
if (noBuild && !complete) {
  console.error(`No complete build in ${buildDir}: run \`npm run build\` first.`);
  process.exit(1);
}
if (!noBuild && (!complete || !fresh)) {
  console.log("Building Passage...");
  run("npm", ["run", "build", "--silent"], ROOT);
  fs.writeFileSync(stamp, new Date().toISOString());
}

fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });

// What the running server reads from its folder: the build it serves, the migrations it applies at
// start, the strings of its e-mails (app/locales) and the legal pages (content/).
const parts = [
  [builtDir, "build"],
  ...["server/db/migrations", "app/locales", "content"].map((p) => [path.join(ROOT, p), p]),
];
for (const [from, to] of parts) {
  fs.cpSync(from, path.join(out, to), {
    recursive: true,
    filter: (source) => path.basename(source) !== ".stamp",
  });
}

// The same dependency versions as the lock file; devDependencies stay listed only so `npm ci`
// accepts the lock, and are left out of the install.
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
const { name, version, type, engines, dependencies, devDependencies, overrides } = pkg;
fs.writeFileSync(
  path.join(out, "package.json"),
  JSON.stringify(
    {
      name,
      version,
      private: true,
      type,
      engines,
      scripts: { start: "node server.js" },
      dependencies,
      devDependencies,
      overrides,
    },
    null,
    2,
  ) + "\n",
);
fs.copyFileSync(path.join(ROOT, "package-lock.json"), path.join(out, "package-lock.json"));

fs.writeFileSync(
  path.join(out, "server.js"),
  `// Starts Passage from this release folder, whatever the working directory.
import path from "node:path";
import { fileURLToPath } from "node:url";

// The folders a person names (DATA_DIR, BACKUP_DIR) are where they ran this from; the release's
// own files (build, migrations, locales, content) are read from here.
for (const name of ["DATA_DIR", "BACKUP_DIR"]) {
  if (process.env[name]) process.env[name] = path.resolve(process.env[name]);
}
process.env.DATA_DIR ??= path.resolve("data");
process.env.NODE_ENV ??= "production";
process.chdir(path.dirname(fileURLToPath(import.meta.url)));
await import("./build/server/main.js");
`,
);

// Production dependencies only. Peer dependencies that are not our own dependencies are left out
// too: they are optional peers of libraries (better-auth lists vitest, i18next lists TypeScript)
// that the server never loads, and they tripled the install.
run("npm", ["ci", "--omit=dev", "--omit=peer", "--omit=optional", "--no-audit", "--no-fund"], out);

const size = spawnSync("du", ["-sh", out], { encoding: "utf8" }).stdout.split("\t")[0];
console.log(`\nRelease written to ${path.relative(process.cwd(), out) || out} (${size}).`);
console.log(`Start it with: node ${path.join(out, "server.js")}`);
