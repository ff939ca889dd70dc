/**
 * A one-page PDF receipt, written by hand: a receipt is a handful of lines of text, which PDF's
 * built-in Helvetica draws without embedding a font, so no PDF library (and no bytes of one) is
 * needed (certified copies of documents draw their pages with the same writer, decision record
 * 50). Text is Latin-1 (WinAnsi): the accents of French and Portuguese names print; a
 * character outside it prints as "?".
 */
export type PdfLine = { text: string; size?: number; bold?: boolean; gapBefore?: number };

/** Typographic marks Latin-1 lacks, as their plain forms. */
const PLAIN: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u2013": "-",
  "\u2014": "-",
  "\u2026": "...",
  "\u202f": " ",
};

function latin1(text: string) {
  return [...text.normalize("NFC")]
    .map((ch) => (ch.charCodeAt(0) <= 0xff ? ch : (PLAIN[ch] ?? "?")))
    .join("");
}

/** A PDF literal string of `text` in Latin-1 (WinAnsi), escaped. */
export function pdfString(text: string) {
  return `(${latin1(text).replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** A PDF object: a dictionary as written, or a stream (its dictionary gets the /Length). */
export type PdfObject = string | { dict: string; stream: Uint8Array | string };

/**
 * Writes a whole PDF from its objects, numbered from 1 in order (object 1 is the catalog): the
 * header, each object, the cross-reference table and the trailer. Streams may be binary (images).
 */
export function assemblePdf(objects: PdfObject[]): Uint8Array<ArrayBuffer> {
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  const push = (part: Buffer) => {
    parts.push(part);
    length += part.length;
  };
  objects.forEach((object, i) => {
    offsets.push(length);
    if (typeof object === "string") {
      push(Buffer.from(`${i + 1} 0 obj\n${object}\nendobj\n`, "latin1"));
      return;
    }
    const stream =
      typeof object.stream === "string"
        ? Buffer.from(object.stream, "latin1")
        : Buffer.from(object.stream.buffer, object.stream.byteOffset, object.stream.byteLength);
    const dict = object.dict.replace(/^<<\s*/, `<< /Length ${stream.length} `);
    push(Buffer.from(`${i + 1} 0 obj\n${dict}\nstream\n`, "latin1"));
    push(stream);
    push(Buffer.from("\nendstream\nendobj\n", "latin1"));
  });
  const xref = length;
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  tail += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  push(Buffer.from(tail, "latin1"));
  const all = Buffer.concat(parts);
  return new Uint8Array(all.buffer, all.byteOffset, all.byteLength) as Uint8Array<ArrayBuffer>;
}

/** The two fonts every page of ours uses: Helvetica (F1) and Helvetica-Bold (F2). */
export const HELVETICA =
  "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
export const HELVETICA_BOLD =
  "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>";

/** Text operators drawing `lines` top-down from `top`, `left` points from the page's edge. */
export function textOperators(lines: PdfLine[], top: number, left = 56) {
  let y = top;
  const body: string[] = ["BT"];
  for (const line of lines) {
    const size = line.size ?? 11;
    y -= (line.gapBefore ?? 0) + size * 1.5;
    body.push(
      `/${line.bold ? "F2" : "F1"} ${size} Tf`,
      `1 0 0 1 ${left} ${y.toFixed(1)} Tm`,
      `${pdfString(line.text)} Tj`,
    );
  }
  body.push("ET");
  return { operators: body.join("\n"), bottom: y };
}

export function receiptPdf(lines: PdfLine[]): Uint8Array<ArrayBuffer> {
  const content = textOperators(lines, 790).operators;
  return assemblePdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
    HELVETICA,
    HELVETICA_BOLD,
    { dict: "<< >>", stream: content },
  ]);
}
