import crypto from "node:crypto";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { type CopyStamp, certifiedCopyPdf } from "./certified-copy-pdf.server";
import { pdfBytes, pdfStreams, pdfText } from "~/server/pdf/pdf-text.test-helper";

// An 8 × 4 baseline JPEG (jpeg-js), a PNG with alpha (the app's icon) and one without (og-image).
const JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9PjsBCgsLDg0OHBAQHDsoIig7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7O//AABEIAAQACAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AOfryT9AP//Z",
  "base64",
);
const RGBA_PNG = fs.readFileSync("public/icons/icon-192.png");
const RGB_PNG = fs.readFileSync("public/og-image.png");

/** The JPEG with an EXIF block saying how to turn it (a phone's portrait photo: 6). */
function withOrientation(jpeg: Buffer, orientation: number) {
  const tiff = Buffer.alloc(26);
  tiff.write("MM", 0, "latin1");
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  const body = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, body, jpeg.subarray(2)]);
}

const STAMP: CopyStamp = {
  agencyName: "Passage",
  verifiedOn: "29 November 2026",
  verifierName: "Ann Lee",
  documentName: "Passport",
  reference: "PSG-7KQ4-M9XD-2HJP-R8WC",
  checkUrl: "https://passage.example/verify?reference=PSG-7KQ4-M9XD-2HJP-R8WC",
  lng: "en",
};

const contains = (streams: Buffer[], part: Buffer) => streams.some((s) => s.includes(part));

describe("a certified copy's PDF", { timeout: 30_000 }, () => {
  it("prints the stamp, the reference and where to check it above a JPEG", async () => {
    const pdf = await certifiedCopyPdf(STAMP, {
      bytes: JPEG,
      contentType: "image/jpeg",
      fileName: "p.jpg",
    });
    const text = await pdfText(pdf);
    expect(text).toContain("Verified by Passage on 29 November 2026 by Ann Lee");
    expect(text).toContain("Reference: PSG-7KQ4-M9XD-2HJP-R8WC");
    expect(text).toContain(
      "Anyone can check this reference at https://passage.example/verify?reference=PSG-7KQ4-M9XD-2HJP-R8WC",
    );
    // The JPEG's own bytes, as a DCT image the page draws, described for a screen reader.
    const bytes = pdfBytes(pdf);
    expect(bytes).toMatch(/\/Width 8\s+\/Height 4/);
    expect(bytes).toContain("/Filter /DCTDecode");
    expect(bytes).toContain(JPEG.toString("latin1"));
    expect(bytes).toMatch(/\/S \/Figure/);
    expect(bytes).toContain("/Alt (Passport)");
    expect(bytes).toMatch(/\/StructTreeRoot \d+ 0 R/);
    expect(bytes.trimEnd().endsWith("%%EOF")).toBe(true);
  });

  it("writes the stamp in the staff member's language, with any name", async () => {
    const pdf = await certifiedCopyPdf(
      {
        ...STAMP,
        lng: "fr",
        verifiedOn: "29 novembre 2026",
        documentName: "Passeport",
        verifierName: "محمد عبد الله",
      },
      { bytes: JPEG, contentType: "image/jpeg", fileName: "p.jpg" },
    );
    expect(await pdfText(pdf)).toContain(
      "Vérifié par Passage le 29 novembre 2026 par محمد عبد الله",
    );
    expect(pdfBytes(pdf)).toMatch(/\/Lang \(fr\)/);
  });

  it("turns a phone's portrait photo upright", async () => {
    const pdf = await certifiedCopyPdf(STAMP, {
      bytes: withOrientation(JPEG, 6),
      contentType: "image/jpeg",
      fileName: "p.jpg",
    });
    // A quarter turn: the image is drawn through a matrix that swaps the axes.
    const page = pdfStreams(pdf)
      .map((s) => s.toString("latin1"))
      .find((s) => s.includes(" Do"))!;
    expect(page).toMatch(/0 1 -1 0 [\d.-]+ [\d.-]+ cm/);
  });

  it("draws a PNG with alpha over a soft mask", async () => {
    const pdf = await certifiedCopyPdf(STAMP, {
      bytes: RGBA_PNG,
      contentType: "image/png",
      fileName: "i.png",
    });
    expect(pdfBytes(pdf)).toMatch(/\/SMask \d+ 0 R/);
    expect(await pdfText(pdf)).toContain("Reference: PSG-7KQ4-M9XD-2HJP-R8WC");
    const opaque = await certifiedCopyPdf(STAMP, {
      bytes: RGB_PNG,
      contentType: "image/png",
      fileName: "o.png",
    });
    expect(pdfBytes(opaque)).not.toMatch(/\/SMask/);
    expect(pdfBytes(opaque)).toMatch(/\/Width 1200/);
  });

  it("attaches a PDF upload unchanged under the stamp, with its SHA-256", async () => {
    const original = Buffer.from("%PDF-1.7\n% an applicant's scan\n%%EOF\n");
    const pdf = await certifiedCopyPdf(STAMP, {
      bytes: original,
      contentType: "application/pdf",
      fileName: "passport.pdf",
    });
    const text = await pdfText(pdf);
    expect(text).toContain("Verified by Passage on 29 November 2026 by Ann Lee");
    const bytes = pdfBytes(pdf);
    expect(bytes).toContain("/Type /EmbeddedFile");
    expect(bytes).toContain("/Subtype /application#2Fpdf");
    expect(contains(pdfStreams(pdf), original)).toBe(true);
    expect(bytes).toContain("/Subtype /FileAttachment");
    expect(bytes).toMatch(/\/EmbeddedFiles/);
    expect(bytes.match(/\/Type \/EmbeddedFile\b/g)).toHaveLength(1);
    const sha256 = crypto.createHash("sha256").update(original).digest("hex");
    expect(text).toContain(sha256.slice(0, 32));
    expect(text).toContain(sha256.slice(32));
  });

  it("attaches a picture it cannot read rather than failing", async () => {
    const broken = Buffer.from("\xff\xd8 not really a JPEG", "latin1");
    const pdf = await certifiedCopyPdf(STAMP, {
      bytes: broken,
      contentType: "image/jpeg",
      fileName: "broken.jpg",
    });
    expect(contains(pdfStreams(pdf), broken)).toBe(true);
  });
});
