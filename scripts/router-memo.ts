// A Vite plugin that keeps, on the server, what React Router rebuilds for every page although it
// never changes between requests (decision record 11, "React Router's per-page work"):
//
//   - ServerRouter turns the whole route table into route objects (createServerRoutes), and
//     createStaticRouter turns those into data routes (convertRoutesToDataRoutes): about a hundred
//     routes (the public pages are mounted once per language), twice, on every page;
//   - a request's path is matched against every route branch up to four times (the handler, the
//     static handler, the partial manifest's parent paths);
//   - every loader is handed a copy of the request made twice over (new URL, new Request: a
//     signal, headers), to take out the `index` and `_routes` parameters: a signed-in page's three
//     or four loaders made six to eight Requests, 2.4% of its CPU. When the address has neither
//     parameter the loader now gets the request itself (the same address, method, headers, body
//     and signal; only the query's spelling may differ where the copy re-encoded it).
//
// Both depend only on the route table and the path, so they are kept: the route objects per route
// table (a WeakMap: a new build in development is a new table), the matches per path (the 1,000
// most recent paths, each answer copied out so no caller can change another's).
//
// The plugin rewrites five places in React Router's own files, for the server bundle only
// (vite.config.ts bundles react-router there). React Router is pinned (package.json); if an
// upgrade moves any of these places the build stops with a message saying which one.
import type { Plugin } from "vite";

type Patch = { name: string; find: string; replace: string };

const MEMO_HELPERS = `
const __passageServerRoutes = new WeakMap();
// React Router gives each request a new object of route modules, but made from the same build:
// the route objects are kept per route table (a changed build in development is a new table).
function __passageCreateServerRoutes(manifestRoutes, routeModules, future, isSpaMode) {
  let known = __passageServerRoutes.get(manifestRoutes);
  if (!known || known.isSpaMode !== isSpaMode || known.future !== future) {
    known = {
      future,
      isSpaMode,
      routes: createServerRoutes(manifestRoutes, routeModules, future, isSpaMode),
    };
    __passageServerRoutes.set(manifestRoutes, known);
  }
  return known.routes;
}
`;

const STATIC_HELPERS = `
const __passageDataRoutes = new WeakMap();
function __passageStaticDataRoutes(routes) {
  let known = __passageDataRoutes.get(routes);
  if (!known) {
    let manifest = {};
    let dataRoutes = convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, manifest);
    known = { manifest, dataRoutes };
    __passageDataRoutes.set(routes, known);
  }
  return known;
}
const __passageMatches = new WeakMap();
const __PASSAGE_MATCHES_KEPT = 1000;
function __passageCopyMatches(matches) {
  if (!matches || matches.length === 0) return matches;
  // The matches of one branch share one params object: so do the copies.
  let params = { ...matches[matches.length - 1].params };
  return matches.map((match) => ({ ...match, params }));
}
function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {
  let table = precomputedBranches ?? routes;
  let path = typeof locationArg === "string" ? locationArg : locationArg.pathname || "/";
  if (typeof table !== "object" || table === null || typeof path !== "string") {
    return __passageMatchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches);
  }
  let key = (allowPartial ? "1" : "0") + (basename ?? "") + "\\u0000" + path;
  let known = __passageMatches.get(table);
  if (!known) __passageMatches.set(table, (known = new Map()));
  let found = known.get(key);
  if (found === undefined) {
    found = __passageMatchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches);
    if (known.size >= __PASSAGE_MATCHES_KEPT) known.delete(known.keys().next().value);
    known.set(key, found);
  } else {
    known.delete(key);
    known.set(key, found);
  }
  return __passageCopyMatches(found);
}
`;

/** `strip` hands back the request itself when its address has no `param` to take out. */
function requestItselfWithout(strip: string, param: string): Patch {
  const opening = `function ${strip}(request) {\n  let url = new URL(request.url);`;
  return {
    name: strip,
    find: opening,
    replace: `${opening}\n  if (!url.searchParams.has("${param}")) return request;`,
  };
}

const PATCHES: Patch[] = [
  {
    name: "ServerRouter's route objects",
    find: `  let routes = createServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );`,
    replace: `  let routes = __passageCreateServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );`,
  },
  {
    name: "createStaticRouter's data routes",
    find: `function createStaticRouter(routes, context, opts = {}) {
  let manifest = {};
  let dataRoutes = convertRoutesToDataRoutes(
    routes,
    mapRouteProperties,
    void 0,
    manifest
  );`,
    replace: `function createStaticRouter(routes, context, opts = {}) {
  let { manifest, dataRoutes } = __passageStaticDataRoutes(routes);`,
  },
  requestItselfWithout("stripIndexParam", "index"),
  requestItselfWithout("stripRoutesParam", "_routes"),
  {
    name: "matchRoutesImpl",
    find: `function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {`,
    replace: `function __passageMatchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {`,
  },
];

/** The file each patch belongs to: the one that defines what it changes. */
const FILE_OF: Record<string, RegExp> = {
  "ServerRouter's route objects": /\nfunction ServerRouter\(/,
  "createStaticRouter's data routes": /\nfunction createStaticRouter\(/,
  matchRoutesImpl: /\nfunction matchRoutesImpl\(/,
  stripIndexParam: /\nfunction stripIndexParam\(request\)/,
  stripRoutesParam: /\nfunction stripRoutesParam\(request\)/,
};

export function routerMemo(): Plugin {
  const applied = new Set<string>();
  return {
    name: "passage:router-memo",
    enforce: "pre",
    transform(code, id, options) {
      if (!options?.ssr || !/\/node_modules\/react-router\/dist\/[^/]+\/chunk-[^/]+\.mjs$/.test(id))
        return null;
      let out = code;
      const helpers: string[] = [];
      for (const patch of PATCHES) {
        if (!FILE_OF[patch.name]!.test(out)) continue;
        const at = out.indexOf(patch.find);
        if (at === -1 || out.indexOf(patch.find, at + 1) !== -1) {
          throw new Error(
            `passage:router-memo: React Router changed (${id}): "${patch.name}" is no longer ` +
              "where scripts/router-memo.ts expects it. Update the patch or remove it.",
          );
        }
        out = out.slice(0, at) + patch.replace + out.slice(at + patch.find.length);
        applied.add(patch.name);
        if (patch.name === "ServerRouter's route objects") helpers.push(MEMO_HELPERS);
        if (patch.name === "matchRoutesImpl") helpers.push(STATIC_HELPERS);
      }
      return out === code ? null : { code: `${out}\n${helpers.join("\n")}`, map: null };
    },
    buildEnd(error) {
      if (error || this.environment?.name !== "ssr") return;
      const missing = PATCHES.map((p) => p.name).filter((name) => !applied.has(name));
      if (missing.length > 0) {
        this.error(
          `passage:router-memo: React Router's server code was bundled without ${missing.join(", ")}: ` +
            "is react-router still in ssr.noExternal (vite.config.ts)?",
        );
      }
    },
  };
}
