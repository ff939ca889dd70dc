/**
 * A one-page PDF receipt, written by hand: a receipt is a handful of lines of text, which PDF's
 * built-in Helvetica draws without embedding a font, so no PDF library (and no bytes of one) is
 * needed. Text is Latin-1 (WinAnsi): the accents of French and Portuguese names print; a
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

function pdfString(text: string) {
  return `(${latin1(text).replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

export function receiptPdf(lines: PdfLine[]): Uint8Array<ArrayBuffer> {
  const left = 56;
  let y = 790;
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
  const content = body.join("\n");

  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(pdf, "latin1"));
}
