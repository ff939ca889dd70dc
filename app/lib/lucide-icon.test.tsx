import fs from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import createLucideIcon from "./lucide-icon";

// lucide's "x" icon, as lucide-react's icon module hands it over.
const X = createLucideIcon({
  name: "x",
  node: [
    ["path", { d: "M18 6 6 18", key: "1bl5f8" }],
    ["path", { d: "m6 6 12 12", key: "d8bk6v" }],
  ],
});

describe("an icon", () => {
  it("draws lucide's svg, hidden from screen readers, with the page's classes after lucide's", () => {
    expect(renderToStaticMarkup(<X className="size-4" />)).toBe(
      '<svg width="24" height="24" viewBox="0 0 24 24" class="lucide lucide-x size-4" ' +
        'aria-hidden="true"><path d="M18 6 6 18"></path><path d="m6 6 12 12"></path></svg>',
    );
  });

  it("leaves lucide's stroke to the stylesheet, and sets another colour or width on the icon", () => {
    const css = fs.readFileSync(path.resolve("app/app.css"), "utf8");
    expect(css.replace(/\s+/g, " ")).toContain(
      "svg.lucide { fill: none; stroke: currentColor; stroke-width: 2; stroke-linecap: round; stroke-linejoin: round; }",
    );
    expect(renderToStaticMarkup(<X color="red" strokeWidth={1.5} />)).toContain(
      'style="stroke:red;stroke-width:1.5"',
    );
  });

  it("is announced when it is labelled, and keeps a title child beside its paths", () => {
    const labelled = renderToStaticMarkup(<X aria-label="Close" size={16} />);
    expect(labelled).toContain('aria-label="Close"');
    expect(labelled).toContain('width="16" height="16"');
    expect(labelled).not.toContain("aria-hidden");
    const titled = renderToStaticMarkup(
      <X>
        <title>Close</title>
      </X>,
    );
    expect(titled).toContain('<path d="m6 6 12 12"></path><title>Close</title>');
    expect(titled).not.toContain("aria-hidden");
  });
});
