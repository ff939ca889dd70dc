import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { action } from "~/app/routes/dashboard/documents";
import { documents } from "~/server/db/schema";
import { ImageRejectedError, saveFeaturedImage } from "~/server/content/media.server";
import { registerDocumentEndpoints } from "~/server/documents/http.server";
import { LocalStorageDriver } from "~/server/storage/local.server";
import { setStorage } from "~/server/storage/storage.server";
import { docx, jpegDeclaring, PDF, pdfOfSize, pngDeclaring } from "~/tests/hostile/files";
import { setupEndpointTests } from "./endpoint-harness";
import { FullDiskDriver } from "./full-disk-driver";
import { createTestUser, requestAs, runRoute, type TestUser } from "./harness";

// Issue 38: an upload on a full disk (finding 6) and decompression bombs (finding 8), through
// the page's form (no JavaScript) and the JSON endpoint its script uses.

const { ctx, app } = setupEndpointTests([registerDocumentEndpoints]);

let uploads: string;
beforeEach(() => {
  uploads = path.join(ctx.dataDir, `uploads-${Math.random().toString(16).slice(2)}`);
  setStorage(new LocalStorageDriver(uploads));
});

/** Every file left in the upload folder, `.partial` ones included. */
function filesLeft() {
  if (!fs.existsSync(uploads)) return [];
  return fs.readdirSync(uploads, { recursive: true }).filter((p) => {
    return fs.statSync(path.join(uploads, String(p))).isFile();
  });
}

/** A document type that accepts every format (PDF, DOC, DOCX, JPEG, PNG), so each check is reached. */
const UPLOAD_TYPE = "education";

async function rowsOf(user: TestUser) {
  return ctx.db.select().from(documents).where(eq(documents.userId, user.id));
}

function formUpload(user: TestUser, bytes: Buffer, name: string) {
  return requestAs(user, "/dashboard/documents", {
    form: { documentType: UPLOAD_TYPE, file: new File([new Uint8Array(bytes)], name) },
  });
}

async function jsonUpload(user: TestUser, bytes: Buffer, name: string) {
  const response = await app.fetch(
    await requestAs(user, "/api/documents", {
      form: { documentType: UPLOAD_TYPE, file: new File([new Uint8Array(bytes)], name) },
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("an upload when the disk is full", () => {
  it("answers 507 with a clear message, and keeps neither a row nor part of the file", async () => {
    setStorage(new FullDiskDriver(uploads, 100 * 1024));
    const user = await createTestUser();
    const file = pdfOfSize(400 * 1024);

    const page = await runRoute(action, await formUpload(user, file, "passport.pdf"));
    expect(page.status).toBe(507);
    expect(page.data).toMatchObject({
      intent: UPLOAD_TYPE,
      flash: { ok: false, message: "errors.storageFull" },
    });

    const script = await jsonUpload(user, file, "passport.pdf");
    expect(script).toEqual({
      status: 507,
      body: { ok: false, error: "storageFull", documentType: UPLOAD_TYPE },
    });

    expect(await rowsOf(user)).toHaveLength(0);
    expect(filesLeft()).toEqual([]);
  });

  it("refuses a featured image the same way, with nothing stored", async () => {
    setStorage(new FullDiskDriver(uploads, 16));
    const image = new File([new Uint8Array(pngDeclaring(800, 600))], "cover.png");
    const refusal = await saveFeaturedImage(image).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ImageRejectedError);
    expect((refusal as ImageRejectedError).reason).toBe("storageFull");
    expect(filesLeft()).toEqual([]);
  });
});

describe("decompression bombs", () => {
  it("refuses an image over 100 megapixels and a zip-bomb DOCX, with a message, storing nothing", async () => {
    const user = await createTestUser();
    const cases: [Buffer, string, string][] = [
      [pngDeclaring(30_000, 30_000), "scan.png", "tooManyPixels"],
      // Its size is past the first 64 KB: found while the file streams, then the file goes.
      [jpegDeclaring(30_000, 30_000, 100_000), "scan.jpg", "tooManyPixels"],
      [docx({ "word/document.xml": Buffer.alloc(12 * 1024 * 1024) }), "cv.docx", "unpacksTooLarge"],
      [docx(undefined, { "word/document.xml": 5 * 1024 ** 3 }), "cv.docx", "unpacksTooLarge"],
    ];
    for (const [bytes, name, error] of cases) {
      const page = await runRoute(action, await formUpload(user, bytes, name));
      expect(page.status, name).toBe(400);
      expect(page.data, name).toMatchObject({ flash: { message: `errors.${error}` } });
      expect(await jsonUpload(user, bytes, name), name).toMatchObject({
        status: 200,
        body: { ok: false, error },
      });
    }
    expect(await rowsOf(user)).toHaveLength(0);
    expect(filesLeft()).toEqual([]);
  });

  it("still takes a large photo, an ordinary DOCX and a PDF", async () => {
    const user = await createTestUser();
    const text = Buffer.from("<w:p>Welder, ten years of pipe work.</w:p>".repeat(2000));
    for (const [bytes, name] of [
      [pngDeclaring(8000, 6000), "passport.png"],
      [jpegDeclaring(8000, 6000, 100_000), "passport.jpg"],
      [docx({ "word/document.xml": text }), "passport.docx"],
      [PDF, "passport.pdf"],
    ] as const) {
      const page = await runRoute(action, await formUpload(user, bytes, name));
      expect(page.status, name).toBe(302);
    }
  });

  it("refuses a featured image over 100 megapixels", async () => {
    const image = new File([new Uint8Array(pngDeclaring(40_000, 40_000))], "cover.png");
    const refusal = await saveFeaturedImage(image).catch((e: unknown) => e);
    expect((refusal as ImageRejectedError).reason).toBe("tooManyPixels");
    expect(filesLeft()).toEqual([]);
  });
});
