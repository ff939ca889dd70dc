import { drawLines, newPdf, type PdfLine } from "~/server/pdf/pdf-document.server";

/**
 * A one-page PDF receipt: its lines top-down on an A4 page, a tagged PDF in the viewer's language
 * whose fonts cover any payer's name (decision record 56).
 */
export async function receiptPdf(
  lines: PdfLine[],
  { title, lang }: { title: string; lang: string },
): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = newPdf(title, lang);
  drawLines(pdf, lines, 52);
  return pdf.finish();
}
