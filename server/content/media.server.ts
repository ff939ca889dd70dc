import crypto from "node:crypto";
import { Readable } from "node:stream";
import { fileTypeFromBuffer } from "file-type";
import type { Hono } from "hono";
import { logger } from "~/server/logger.server";
import { checkWholeFile } from "~/server/documents/decompression-bombs.server";
import { isStorageFullError, StorageNotFoundError, storage } from "~/server/storage/storage.server";

// Featured images of news posts. They are public by nature (shown on public pages), so unlike
// applicants' documents they are served without a session check, only under media/posts/.
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
};
const NAME = /^[0-9a-f-]{36}\.(jpg|png|webp|gif)$/;

export class ImageRejectedError extends Error {
  constructor(readonly reason: "tooLarge" | "notImage" | "tooManyPixels" | "storageFull") {
    super(`image rejected: ${reason}`);
    this.name = "ImageRejectedError";
  }
}

/** Stores an uploaded image after checking its real type by content; returns its public path. */
export async function saveFeaturedImage(file: File): Promise<string> {
  if (file.size > MAX_IMAGE_BYTES) throw new ImageRejectedError("tooLarge");
  const bytes = Buffer.from(await file.arrayBuffer());
  const type = await fileTypeFromBuffer(bytes);
  const ext = type ? IMAGE_TYPES[type.mime] : undefined;
  if (!type || !ext) throw new ImageRejectedError("notImage");
  // Its declared width × height, read from the header (never decoded): no decompression bomb.
  if (checkWholeFile(bytes, type.mime) === "tooManyPixels") {
    throw new ImageRejectedError("tooManyPixels");
  }
  const name = `${crypto.randomUUID()}.${ext}`;
  try {
    await storage().put(`media/posts/${name}`, Readable.from(bytes), { contentType: type.mime });
  } catch (error) {
    if (!isStorageFullError(error)) throw error;
    logger().error({ err: error }, "featured image refused: storage is full");
    throw new ImageRejectedError("storageFull");
  }
  return `/media/posts/${name}`;
}

/** Removes an image stored by saveFeaturedImage (e.g. when saving its post failed). */
export async function deleteFeaturedImage(publicPath: string) {
  const name = publicPath.replace(/^\/media\/posts\//, "");
  if (!NAME.test(name)) return;
  await storage()
    .delete(`media/posts/${name}`)
    .catch((err: unknown) => logger().warn({ err }, "could not remove an orphaned image"));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Hono env generics vary by caller
export function registerMediaEndpoints(app: Hono<any>) {
  app.get("/media/posts/:name", async (c) => {
    const name = c.req.param("name");
    if (!NAME.test(name)) return c.text("Not found", 404);
    try {
      const object = await storage().get(`media/posts/${name}`);
      // The local driver keeps no content type; the extension was set from the sniffed type.
      const ext = name.split(".").pop()!;
      const contentType = Object.keys(IMAGE_TYPES).find((m) => IMAGE_TYPES[m] === ext)!;
      return new Response(Readable.toWeb(object.body) as ReadableStream, {
        headers: {
          "content-type": contentType,
          "content-length": String(object.size),
          // Names are random and never reused, so the bytes behind a URL never change.
          "cache-control": "public, max-age=31536000, immutable",
          "x-content-type-options": "nosniff",
        },
      });
    } catch (error) {
      if (error instanceof StorageNotFoundError) return c.text("Not found", 404);
      throw error;
    }
  });
}
