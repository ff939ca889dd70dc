import zlib from "node:zlib";

/** Small files for upload tests: real magic bytes, and a few attack shapes. */
export const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

/** A PDF of exactly `size` bytes (the header, then padding inside a comment line). */
export function pdfOfSize(size: number) {
  const b = Buffer.alloc(size, 0x20);
  PDF.copy(b, 0);
  return b;
}

// A Windows executable: "MZ" header and a PE signature at the offset it names.
export const EXE = (() => {
  const b = Buffer.alloc(512);
  b.write("MZ", 0);
  b.writeUInt32LE(0x80, 0x3c);
  b.write("PE\0\0", 0x80, "latin1");
  return b;
})();

/** HTML with script, named like a picture. */
export const HTML_AS_JPG = Buffer.from("<html><script>alert(document.cookie)</script></html>");

/** A GIF/JavaScript polyglot: valid GIF89a magic bytes that is also a script. */
export const GIF_JS_POLYGLOT = Buffer.from("GIF89a/*\x00\x00*/=1;alert(document.domain)//");

/** An SVG: an image to some, a page with script to a browser; never accepted. */
export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);

/** Multipart body built by hand, so a test can send any file name or break the framing. */
export function multipart(
  parts: { name: string; value?: string; file?: { name: string; bytes: Buffer; type?: string } }[],
  boundary = "----hostile" + Math.random().toString(16).slice(2),
) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (part.file) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.file.name}"\r\n` +
            `Content-Type: ${part.file.type ?? "application/octet-stream"}\r\n\r\n`,
        ),
      );
      chunks.push(part.file.bytes, Buffer.from("\r\n"));
    } else {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A PNG header declaring `width` × `height` (a 30000 × 30000 one is a decompression bomb). */
export function pngDeclaring(width: number, height: number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A JPEG whose frame header declares `width` × `height`, after an APP1 block of `paddingBytes`
 * (the size can come far past a file's first bytes).
 */
export function jpegDeclaring(width: number, height: number, paddingBytes = 0) {
  const segments: Buffer[] = [Buffer.from([0xff, 0xd8])];
  for (let left = paddingBytes; left > 0; left -= 60_000) {
    const n = Math.min(left, 60_000);
    const app1 = Buffer.alloc(4 + n, 0x41);
    app1.set([0xff, 0xe1], 0);
    app1.writeUInt16BE(n + 2, 2);
    segments.push(app1);
  }
  const sof = Buffer.from([
    0xff, 0xc0, 0, 17, 8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
  ]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  segments.push(
    sof,
    Buffer.from([0xff, 0xda, 0, 2]),
    Buffer.alloc(32, 0x11),
    Buffer.from([0xff, 0xd9]),
  );
  return Buffer.concat(segments);
}

/**
 * A DOCX (a zip with [Content_Types].xml first): `parts` are deflated for real, so a part of
 * many zeros makes a true zip bomb; `declare` overrides a part's declared unpacked size.
 */
export function docx(
  parts: Record<string, Buffer | string> = { "word/document.xml": "<w:document/>" },
  declare: Record<string, number> = {},
) {
  const entries: Record<string, Buffer | string> = {
    "[Content_Types].xml":
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ...parts,
  };
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.from(content);
    const packed = zlib.deflateRawSync(data);
    const nameBuf = Buffer.from(name);
    const size = declare[name] ?? data.length;
    const zip64 = size > 0xfffffffe;
    const extra = Buffer.alloc(zip64 ? 12 : 0);
    if (zip64) {
      extra.writeUInt16LE(1, 0);
      extra.writeUInt16LE(8, 2);
      extra.writeBigUInt64LE(BigInt(size), 4);
    }
    // The local header and the central entry carry the same fields, the central two bytes later.
    const header = (length: number, signature: number, at: number) => {
      const b = Buffer.alloc(length);
      b.writeUInt32LE(signature, 0);
      b.writeUInt16LE(zip64 ? 45 : 20, at + 4);
      b.writeUInt16LE(8, at + 8); // deflate
      b.writeUInt32LE(zlib.crc32(data), at + 14);
      b.writeUInt32LE(packed.length, at + 18);
      b.writeUInt32LE(zip64 ? 0xffffffff : size, at + 22);
      b.writeUInt16LE(nameBuf.length, at + 26);
      b.writeUInt16LE(extra.length, at + 28);
      return b;
    };
    const central = header(46, 0x02014b50, 2);
    central.writeUInt16LE(zip64 ? 45 : 20, 4);
    central.writeUInt32LE(offset, 42);
    const local = header(30, 0x04034b50, 0);
    locals.push(local, nameBuf, extra, packed);
    centrals.push(central, nameBuf, extra);
    offset += 30 + nameBuf.length + extra.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
