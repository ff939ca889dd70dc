import fs from "node:fs";
import { createRequire } from "node:module";
import zlib from "node:zlib";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";

// Every PDF Passage makes (receipts, certified copies) is drawn with pdfkit (decision record 56):
// a tagged PDF (structure tree, /Lang, /MarkInfo) whose text is set in embedded, subsetted Noto
// fonts, so any applicant's name prints: Latin with its accents, Greek, Cyrillic, Arabic (joined,
// right to left), Ethiopic, and emoji in Noto Emoji's black-and-white outlines. Each character
// takes the first font of the chain that has it; one no font has prints as a visible box (□).

export type PdfLine = { text: string; size?: number; bold?: boolean; gapBefore?: number };

type Face = { name: string; file: string; font: fontkit.Font; buffer: Buffer };

const require = createRequire(import.meta.url);

const CHAIN = [
  "noto-sans/files/noto-sans-latin",
  "noto-sans/files/noto-sans-latin-ext",
  "noto-sans/files/noto-sans-vietnamese",
  "noto-sans/files/noto-sans-greek",
  "noto-sans/files/noto-sans-greek-ext",
  "noto-sans/files/noto-sans-cyrillic",
  "noto-sans/files/noto-sans-cyrillic-ext",
  "noto-sans-arabic/files/noto-sans-arabic-arabic",
  "noto-sans-ethiopic/files/noto-sans-ethiopic-ethiopic",
  "noto-emoji/files/noto-emoji-emoji",
  ...Array.from({ length: 11 }, (_, i) => `noto-emoji/files/noto-emoji-${i}`),
];

const faces = new Map<string, Face[]>();

/**
 * A WOFF file as the plain TrueType file it wraps (its tables inflated once): fontkit reads a
 * WOFF's tables by inflating them again at every read, a glyph at a time when it subsets.
 */
