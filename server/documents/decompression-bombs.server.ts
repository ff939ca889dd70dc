// Decompression bombs: a small file that becomes huge when opened. An image
// declares its size in its header, a zip (DOCX) the unpacked size of each entry in its central
// directory; both are read without decoding or unpacking anything.

/** Above this an image is refused: ~400 MB once decoded to RGBA; a 48 MP phone photo fits. */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** A DOCX that declares more than this unpacked is refused. */
export const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
/** Nor, past MIN_RATIO_CHECKED_BYTES unpacked, more than this many times its own size. */
export const MAX_COMPRESSION_RATIO = 100;
const MIN_RATIO_CHECKED_BYTES = 10 * 1024 * 1024;
/** The end of a zip kept while it streams: its central directory must fit (~3,000 entries). */
export const ZIP_TAIL_BYTES = 256 * 1024;

export type BombVerdict = "tooManyPixels" | "unpacksTooLarge" | null;
export type Dimensions = { width: number; height: number };

/**
 * The width and height a PNG, GIF or WebP declares, from its first bytes; null when they are not
 * there or the format is another. (JPEG: JpegDimensionReader, its size can come later.)
 */
export function headerDimensions(head: Uint8Array): Dimensions | null {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  // PNG: signature, then the IHDR chunk, always first: width and height at 16 and 20.
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.toString("latin1", 12, 16) === "IHDR")
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  // GIF: the logical screen's width and height, little-endian, at 6 and 8.
  if (b.length >= 10 && /^GIF8[79]a$/.test(b.toString("latin1", 0, 6)))
    return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  if (
    b.length >= 30 &&
    b.toString("latin1", 0, 4) === "RIFF" &&
    b.toString("latin1", 8, 12) === "WEBP"
  ) {
    const chunk = b.toString("latin1", 12, 16);
    // Extended: canvas width-1 and height-1 as 24-bit numbers.
    if (chunk === "VP8X")
      return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
    // Lossless: after the 0x2f signature, 14 bits of width-1 then 14 of height-1.
    if (chunk === "VP8L" && b[20] === 0x2f) {
      const bits = b.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    // Lossy: after the frame tag and start code, 14-bit width and height.
    if (chunk === "VP8 ")
      return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  return null;
}

/**
 * Walks a JPEG's segments as its bytes arrive (push) until a start-of-frame gives its size; each
 * segment is skipped by its length, so a long EXIF or ICC block before it costs nothing.
 */
export class JpegDimensionReader {
  dimensions: Dimensions | null = null;
  private done = false;
  private skip = 2; // the SOI marker
  private pending = Buffer.alloc(0);

  push(chunk: Uint8Array) {
    if (this.done) return;
    let buf = Buffer.concat([this.pending, chunk]);
    for (;;) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, buf.length);
        this.skip -= n;
        buf = buf.subarray(n);
        if (this.skip > 0) break;
      }
      if (buf.length < 4) break;
      if (buf[0] !== 0xff) {
        this.done = true; // not a marker where one must be: leave it to others
        break;
      }
      const marker = buf[1]!;
      if (marker === 0xff) {
        buf = buf.subarray(1); // fill byte
        continue;
      }
      // Markers without a length: TEM and the restart markers.
      if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
        buf = buf.subarray(2);
        continue;
      }
      // Start of scan or end of image: the frame header, if any, came before.
      if (marker === 0xda || marker === 0xd9) {
        this.done = true;
        break;
      }
      const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
      if (isFrame) {
        if (buf.length < 9) break;
        this.dimensions = { height: buf.readUInt16BE(5), width: buf.readUInt16BE(7) };
        this.done = true;
        break;
      }
      this.skip = 2 + buf.readUInt16BE(2);
    }
    this.pending = this.done ? Buffer.alloc(0) : Buffer.from(buf);
  }
}

export function tooManyPixels(d: Dimensions | null) {
  return d !== null && d.width * d.height > MAX_IMAGE_PIXELS;
}

/**
 * The sum of the unpacked sizes a zip's central directory declares, from the zip's last bytes
 * (`tail`) and its whole size; "unreadable" when the directory is not within the tail or is
 * malformed (a real DOCX's is a few kilobytes).
 */
