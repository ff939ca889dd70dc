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