export function sfntOfWoff(woff: Buffer): Buffer {
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const [offset, compLength, length] = [at + 4, at + 8, at + 12].map((o) => woff.readUInt32BE(o));
    const raw = woff.subarray(offset!, offset! + compLength!);
    return {
      tag: woff.subarray(at, at + 4),
      checksum: woff.readUInt32BE(at + 16),
      data: compLength! < length! ? zlib.inflateSync(raw) : raw,
    };
  });
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(woff.readUInt32BE(4), 0); // the wrapped font's flavour
  const log2 = Math.floor(Math.log2(count));
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(16 * 2 ** log2, 6);
  header.writeUInt16BE(log2, 8);
  header.writeUInt16BE(16 * count - 16 * 2 ** log2, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    const at = 12 + i * 16;
    table.tag.copy(header, at);
    header.writeUInt32BE(table.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(table.data.length, at + 12);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

/** The chain of fonts for a weight, read once per process (about 1 MB each weight). */
function chainFor(bold: boolean): Face[] {
  const key = bold ? "700" : "400";
  let chain = faces.get(key);
  if (!chain) {
    chain = CHAIN.map((stem, i) => {
      const file = require.resolve(`@fontsource/${stem}-${key}-normal.woff`);
      const buffer = sfntOfWoff(fs.readFileSync(file));
      const font = fontkit.create(buffer) as fontkit.Font;
      return { name: `F${key}-${i}`, file, font, buffer };
    });
    faces.set(key, chain);
  }
  return chain;
}

/** Joiners, variation selectors and skin tones: part of an emoji, drawn or dropped by its font. */
const isJoiner = (p: number) =>
  p === 0x200d || p === 0xfe0e || p === 0xfe0f || (p >= 0x1f3fb && p <= 0x1f3ff);
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]+$/u;
const REPLACEMENT = "\u25a1";

function faceFor(cluster: string, chain: Face[]): Face | null {
  const points = [...cluster].map((ch) => ch.codePointAt(0)!).filter((p) => !isJoiner(p));
  return chain.find((face) => points.every((p) => face.font.hasGlyphForCodePoint(p))) ?? null;
}

export type TextRun = { text: string; face: Face };

/**
 * A line cut into runs of one font each, in logical order. Spaces and punctuation join the run
 * around them when both sides use the same font (an Arabic name of several words stays one run,
 * which the font lays out right to left), else the base font's.
 */
export function runsOf(text: string, bold = false): TextRun[] {
  const chain = chainFor(bold);
  const clusters = [
    ...new Intl.Segmenter("en", { granularity: "grapheme" }).segment(text.normalize("NFC")),
  ].map((s) => s.segment);
  const assigned = clusters.map((cluster) => {
    const face = faceFor(cluster, chain);
    return face
      ? {
          cluster,
          face,
          neutral: NEUTRAL.test(cluster) && !/\p{Extended_Pictographic}/u.test(cluster),
        }
      : {
          cluster: REPLACEMENT,
          face: faceFor(REPLACEMENT, chain) ?? chain[0]!,
          neutral: false,
        };
  });
  // A neutral sits with the strong characters around it when both sides share a font.
  assigned.forEach((item, i) => {
    if (!item.neutral) return;
    const before = assigned.slice(0, i).findLast((x) => !x.neutral);
    const after = assigned.slice(i + 1).find((x) => !x.neutral);
    if (
      before &&
      after &&
      before.face === after.face &&
      before.face.font.hasGlyphForCodePoint(item.cluster.codePointAt(0)!)
    ) {
      item.face = before.face;
    } else {
      item.face = chain[0]!;
    }
  });
  const runs: TextRun[] = [];
  for (const { cluster, face } of assigned) {
    const last = runs.at(-1);
    if (last && last.face === face) last.text += cluster;
    else runs.push({ text: cluster, face });
  }
  return runs;
}

export type Pdf = InstanceType<typeof PDFDocument>;

/** A new A4 tagged PDF in `lang`, with its title shown in the reader's title bar. */
export function newPdf(title: string, lang: string) {
  const doc = new PDFDocument({
    size: "A4",
    margin: 0,
    pdfVersion: "1.7",
    tagged: true,
    lang,
    displayTitle: true,
    info: { Title: title, Producer: "Passage", Creator: "Passage" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on("end", () => {
      const all = Buffer.concat(chunks);
      resolve(
        new Uint8Array(all.buffer, all.byteOffset, all.byteLength) as Uint8Array<ArrayBuffer>,
      );
    });
    doc.on("error", reject);
  });
  const root = doc.struct("Document");
  doc.addStructure(root);
  return {
    doc,
    root,
    /** Closes the structure tree and the document, and gives its bytes. */
    finish() {
      root.end();
      doc.end();
      return done;
    },
  };
}

/** What of pdfkit's document `selectFace` reaches into (its font cache, not in its published API). */
type FontCache = {
  _fontFamilies?: Record<string, unknown>;
  _fontCount: number;
  _font: { constructor: unknown };
};
type EmbeddedFontClass = new (doc: Pdf, font: fontkit.Font, id: string) => unknown;
let EmbeddedFont: EmbeddedFontClass | undefined;

/**
 * Selects `face` for the text that follows. pdfkit would parse the font file again for every
 * document (and Arabic's shaping tables with it: about a second a receipt); instead each document
 * gets its own embedded font (its own subset) over the one parsed font of the process.
 */
function selectFace(doc: Pdf, face: Face) {
  const cache = doc as unknown as FontCache;
  if (EmbeddedFont && cache._fontFamilies && !cache._fontFamilies[face.name]) {
    cache._fontFamilies[face.name] = new EmbeddedFont(doc, face.font, `F${++cache._fontCount}`);
  }
  doc.registerFont(face.name, face.buffer);
  doc.font(face.name);
  EmbeddedFont ??= cache._font.constructor as EmbeddedFontClass;
}

/** Draws one line of text from `x` on the baseline `y`, font by font. */
function drawLine(doc: Pdf, line: PdfLine, x: number, y: number) {
  const size = line.size ?? 11;
  let at = x;
  for (const run of runsOf(line.text, line.bold)) {
    selectFace(doc, run.face);
    doc.fontSize(size);
    // Features (none beyond the font's defaults) make pdfkit shape the run whole, not word by
    // word in logical order, which would put a right-to-left name's words back to front.
    const options: PDFKit.Mixins.TextOptions = {
      lineBreak: false,
      baseline: "alphabetic",
      features: [],
    };
    doc.text(run.text, at, y, options);
    at += doc.widthOfString(run.text, options);
  }
}

/**
 * Draws `lines` top-down from `top` points below the page's top edge, each a paragraph (P) of the
 * structure tree under `parent`; returns where the last line ends (from the top).
 */
export function drawLines(
  pdf: { doc: Pdf; root: ReturnType<Pdf["struct"]> },
  lines: PdfLine[],
  top: number,
  left = 56,
  parent = pdf.root,
) {
  let y = top;
  for (const line of lines) {
    const size = line.size ?? 11;
    y += (line.gapBefore ?? 0) + size * 1.2;
    const baseline = y;
    parent.add(pdf.doc.struct("P", {}, () => drawLine(pdf.doc, line, left, baseline)));
    y += size * 0.3;
  }
  return y;
}
