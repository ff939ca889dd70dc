import crypto from "node:crypto";
import fs from "node:fs";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { type CopyStamp, certifiedCopyPdf } from "./certified-copy-pdf.server";
import { pdfImageOf } from "./copy-images.server";

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

const text = (pdf: Uint8Array) => Buffer.from(pdf).toString("latin1");

describe("a certified copy's PDF", () => {
  it("prints the stamp, the reference and where to check it above a JPEG", () => {
    const pdf = text(
      certifiedCopyPdf(STAMP, { bytes: JPEG, contentType: "image/jpeg", fileName: "p.jpg" }),
    );
    expect(pdf.startsWith("%PDF-1.4")).toBe(true);
    expect(pdf).toContain("(Verified by Passage on 29 November 2026 by Ann Lee) Tj");
    expect(pdf).toContain("(Reference: PSG-7KQ4-M9XD-2HJP-R8WC) Tj");
    expect(pdf).toContain(
      "(Anyone can check this reference at https://passage.example/verify?reference=PSG-7KQ4-M9XD-2HJP-R8WC) Tj",
    );
    // The JPEG's own bytes, as a DCT image the page draws.
    expect(pdf).toContain("/Width 8 /Height 4 /ColorSpace /DeviceRGB");
    expect(pdf).toContain("/Filter /DCTDecode");
    expect(pdf).toContain(JPEG.toString("latin1"));
    expect(pdf).toMatch(/\/Im1 Do/);
    expect(pdf.trimEnd().endsWith("%%EOF")).toBe(true);
  });

  it("writes the stamp in the staff member's language", () => {
    const pdf = text(
      certifiedCopyPdf(
        { ...STAMP, lng: "fr", verifiedOn: "29 novembre 2026", documentName: "Passeport" },
        { bytes: JPEG, contentType: "image/jpeg", fileName: "p.jpg" },
      ),
    );
    expect(pdf).toContain(
      `(${Buffer.from("Vérifié par Passage le 29 novembre 2026 par Ann Lee", "latin1").toString("latin1")}) Tj`,
    );
  });

  it("turns a phone's portrait photo upright", () => {
    expect(pdfImageOf(JPEG, "image/jpeg")?.orientation).toBe(1);
    expect(pdfImageOf(withOrientation(JPEG, 6), "image/jpeg")).toMatchObject({
      orientation: 6,
      width: 8,
      height: 4,
    });
    const pdf = text(
      certifiedCopyPdf(STAMP, {
        bytes: withOrientation(JPEG, 6),
        contentType: "image/jpeg",
        fileName: "p.jpg",
      }),
    );
    // A quarter turn: the matrix swaps the axes.
    expect(pdf).toMatch(/q 0\.00 -[\d.]+ [\d.]+ 0\.00 [\d.]+ [\d.]+ cm \/Im1 Do Q/);
  });

  it("draws a PNG from its own rows, and one with alpha over a soft mask", () => {
    const opaque = pdfImageOf(RGB_PNG, "image/png")!;
    expect(opaque.dict).toContain("/Predictor 15 /Colors 3 /BitsPerComponent 8 /Columns 1200");
    expect(opaque.mask).toBeUndefined();
    const withAlpha = pdfImageOf(RGBA_PNG, "image/png")!;
    expect(zlib.inflateSync(withAlpha.stream)).toHaveLength(192 * 192 * 3);
    expect(zlib.inflateSync(withAlpha.mask!.stream)).toHaveLength(192 * 192);
    const pdf = text(
      certifiedCopyPdf(STAMP, { bytes: RGBA_PNG, contentType: "image/png", fileName: "i.png" }),
    );
    expect(pdf).toMatch(/\/SMask \d+ 0 R/);
    expect(pdf).toContain("(Reference: PSG-7KQ4-M9XD-2HJP-R8WC) Tj");
  });

  it("attaches a PDF upload unchanged under the stamp, with its SHA-256", () => {
    const original = Buffer.from("%PDF-1.7\n% an applicant's scan\n%%EOF\n");
    const pdf = text(
      certifiedCopyPdf(STAMP, {
        bytes: original,
        contentType: "application/pdf",
        fileName: "passport.pdf",
      }),
    );
    expect(pdf).toContain("(Verified by Passage on 29 November 2026 by Ann Lee) Tj");
    expect(pdf).toContain("/Type /EmbeddedFile /Subtype /application#2Fpdf");
    expect(pdf).toContain(original.toString("latin1"));
    expect(pdf).toContain("/Subtype /FileAttachment");
    expect(pdf).toContain("/EmbeddedFiles << /Names [(passport.pdf)");
    const sha256 = crypto.createHash("sha256").update(original).digest("hex");
    expect(pdf).toContain(`(${sha256.slice(0, 32)}) Tj`);
    expect(pdf).toContain(`(${sha256.slice(32)}) Tj`);
  });
});
