import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { docx, jpegDeclaring, pngDeclaring } from "~/tests/hostile/files";
import {
  BombCheck,
  checkWholeFile,
  headerDimensions,
  JpegDimensionReader,
  zipDeclaredSize,
} from "./decompression-bombs.server";

/** What [Content_Types].xml adds to every docx() (it is not overridden). */
const TYPES_SIZE = (() => {
  const empty = docx({ "word/document.xml": "" });
  return zipDeclaredSize(empty, empty.length) as number;
})();
const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** Feeds `bytes` to a check in chunks of `size`, as an upload arrives. */
function streamed(bytes: Buffer, type: string, size: number) {
  const check = new BombCheck(type);
  for (let i = 0; i < bytes.length; i += size) check.push(bytes.subarray(i, i + size));
  return check.verdict();
}

describe("image sizes, read from the header without decoding", () => {
  it("reads a PNG's, a GIF's and a WebP's declared width and height", () => {
    expect(headerDimensions(pngDeclaring(30_000, 30_000))).toEqual({
      width: 30_000,
      height: 30_000,
    });
    const gif = Buffer.from("GIF89a\xff\xff\x10\x00\x00\x00\x00;", "latin1");
    expect(headerDimensions(gif)).toEqual({ width: 65_535, height: 16 });
    const webp = Buffer.alloc(30);
    webp.write("RIFF", 0, "latin1");
    webp.write("WEBPVP8X", 8, "latin1");
    webp.writeUIntLE(19_999, 24, 3);
    webp.writeUIntLE(9_999, 27, 3);
    expect(headerDimensions(webp)).toEqual({ width: 20_000, height: 10_000 });
    expect(headerDimensions(Buffer.from("%PDF-1.4"))).toBeNull();
  });

  it("finds a JPEG's size past a long EXIF block, however the bytes are cut", () => {
    const jpeg = jpegDeclaring(4000, 3000, 150_000);
    for (const chunk of [1, 7, 4096, jpeg.length]) {
      const reader = new JpegDimensionReader();
      for (let i = 0; i < jpeg.length; i += chunk) reader.push(jpeg.subarray(i, i + chunk));
      expect(reader.dimensions, `chunks of ${chunk}`).toEqual({ width: 4000, height: 3000 });
    }
  });

  it("refuses an image over 100 megapixels and accepts a large photo", () => {
    expect(checkWholeFile(pngDeclaring(30_000, 30_000), "image/png")).toBe("tooManyPixels");
    expect(checkWholeFile(pngDeclaring(8000, 6000), "image/png")).toBeNull();
    expect(streamed(jpegDeclaring(30_000, 30_000, 100_000), "image/jpeg", 16_384)).toBe(
      "tooManyPixels",
    );
    expect(streamed(jpegDeclaring(8000, 6000, 100_000), "image/jpeg", 16_384)).toBeNull();
  });

  it("knows a PNG bomb from its first bytes, before the rest arrives", () => {
    const check = new BombCheck("image/png");
    check.push(pngDeclaring(30_000, 30_000).subarray(0, 64));
    expect(check.early).toBe("tooManyPixels");
  });
});

describe("a DOCX's declared unpacked size, read from its central directory", () => {
  it("sums what the entries declare", () => {
    const file = docx({ "word/document.xml": "<w:document/>" }, { "word/document.xml": 5000 });
    const total = zipDeclaredSize(file, file.length);
    expect(total).toBe(5000 + TYPES_SIZE);
  });

  it("refuses a real zip bomb: 12 MB of zeros in a few kilobytes", () => {
    const bomb = docx({ "word/document.xml": Buffer.alloc(12 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(streamed(bomb, DOCX_TYPE, 1000)).toBe("unpacksTooLarge");
  });

  it("refuses entries declaring more than 100 MB, zip64 sizes included", () => {
    expect(
      streamed(docx(undefined, { "word/document.xml": 200 * 1024 * 1024 }), DOCX_TYPE, 300),
    ).toBe("unpacksTooLarge");
    const zip64 = docx(undefined, { "word/document.xml": 5 * 1024 ** 3 });
    expect(zipDeclaredSize(zip64, zip64.length)).toBe(5 * 1024 ** 3 + TYPES_SIZE);
    expect(streamed(zip64, DOCX_TYPE, 300)).toBe("unpacksTooLarge");
  });

  it("accepts an ordinary document, and refuses one whose directory cannot be read", () => {
    const text = Buffer.from(
      "<w:p>Curriculum vitae: welder, ten years' experience.</w:p>".repeat(500),
    );
    const ordinary = docx({ "word/document.xml": text });
    expect(streamed(ordinary, DOCX_TYPE, 700)).toBeNull();
    expect(streamed(ordinary.subarray(0, ordinary.length - 30), DOCX_TYPE, 700)).toBe(
      "unpacksTooLarge",
    );
  });

  it("reads a directory that lies past a large first part", () => {
    const big = crypto.randomBytes(300_000);
    const file = docx({ "word/media/image1.bin": big });
    expect(file.length).toBeGreaterThan(300_000);
    expect(streamed(file, DOCX_TYPE, 65_536)).toBeNull();
  });
});
