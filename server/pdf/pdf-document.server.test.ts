import { describe, expect, it } from "vitest";
import { receiptPdf } from "~/server/payments/receipt-pdf.server";
import { runsOf } from "./pdf-document.server";
import { pdfBytes, pdfText } from "./pdf-text.test-helper";

const NAMES = {
  arabic: "محمد عبد الله",
  amharic: "አበበ ቢቂላ",
  french: "Célia Mondlane-Gonçalves",
  portuguese: "João Conceição",
  vietnamese: "Nguyễn Thị Ánh",
  polish: "Łukasz Żółć",
  russian: "Дмитрий Иванов",
};

const receiptFor = (name: string) =>
  receiptPdf(
    [
      { text: "Passage", size: 16, bold: true },
      { text: "Receipt", size: 20, bold: true, gapBefore: 24 },
      { text: `Paid by: ${name} <payer@example.com>` },
      { text: "Amount:  US$ 50.00" },
    ],
    { title: "Receipt R-2026-000001", lang: "en" },
  );

// The first PDF of a process reads the fonts (a second or two on a slow machine).
describe("every PDF Passage makes", { timeout: 30_000 }, () => {
  it.each(Object.entries(NAMES))(
    "prints a %s name as written, not question marks",
    async (_, name) => {
      const pdf = await receiptFor(name);
      const text = await pdfText(pdf);
      expect(text).toContain(name);
      expect(text).toContain("Paid by:");
      expect(text).not.toContain("?");
    },
  );

  it("prints an emoji as a glyph of an embedded emoji font, not a question mark", async () => {
    const pdf = await receiptFor("Amina 😀");
    expect(await pdfText(pdf)).toContain("Amina 😀");
    expect(pdfBytes(pdf)).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoEmoji-Regular/);
  });

  it("prints a character no font has as a visible box", async () => {
    expect(
      runsOf("Li 李")
        .map((run) => run.text)
        .join(""),
    ).toBe("Li \u25a1");
  });

  it("embeds only the fonts a page uses, subsetted", async () => {
    const bytes = pdfBytes(await receiptFor(NAMES.arabic));
    expect(bytes).toMatch(/\/FontFile2 \d+ 0 R/);
    const fonts = [...bytes.matchAll(/\/BaseFont \/([A-Z]{6})\+([\w-]+)/g)].map((m) => m[2]);
    expect(new Set(fonts)).toEqual(
      new Set(["NotoSans-Regular", "NotoSans-Bold", "NotoSansArabic-Regular"]),
    );
    expect(bytes).not.toContain("/Helvetica");
  });

  it("is a tagged PDF in its language, each line a paragraph of its structure tree", async () => {
    const bytes = pdfBytes(await receiptFor(NAMES.amharic));
    expect(bytes).toMatch(/\/StructTreeRoot \d+ 0 R/);
    expect(bytes).toMatch(/\/MarkInfo \d+ 0 R/);
    expect(bytes).toMatch(/<<\s*\/Marked true\s*>>/);
    expect(bytes).toMatch(/\/Lang \(en\)/);
    expect(bytes).toMatch(/\/DisplayDocTitle true/);
    expect(bytes.match(/\/S \/P\b/g)).toHaveLength(4);
  });

  it("keeps an Arabic name's words together, to be laid out right to left", () => {
    expect(runsOf(`Paid by:  ${NAMES.arabic}, today`).map((run) => run.text)).toEqual([
      "Paid by:  ",
      NAMES.arabic,
      ", today",
    ]);
  });
});
