import zlib from "node:zlib";
// pdf.js looks for DOMMatrix, ImageData and Path2D (and, failing that, the optional
// @napi-rs/canvas) when it loads, for drawing pages; reading their text never uses them.
const canvas = globalThis as Record<string, unknown>;
for (const name of ["DOMMatrix", "ImageData", "Path2D"]) canvas[name] ??= class {};
const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");

/** The text of each page of `pdf` as a reader extracts it (pdf.js: glyphs back to Unicode). */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : ""))
        .join(""),
    );
  }
  await document.destroy();
  // Separate runs of one line come out with spaces between them: one space is what a reader sees.
  // A glyph a font splits off a letter (Noto Sans Arabic draws a letter's dots as a mark of their
  // own) maps to no character, which pdf.js reads as a control character: dropped here.
  return (
    pages
      .join("\f")
      // eslint-disable-next-line no-control-regex -- the control characters are what is dropped
      .replace(/[\u0000-\u0008]/g, "")
      .replace(/[ \u00a0]{2,}/g, " ")
  );
}

/** The PDF's bytes as Latin-1 text, to look for its dictionaries' keys. */
export const pdfBytes = (pdf: Uint8Array) => Buffer.from(pdf).toString("latin1");

/** Every stream of the PDF (pages, images, fonts, attachments), inflated where it was deflated. */
export function pdfStreams(pdf: Uint8Array): Buffer[] {
  const bytes = Buffer.from(pdf);
  const text = bytes.toString("latin1");
  const streams: Buffer[] = [];
  for (const match of text.matchAll(/>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = text.indexOf("endstream", start);
    const raw = bytes.subarray(start, end).subarray(0, text.slice(start, end).trimEnd().length);
    try {
      streams.push(zlib.inflateSync(raw));
    } catch {
      streams.push(raw);
    }
  }
  return streams;
}
