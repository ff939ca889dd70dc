import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/app/routes";
import { defaultNS } from "./config";
import { namespaces, pageTranslations } from "./i18n.server";
import { routeNamespaces } from "./namespaces";

// A page gets inline only the strings of the namespaces its matched routes declare in their
// handle. A namespace a component uses but no route declares would show keys in the browser (and
// fail hydration); one declared but unused would make every visit download strings for nothing.
// This reads the source: each route module's imports (within app/) and their useTranslation calls.

const root = path.resolve(__dirname, "..", "..");

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("~/")) base = path.join(root, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null;
  if (!base.startsWith(path.join(root, "app") + path.sep)) return null;
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`, path.join(base, "index.ts")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function namespacesUsedBy(file: string, seen = new Set<string>()): Set<string> {
  const used = new Set<string>();
  if (seen.has(file) || !/\.tsx?$/.test(file)) return used;
  seen.add(file);
  const source = fs.readFileSync(file, "utf8");
  for (const [, args] of source.matchAll(/useTranslation\(([^)]*)\)/g)) {
    const names = [...(args ?? "").matchAll(/"([\w-]+)"/g)].map((m) => m[1]!);
    for (const ns of names.length ? names : [defaultNS]) used.add(ns);
  }
  for (const [, ns] of source.matchAll(/\bns:\s*"([\w-]+)"/g)) used.add(ns!);
  // Static and dynamic imports, but not `import type` (erased) nor packages.
  const specs = [
    ...source.matchAll(/^import(?!\s+type\s)[^;]*?from\s+"([^"]+)"/gms),
    ...source.matchAll(/import\(\s*"([^"]+)"\s*\)/g),
  ].map((m) => m[1]!);
  for (const spec of specs) {
    const target = resolveImport(file, spec);
    if (target) for (const ns of namespacesUsedBy(target, seen)) used.add(ns);
  }
  return used;
}

function declaredBy(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  const call = /\bi18nHandle\(([^)]*)\)/.exec(source);
  return call ? [...call[1]!.matchAll(/"([\w-]+)"/g)].map((m) => m[1]!) : [];
}

type Flat = { file: string; ancestors: string[] };
function flatten(entries: RouteConfigEntry[], ancestors: string[]): Flat[] {
  return entries.flatMap((entry) => {
    const file = path.join(root, "app", entry.file);
    return [{ file, ancestors }, ...flatten(entry.children ?? [], [...ancestors, file])];
  });
}

const rootFile = path.join(root, "app", "root.tsx");
const all = flatten(routes, [rootFile]);

describe("route translation namespaces", () => {
  it.each(all.map((r) => [path.relative(root, r.file), r] as const))(
    "%s declares the namespaces its screen uses, and no others",
    (_name, { file, ancestors }) => {
      const provided = new Set([defaultNS, ...[...ancestors, file].flatMap(declaredBy)]);
      const used = namespacesUsedBy(file);
      expect(
        [...used].filter((ns) => !provided.has(ns)),
        "used but not declared",
      ).toEqual([]);
      expect(
        declaredBy(file).filter((ns) => !used.has(ns) || ns === defaultNS),
        "declared but not used (common comes with every page)",
      ).toEqual([]);
    },
  );

  it("the root layout uses only the common namespace", () => {
    expect([...namespacesUsedBy(rootFile)]).toEqual([defaultNS]);
  });

  it("every declared namespace exists in English", () => {
    for (const { file } of all) {
      for (const ns of declaredBy(file)) expect(namespaces).toContain(ns);
    }
  });
});

describe("pageTranslations", () => {
  it("carries common plus the requested namespaces, and nothing else", () => {
    const page = pageTranslations("en", routeNamespaces([{ i18n: ["jobs"] }, undefined, {}]));
    expect(page.ns).toEqual(["common", "jobs"]);
    expect(Object.keys(page.resources)).toEqual(["en"]);
    expect(Object.keys(page.resources.en!)).toEqual(["common", "jobs"]);
  });

  it("carries only the page's own language: no English fallback travels to a French page", () => {
    const page = pageTranslations("fr", ["auth"]);
    expect(Object.keys(page.resources)).toEqual(["fr"]);
    expect(Object.keys(page.resources.fr!)).toEqual(["common", "auth"]);
  });
});
