import { renderToPipeableStream, renderToString } from "react-dom/server";
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

  it("holds byte for byte the page React renders into it, long kept parts and all", async () => {
    // A part longer than React's 4 KB buffer is written as one string; short text is encoded
    // into React's buffers; both carry characters of two, three and four bytes.
    const kept = "<p>Çà ✓ 🇿🇼 ".concat("x".repeat(6000), "</p>");
    const page = (
      <main>
        <h1>Harare – Midrand ✓</h1>
        <div dangerouslySetInnerHTML={{ __html: kept }} />
        {Array.from({ length: 300 }, (_, i) => (
          <p key={i}>Ligne {i} — café</p>
        ))}
      </main>
    );
    const { sink, body } = wholeDocument();
    renderToPipeableStream(page).pipe(sink);
    expect((await body).toString("utf8")).toBe(renderToString(page));
  });

  it("fails the body when the sink is destroyed with an error", async () => {
    const { sink, body } = wholeDocument();
    sink.destroy(new Error("render failed"));
    await expect(body).rejects.toThrow("render failed");
  });
});
