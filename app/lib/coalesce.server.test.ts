import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { coalesceWrites } from "./coalesce.server";

function collect() {
  const stream = coalesceWrites();
  const out: string[] = [];
  stream.on("data", (chunk: Buffer) => out.push(String(chunk)));
  const ended = new Promise((resolve) => stream.on("end", resolve));
  return { stream, out, ended };
}

describe("coalescing a page's writes", () => {
  it("passes on what was written in one turn of the event loop as one piece", async () => {
    const { stream, out } = collect();
    for (const piece of ["<html>", "<body>", "Harare – Midrand ✓", "</body>"]) stream.write(piece);
    await nextTurn();
    await nextTurn();
    expect(out).toEqual(["<html><body>Harare – Midrand ✓</body>"]);
  });

  it("still streams: what comes in a later turn goes out as its own piece, before the end", async () => {
    const { stream, out, ended } = collect();
    stream.write("shell ");
    stream.write(Buffer.from("part "));
    await nextTurn();
    await nextTurn();
    expect(out).toEqual(["shell part "]);
    stream.write("boundary");
    stream.end("</html>");
    await ended;
    expect(out).toEqual(["shell part ", "boundary</html>"]);
  });
});
