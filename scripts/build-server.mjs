// Bundles the Hono server (server/main.ts and what it imports) into build/server/main.js.
// Packages stay external: they are installed in node_modules.
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts"],
  outfile: `${process.env.BUILD_DIR ?? "build"}/server/main.js`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  alias: { "~": "." },
});
console.log(`built ${process.env.BUILD_DIR ?? "build"}/server/main.js`);
