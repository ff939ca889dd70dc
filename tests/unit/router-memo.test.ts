import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routerMemo } from "~/scripts/router-memo.ts";

// The patches must land in the React Router that is installed, once each, and only on the server.
const dist = path.resolve("node_modules/react-router/dist/development");
const chunks = fs
  .readdirSync(dist)
  .filter((f) => /^chunk-.*\.mjs$/.test(f))
  .map((f) => ({ id: path.join(dist, f), code: fs.readFileSync(path.join(dist, f), "utf8") }));

type Transform = (code: string, id: string, options?: { ssr?: boolean }) => { code: string } | null;
const transform = routerMemo().transform as unknown as Transform;

describe("keeping React Router's per-page work (scripts/router-memo.ts)", () => {
  it("rewrites the installed React Router's server code in its five places", () => {
    const out = chunks.map(
      ({ id, code }) => transform.call({}, code, id, { ssr: true })?.code ?? "",
    );
    const all = out.join("\n");
    expect(all.match(/let routes = __passageCreateServerRoutes\(/g)).toHaveLength(1);
    expect(all.match(/= __passageStaticDataRoutes\(routes\)/g)).toHaveLength(1);
    expect(all.match(/function __passageMatchRoutesImpl\(/g)).toHaveLength(1);
    expect(all.match(/\nfunction matchRoutesImpl\(/g)).toHaveLength(1);
    expect(all.match(/if \(!url\.searchParams\.has\("index"\)\) return request;/g)).toHaveLength(1);
    expect(all.match(/if \(!url\.searchParams\.has\("_routes"\)\) return request;/g)).toHaveLength(
      1,
    );
  });

  it("hands a loader the request itself unless its address has an index or _routes parameter", () => {
    const all = chunks.map(
      ({ id, code }) => transform.call({}, code, id, { ssr: true })?.code ?? "",
    );
    const source = (name: string) => {
      const code = all.find((c) => c.includes(`\nfunction ${name}(request) {`))!;
      const start = code.indexOf(`\nfunction ${name}(request) {`);
      return code.slice(start, code.indexOf("\n}\n", start) + 2);
    };
    const strip = new Function(
      `${source("stripIndexParam")}\n${source("stripRoutesParam")}\n` +
        "return (request) => stripRoutesParam(stripIndexParam(request));",
    )() as (request: Request) => Request;

    const plain = new Request("http://localhost/jobs?q=nurse&sector=healthcare");
    expect(strip(plain)).toBe(plain);
    expect(strip(new Request("http://localhost/jobs?q=a&index")).url).toBe(
      "http://localhost/jobs?q=a",
    );
    expect(strip(new Request("http://localhost/jobs?index=x&q=a")).url).toBe(
      "http://localhost/jobs?q=a&index=x",
    );
    const data = new Request("http://localhost/jobs?q=a&_routes=root", {
      headers: { cookie: "a=b" },
    });
    const stripped = strip(data);
    expect(stripped.url).toBe("http://localhost/jobs?q=a");
    expect(stripped.headers.get("cookie")).toBe("a=b");
  });

  it("leaves the browser's copy alone", () => {
    for (const { id, code } of chunks)
      expect(transform.call({}, code, id, { ssr: false })).toBeNull();
  });

  it("stops the build when React Router no longer has a place it patches", () => {
    const file = chunks.find(({ code }) => code.includes("\nfunction createStaticRouter("))!;
    const moved = file.code.replace(
      "function createStaticRouter(routes, context, opts = {}) {\n  let manifest",
      "function createStaticRouter(routes, context, opts = {}) {\n  const manifest",
    );
    expect(moved).not.toBe(file.code);
    expect(() => transform.call({}, moved, file.id, { ssr: true })).toThrow(/React Router changed/);
  });
});
