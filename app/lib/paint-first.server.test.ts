import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { paintFirstThenHydrate } from "./paint-first.server";

async function through(chunks: (string | Buffer)[]) {
  const out: string[] = [];
  const stream = Readable.from(chunks.map((c) => (typeof c === "string" ? Buffer.from(c) : c)));
  for await (const piece of stream.pipe(paintFirstThenHydrate())) out.push(String(piece));
  return out.join("");
}

// The shape React Router 7 writes: preloads in <head>, an async module script in <body>.
const page =
  '<head><link rel="modulepreload" href="/assets/a.js" nonce="n"/><link rel="stylesheet" href="/s.css"/>' +
  '<link rel="modulepreload" href="/assets/b.js" nonce="n"/></head><body>Harare – Midrand ✓' +
  '<script nonce="n" type="module" async="">;\nimport * as route0 from "/assets/root.js";\n' +
  'import * as route1 from "/assets/home.js";\n  window.__reactRouterManifest = {};\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"home":route1};\n\nimport("/assets/a.js");</script>' +
  "<p>after</p></body>";

describe("paint first, then hydrate", () => {
  it("takes the preloads out of the head and has the module script add them after the first paint", async () => {
    const html = await through([page]);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" href="/s.css"/>');
    expect(html).toContain("Harare – Midrand ✓");
    expect(html).toContain("<p>after</p></body>");
    const script = html.slice(html.indexOf('<script nonce="n" type="module" async="">'));
    // Waits for the paint before anything is fetched or run.
    expect(script.indexOf("first-contentful-paint")).toBeLessThan(script.indexOf("modulepreload"));
    expect(script).toContain('["/assets/a.js","/assets/b.js"]');
    // No static import is left (it would be fetched and run before the paint).
    expect(script).not.toMatch(/^\s*import \*/m);
    expect(script).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/root.js"), import("/assets/home.js")]);',
    );
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"home":route1};');
    expect(script.indexOf("Promise.all")).toBeLessThan(script.indexOf('import("/assets/a.js")'));
  });

  it("gives the same page wherever the stream is cut, keeping characters split across chunks", async () => {
    const expected = await through([page]);
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut++) {
      const result = await through([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect({ cut, result }).toEqual({ cut, result: expected });
    }
  });
});
