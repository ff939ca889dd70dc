import { describe, expect, it } from "vitest";
import { wholeDocument } from "./whole-document.server";

describe("a signed-in page sent whole", () => {
  it("gives everything React wrote, in order, as one body once it ends", async () => {
    const { sink, body } = wholeDocument();
    let settled = false;
    void body.then(() => (settled = true));
    sink.write("<html><body>");
    sink.write(Buffer.from("Harare – Midrand ✓"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    sink.end("</body></html>");
    expect((await body).toString("utf8")).toBe("<html><body>Harare – Midrand ✓</body></html>");
  });

  it("fails the body when the sink is destroyed with an error", async () => {
    const { sink, body } = wholeDocument();
    sink.destroy(new Error("render failed"));
    await expect(body).rejects.toThrow("render failed");
  });
});
