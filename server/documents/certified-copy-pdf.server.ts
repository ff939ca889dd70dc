import crypto from "node:crypto";
import type { Language } from "~/domain/languages";
import { serverT } from "~/server/i18n/translate.server";
import {
  assemblePdf,
  HELVETICA,
  HELVETICA_BOLD,
  type PdfLine,
  type PdfObject,
  pdfString,
  textOperators,
} from "~/server/payments/receipt-pdf.server";
import { type PdfImage, pdfImageOf } from "./copy-images.server";

// A certified copy as a PDF (decision record 50), written with the receipts' hand-made PDF writer:
// an A4 page with the stamp at the top ("Verified by Passage on DATE by NAME", the reference and
// where to check it) and the picture below it. A PDF upload (or a picture this cannot draw) gets
// the stamp page with the file itself attached, unchanged, and its SHA-256 printed: pages of
// another program's PDF are not rewritten by hand.

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

/** The stamp: its lines in a green frame across the top of the page; returns where it ends. */
function stampOperators(stamp: CopyStamp) {
  const top = PAGE.height - MARGIN;
  const text = textOperators(stampLines(stamp), top - 4, MARGIN + 12);
  const bottom = text.bottom - 10;
  const frame = `q 0.05 0.45 0.32 RG 1.5 w ${MARGIN} ${bottom.toFixed(1)} ${PAGE.width - 2 * MARGIN} ${(top - bottom).toFixed(1)} re S Q`;
  return { operators: `${frame}\n0.05 0.3 0.2 rg\n${text.operators}\n0 g`, bottom };
}

/** The picture fitted below the stamp, centred, turned upright as its EXIF orientation says. */
function imageOperators(image: PdfImage, top: number) {
  const turned = image.orientation === 6 || image.orientation === 8;
  const [w, h] = turned ? [image.height, image.width] : [image.width, image.height];
  const boxWidth = PAGE.width - 2 * MARGIN;
  const boxHeight = top - MARGIN;
  const scale = Math.min(boxWidth / w, boxHeight / h);
  const [W, H] = [w * scale, h * scale];
  const x = MARGIN + (boxWidth - W) / 2;
  const y = top - H;
  const f = (n: number) => n.toFixed(2);
  const matrix = {
    1: [W, 0, 0, H, x, y],
    3: [-W, 0, 0, -H, x + W, y + H],
    6: [0, -H, W, 0, x, y + H],
    8: [0, H, -W, 0, x + W, y],
  }[image.orientation];
  return `q ${matrix.map(f).join(" ")} cm /Im1 Do Q`;
}

/** The stamped copy of `source` as PDF bytes. */
export function certifiedCopyPdf(stamp: CopyStamp, source: CopySource): Uint8Array<ArrayBuffer> {
  const objects: PdfObject[] = ["", "", HELVETICA, HELVETICA_BOLD];
  const add = (object: PdfObject) => objects.push(object);
  const fonts = "/Font << /F1 3 0 R /F2 4 0 R >>";
  const stampPart = stampOperators(stamp);
  const image = pdfImageOf(source.bytes, source.contentType);
  let catalogExtra = "";
  let pageExtra = "";
  let resources = `<< ${fonts} >>`;
  let content: string;

  if (image) {
    const mask = image.mask ? add(image.mask) : null;
    const imageRef = add({
      dict: mask ? image.dict.replace(/ >>$/, ` /SMask ${mask} 0 R >>`) : image.dict,
      stream: image.stream,
    });
    resources = `<< ${fonts} /XObject << /Im1 ${imageRef} 0 R >> >>`;
    content = `${stampPart.operators}\n${imageOperators(image, stampPart.bottom - 12)}`;
  } else {
    // The file itself, attached unchanged, and a paperclip on the page that opens it.
    const t = serverT(stamp.lng, "documents");
    const sha256 = crypto.createHash("sha256").update(source.bytes).digest("hex");
    const md5 = crypto.createHash("md5").update(source.bytes).digest("hex");
    const subtype = source.contentType.replace("/", "#2F");
    const file = add({
      dict: `<< /Type /EmbeddedFile /Subtype /${subtype} /Params << /Size ${source.bytes.length} /CheckSum <${md5}> >> >>`,
      stream: source.bytes,
    });
    const name = pdfString(source.fileName);
    const spec = add(
      `<< /Type /Filespec /F ${name} /UF ${name} /EF << /F ${file} 0 R /UF ${file} 0 R >> /AFRelationship /Source >>`,
    );
    const body = textOperators(
      [
        { text: t("certifiedCopy.attached.title"), size: 16, bold: true },
        { text: t("certifiedCopy.attached.body"), size: 10, gapBefore: 6 },
        { text: t("certifiedCopy.attached.how"), size: 10 },
        { text: source.fileName, size: 10, bold: true, gapBefore: 6 },
        { text: t("certifiedCopy.attached.sha256"), size: 9, gapBefore: 6 },
        { text: sha256.slice(0, 32), size: 9 },
        { text: sha256.slice(32), size: 9 },
      ],
      stampPart.bottom - 24,
      MARGIN + 36,
    );
    const clipTop = stampPart.bottom - 24 - 20;
    const annotation = add(
      `<< /Type /Annot /Subtype /FileAttachment /Rect [${MARGIN + 8} ${(clipTop - 24).toFixed(1)} ${MARGIN + 26} ${clipTop.toFixed(1)}] /FS ${spec} 0 R /Name /PushPin /Contents ${name} /F 4 >>`,
    );
    pageExtra = ` /Annots [${annotation} 0 R]`;
    catalogExtra = ` /Names << /EmbeddedFiles << /Names [${name} ${spec} 0 R] >> >> /PageMode /UseAttachments /AF [${spec} 0 R]`;
    content = `${stampPart.operators}\n${body.operators}`;
  }

  const contents = add({ dict: "<< >>", stream: content });
  const page = add(
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources ${resources} /Contents ${contents} 0 R${pageExtra} >>`,
  );
  objects[0] = `<< /Type /Catalog /Pages 2 0 R${catalogExtra} >>`;
  objects[1] = `<< /Type /Pages /Kids [${page} 0 R] /Count 1 >>`;
  return assemblePdf(objects);
}
