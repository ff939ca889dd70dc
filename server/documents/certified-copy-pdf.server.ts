import crypto from "node:crypto";
import type { Language } from "~/domain/languages";
import { serverT } from "~/server/i18n/translate.server";
import { drawLines, newPdf, type Pdf, type PdfLine } from "~/server/pdf/pdf-document.server";

// A certified copy as a PDF (decision records 50 and 56), drawn with pdfkit like the receipts: an
// A4 page with the stamp at the top ("Verified by Passage on DATE by NAME", the reference and
// where to check it) and the picture below it (pdfkit turns a JPEG upright by its EXIF orientation
// and draws a PNG's alpha as a soft mask). A PDF upload (or a picture this cannot draw) gets the
// stamp page with the file itself attached, unchanged, and its SHA-256 printed: pages of another
// program's PDF are not redrawn.

export type CopyStamp = {
  agencyName: string;
  /** The verification date, already written in `lng`. */
  verifiedOn: string;
  verifierName: string;
  documentName: string;
  reference: string;
  /** Where anyone checks the reference (an absolute address). */
  checkUrl: string;
  lng: Language;
};

export type CopySource = { bytes: Buffer; contentType: string; fileName: string };

const PAGE = { width: 595, height: 842 };
const MARGIN = 24;

/** The stamp's text, as printed (the unit test reads it back out of the PDF). */
export function stampLines(stamp: CopyStamp): PdfLine[] {
  const t = serverT(stamp.lng, "documents");
  return [
    {
      text: t("certifiedCopy.stamp", {
        agency: stamp.agencyName,
        date: stamp.verifiedOn,
        name: stamp.verifierName,
      }),
      size: 12,
      bold: true,
    },
    { text: t("certifiedCopy.document", { document: stamp.documentName }), size: 9 },
    { text: t("certifiedCopy.reference", { reference: stamp.reference }), size: 9, bold: true },
    { text: t("certifiedCopy.check", { url: stamp.checkUrl }), size: 9 },
  ];
}

/** Pixels past which a picture is attached rather than drawn (pdfkit inflates a PNG with alpha). */
const MAX_PIXELS = 25_000_000;

/** pdfkit's file annotation, which its published types leave out. */
type FileAnnotation = (
  x: number,
  y: number,
  w: number,
  h: number,
  file: Record<string, unknown>,
  options: Record<string, unknown>,
) => Pdf;

/** The picture's size if pdfkit can draw it here, else null. */
function drawable(doc: Pdf, source: CopySource) {
  if (source.contentType !== "image/jpeg" && source.contentType !== "image/png") return null;
  try {
    const open = doc as Pdf & { openImage(src: Buffer): { width: number; height: number } };
    const image = open.openImage(source.bytes);
    return image.width * image.height <= MAX_PIXELS ? image : null;
  } catch {
    return null;
  }
}

/** The stamped copy of `source` as PDF bytes. */
export async function certifiedCopyPdf(
  stamp: CopyStamp,
  source: CopySource,
): Promise<Uint8Array<ArrayBuffer>> {
  const t = serverT(stamp.lng, "documents");
  const pdf = newPdf(t("certifiedCopy.document", { document: stamp.documentName }), stamp.lng);
  const { doc, root } = pdf;

  // The stamp: its lines in a green frame across the top of the page.
  const top = MARGIN;
  doc.fillColor([5, 77, 51]);
  const stampEnd = drawLines(pdf, stampLines(stamp), top + 4, MARGIN + 12) + 10;
  doc.markContent("Artifact", { type: "Layout" });
  doc
    .lineWidth(1.5)
    .strokeColor([13, 115, 82])
    .rect(MARGIN, top, PAGE.width - 2 * MARGIN, stampEnd - top)
    .stroke();
  doc.endMarkedContent();
  doc.fillColor("black");

  const image = drawable(doc, source);
  if (image) {
    const imageTop = stampEnd + 12;
    const box: [number, number] = [PAGE.width - 2 * MARGIN, PAGE.height - MARGIN - imageTop];
    root.add(
      doc.struct("Figure", { alt: stamp.documentName }, () => {
        doc.image(image as never, MARGIN, imageTop, { fit: box, align: "center" });
      }),
    );
  } else {
    // The file itself, attached unchanged, and a paperclip on the page that opens it.
    const sha256 = crypto.createHash("sha256").update(source.bytes).digest("hex");
    const bodyTop = stampEnd + 24;
    drawLines(
      pdf,
      [
        { text: t("certifiedCopy.attached.title"), size: 16, bold: true },
        { text: t("certifiedCopy.attached.body"), size: 10, gapBefore: 6 },
        { text: t("certifiedCopy.attached.how"), size: 10 },
        { text: source.fileName, size: 10, bold: true, gapBefore: 6 },
        { text: t("certifiedCopy.attached.sha256"), size: 9, gapBefore: 6 },
        { text: sha256.slice(0, 32), size: 9 },
        { text: sha256.slice(32), size: 9 },
      ],
      bodyTop,
      MARGIN + 36,
    );
    // One copy of the file: listed among the PDF's attachments (not hidden) and behind the pin.
    const file = {
      src: source.bytes,
      name: source.fileName,
      type: source.contentType,
      description: source.fileName,
      hidden: false,
      relationship: "Source",
    };
    (doc as Pdf & { fileAnnotation: FileAnnotation }).fileAnnotation(
      MARGIN + 8,
      bodyTop + 4,
      18,
      24,
      file,
      {
        Name: "PushPin",
        Contents: source.fileName,
      },
    );
  }
  return pdf.finish();
}
