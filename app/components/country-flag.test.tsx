import fs from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { seedCountries } from "~/server/db/seed-data";
import { CountryFlag, FLAG_CODES, flagSrc } from "./country-flag";

const flagsDir = path.join(process.cwd(), "public", "flags");

describe("country flags", () => {
  it("has a small SVG for every country in the list, and nothing it does not list", () => {
    for (const { code } of seedCountries) expect(FLAG_CODES.has(code), code).toBe(true);
    const files = fs.readdirSync(flagsDir).filter((f) => f.endsWith(".svg"));
    expect(files.map((f) => f.slice(0, -4)).sort()).toEqual([...FLAG_CODES].sort());
    for (const file of files) {
      const svg = fs.readFileSync(path.join(flagsDir, file), "utf8");
      expect(svg, file).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox=/);
      expect(svg, file).not.toMatch(/<script|href=|url\(/i);
      expect(Buffer.byteLength(svg), file).toBeLessThan(3_000);
    }
  });

  it("finds the flag by code in any case, and none for an unknown code", () => {
    expect(flagSrc("za")).toBe("/flags/ZA.svg");
    expect(flagSrc("ZW")).toBe("/flags/ZW.svg");
    expect(flagSrc("XX")).toBeNull();
    expect(flagSrc("")).toBeNull();
    expect(flagSrc(null)).toBeNull();
  });

  it("shows an image with its size and the country's name as the text, never an emoji", () => {
    const html = renderToStaticMarkup(<CountryFlag code="IE">Ireland</CountryFlag>);
    expect(html).toContain('src="/flags/IE.svg"');
    expect(html).toContain('width="18"');
    expect(html).toContain('height="12"');
    expect(html).toContain('alt=""');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain("<span>Ireland</span>");
    expect(html).not.toMatch(/\p{Regional_Indicator}/u);
  });

  it("shows a globe for a country without a flag, still with its name", () => {
    const html = renderToStaticMarkup(<CountryFlag code={null}>Not set</CountryFlag>);
    expect(html).not.toContain("<img");
    expect(html).toContain("<svg");
    expect(html).toContain("<span>Not set</span>");
  });
});