export function zipDeclaredSize(tail: Uint8Array, fileSize: number): number | "unreadable" {
  const b = Buffer.from(tail.buffer, tail.byteOffset, tail.byteLength);
  const tailStart = fileSize - b.length;
  // The end record: 22 bytes, then a comment of up to 65,535 bytes.
  let end = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 0xffff); i--) {
    if (b.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return "unreadable";
  let entries = b.readUInt16LE(end + 10);
  let dirSize = b.readUInt32LE(end + 12);
  let dirOffset = b.readUInt32LE(end + 16);
  if (entries === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) {
    // Zip64: its end record, found through the locator just before.
    const locator = end - 20;
    if (locator < 0 || b.readUInt32LE(locator) !== 0x07064b50) return "unreadable";
    const at = Number(b.readBigUInt64LE(locator + 8)) - tailStart;
    if (at < 0 || at + 56 > b.length || b.readUInt32LE(at) !== 0x06064b50) return "unreadable";
    entries = Number(b.readBigUInt64LE(at + 32));
    dirSize = Number(b.readBigUInt64LE(at + 40));
    dirOffset = Number(b.readBigUInt64LE(at + 48));
  }
  let p = dirOffset - tailStart;
  if (p < 0 || p + dirSize > b.length) return "unreadable";
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > b.length || b.readUInt32LE(p) !== 0x02014b50) return "unreadable";
    let size = b.readUInt32LE(p + 24);
    const nameLength = b.readUInt16LE(p + 28);
    const extraLength = b.readUInt16LE(p + 30);
    const commentLength = b.readUInt16LE(p + 32);
    if (size === 0xffffffff) {
      // The real size is in the zip64 extra field (id 1), first of the values it carries.
      size = Number.POSITIVE_INFINITY;
      let e = p + 46 + nameLength;
      const extraEnd = Math.min(e + extraLength, b.length);
      while (e + 4 <= extraEnd) {
        const id = b.readUInt16LE(e);
        const length = b.readUInt16LE(e + 2);
        if (id === 1 && length >= 8 && e + 12 <= extraEnd) {
          size = Number(b.readBigUInt64LE(e + 4));
          break;
        }
        e += 4 + length;
      }
    }
    total += size;
    p += 46 + nameLength + extraLength + commentLength;
  }
  return total;
}

/** Whether a zip declaring `unpacked` bytes in `fileSize` is a bomb. */
export function unpacksTooLarge(unpacked: number | "unreadable", fileSize: number) {
  if (unpacked === "unreadable") return true;
  if (unpacked > MAX_UNPACKED_BYTES) return true;
  return unpacked > MIN_RATIO_CHECKED_BYTES && unpacked > fileSize * MAX_COMPRESSION_RATIO;
}

/**
 * Watches an upload of a known type as it streams: `push` every chunk (the first included),
 * `verdict` once it has ended. `early` is known from the first chunk alone (PNG), so a bomb is
 * refused before a byte of it is stored.
 */
export class BombCheck {
  private jpeg: JpegDimensionReader | null;
  private tail: Buffer[] = [];
  private tailSize = 0;
  private size = 0;
  private first = true;
  early: BombVerdict = null;

  constructor(private readonly contentType: string) {
    this.jpeg = contentType === "image/jpeg" ? new JpegDimensionReader() : null;
  }

  private get isZip() {
    return this.contentType.startsWith("application/vnd.openxmlformats-officedocument.");
  }

  push(chunk: Buffer) {
    if (this.first) {
      this.first = false;
      if (tooManyPixels(headerDimensions(chunk))) this.early = "tooManyPixels";
    }
    this.size += chunk.length;
    this.jpeg?.push(chunk);
    if (this.isZip) {
      this.tail.push(chunk);
      this.tailSize += chunk.length;
      while (this.tail.length > 1 && this.tailSize - this.tail[0]!.length >= ZIP_TAIL_BYTES) {
        this.tailSize -= this.tail.shift()!.length;
      }
    }
  }

  verdict(): BombVerdict {
    if (this.early) return this.early;
    if (this.jpeg && tooManyPixels(this.jpeg.dimensions)) return "tooManyPixels";
    if (this.isZip) {
      const tail = Buffer.concat(this.tail).subarray(-ZIP_TAIL_BYTES);
      if (unpacksTooLarge(zipDeclaredSize(tail, this.size), this.size)) return "unpacksTooLarge";
    }
    return null;
  }
}

/** The verdict on a whole file held in memory (a featured image). */
export function checkWholeFile(bytes: Buffer, contentType: string): BombVerdict {
  const check = new BombCheck(contentType);
  check.push(bytes);
  return check.verdict();
}
