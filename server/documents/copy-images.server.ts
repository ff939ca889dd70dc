import zlib from "node:zlib";

// The uploaded picture of a document as a PDF image, without decoding what PDF can take as it is
// (decision record 50): a JPEG's bytes are a DCTDecode stream; an opaque PNG's compressed rows are a
// FlateDecode stream with PNG predictors. Only a PNG with an alpha channel (or 16 bits) is inflated
// and split into colour and a soft mask. null: a picture this cannot draw (an interlaced PNG, a
// damaged file), which the copy then carries as an attachment instead.

export type PdfImage = {
  width: number;
  height: number;
  /** The image XObject's dictionary entries (without /Length) and stream. */
  dict: string;
  stream: Uint8Array;
  /** A soft mask (alpha) image of the same size, if any. */
  mask?: { dict: string; stream: Uint8Array };
  /** EXIF orientation of a JPEG: 1 as stored, 3 upside down, 6 and 8 turned a quarter. */
  orientation: 1 | 3 | 6 | 8;
};

/** Pixels past which a PNG with alpha is not inflated in memory (it is attached instead). */
const MAX_DECODED_PIXELS = 25_000_000;

export function pdfImageOf(bytes: Buffer, contentType: string): PdfImage | null {
  try {
    if (contentType === "image/jpeg") return jpegImage(bytes);
    if (contentType === "image/png") return pngImage(bytes);
  } catch {
    return null;
  }
  return null;
}

function exifOrientation(tiff: Buffer): 1 | 3 | 6 | 8 {
  const little = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value === 3 || value === 6 || value === 8 ? value : 1;
    }
  }
  return 1;
}

function jpegImage(b: Buffer): PdfImage | null {
  if (b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  let orientation: PdfImage["orientation"] = 1;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2;
      continue;
    }
    const length = b.readUInt16BE(i + 2);
    if (marker === 0xe1 && b.toString("latin1", i + 4, i + 10) === "Exif\0\0") {
      orientation = exifOrientation(b.subarray(i + 10, i + 2 + length));
    }
    // A start of frame (not DHT, JPG or DAC) gives the size and the number of components.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      const height = b.readUInt16BE(i + 5);
      const width = b.readUInt16BE(i + 7);
      const components = b[i + 9]!;
      const space =
        components === 1 ? "/DeviceGray" : components === 3 ? "/DeviceRGB" : "/DeviceCMYK";
      // Adobe's CMYK JPEGs are stored inverted.
      const decode = components === 4 ? " /Decode [1 0 1 0 1 0 1 0]" : "";
      if (!width || !height || ![1, 3, 4].includes(components)) return null;
      return {
        width,
        height,
        orientation,
        dict: `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace ${space} /BitsPerComponent 8${decode} /Filter /DCTDecode >>`,
        stream: b,
      };
    }
    if (marker === 0xda) return null;
    i += 2 + length;
  }
  return null;
}

/** The rows of a PNG, their filters undone (PNG specification, section 9). */
function unfilter(data: Buffer, height: number, stride: number, bpp: number) {
  const out = Buffer.alloc(stride * height);
  let previous = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const filter = data[y * (stride + 1)]!;
    const row = data.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const current = out.subarray(y * stride, (y + 1) * stride);
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? current[x - bpp]! : 0;
      const b = previous[x]!;
      const c = x >= bpp ? previous[x - bpp]! : 0;
      let v = row[x]!;
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      current[x] = v & 0xff;
    }
    previous = current;
  }
  return out;
}

function pngImage(b: Buffer): PdfImage | null {
  if (b.toString("latin1", 1, 4) !== "PNG") return null;
  let i = 8;
  let header: Buffer | null = null;
  let palette: Buffer | null = null;
  const data: Buffer[] = [];
  while (i + 8 <= b.length) {
    const length = b.readUInt32BE(i);
    const type = b.toString("latin1", i + 4, i + 8);
    const body = b.subarray(i + 8, i + 8 + length);
    if (type === "IHDR") header = body;
    else if (type === "PLTE") palette = body;
    else if (type === "IDAT") data.push(body);
    else if (type === "IEND") break;
    i += 12 + length;
  }
  if (!header || data.length === 0) return null;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const depth = header[8]!;
  const colorType = header[9]!;
  const interlaced = header[12] !== 0;
  if (interlaced || !width || !height) return null;
  const compressed = Buffer.concat(data);
  const image = (extra: string) =>
    `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} ${extra} >>`;

  // Opaque 8-bit (or fewer) pictures: PDF reads the PNG's own compressed rows.
  const colours = { 0: 1, 2: 3, 3: 1 }[colorType as 0 | 2 | 3];
  if (colours && depth <= 8) {
    const space =
      colorType === 0
        ? "/DeviceGray"
        : colorType === 2
          ? "/DeviceRGB"
          : palette
            ? `[/Indexed /DeviceRGB ${palette.length / 3 - 1} <${palette.toString("hex")}>]`
            : null;
    if (!space) return null;
    return {
      width,
      height,
      orientation: 1,
      dict: image(
        `/ColorSpace ${space} /BitsPerComponent ${depth} /Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors ${colours} /BitsPerComponent ${depth} /Columns ${width} >>`,
      ),
      stream: compressed,
    };
  }

  // Alpha or 16 bits: inflate, undo the filters, keep 8 bits, split colour from alpha.
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[colorType as 0 | 2 | 4 | 6];
  if (!channels || (depth !== 8 && depth !== 16) || width * height > MAX_DECODED_PIXELS)
    return null;
  const bytesPerSample = depth / 8;
  const stride = width * channels * bytesPerSample;
  const rows = unfilter(zlib.inflateSync(compressed), height, stride, channels * bytesPerSample);
  const hasAlpha = colorType === 4 || colorType === 6;
  const colourChannels = hasAlpha ? channels - 1 : channels;
  const colour = Buffer.alloc(width * height * colourChannels);
  const alpha = hasAlpha ? Buffer.alloc(width * height) : null;
  for (let p = 0, c = 0; p < width * height; p++) {
    const at = p * channels * bytesPerSample;
    for (let k = 0; k < colourChannels; k++) colour[c++] = rows[at + k * bytesPerSample]!;
    if (alpha) alpha[p] = rows[at + colourChannels * bytesPerSample]!;
  }
  const space = colourChannels === 1 ? "/DeviceGray" : "/DeviceRGB";
  return {
    width,
    height,
    orientation: 1,
    dict: image(`/ColorSpace ${space} /BitsPerComponent 8 /Filter /FlateDecode`),
    stream: zlib.deflateSync(colour),
    mask: alpha
      ? {
          dict: image("/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode"),
          stream: zlib.deflateSync(alpha),
        }
      : undefined,
  };
}
