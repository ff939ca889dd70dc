import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./low-priority-scripts.server";

async function through(chunks: (string | Buffer)[]) {
  const out: string[] = [];
  const stream = Readable.from(chunks.map((c) => (typeof c === "string" ? Buffer.from(c) : c)));
  for await (const piece of stream.pipe(lowPriorityModulePreloads())) out.push(String(piece));
  return out.join("");
}

const page =
  '<head><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/s.css"/>' +
  '<link rel="modulepreload" href="/assets/b.js"/></head><body>Harare – Midrand ✓</body>';
const expected = page.replaceAll(
  '<link rel="modulepreload"',
  '<link rel="modulepreload" fetchpriority="low"',
);

describe("low-priority module preloads", () => {
  it("marks every module preload low priority and leaves the rest of the page as it was", async () => {
    expect(await through([page])).toBe(expected);
  });

  it("finds a tag split across chunks, at any point, and keeps characters split across chunks", async () => {
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut++) {
      const result = await through([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect({ cut, result }).toEqual({ cut, result: expected });
    }
  });
});
