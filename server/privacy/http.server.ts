import { Readable } from "node:stream";
import type { Hono } from "hono";
import { guarded, requireUserForApi } from "~/server/auth/guards.server";
import { logger } from "~/server/logger.server";
import { StorageNotFoundError, storage } from "~/server/storage/storage.server";
import { getDataExportForDownload } from "./data-export.server";

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "cache-control": "private, no-store" } });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Hono env generics vary by caller
export function registerPrivacyEndpoints(app: Hono<any>) {
  // A person's own "download my data" archive, while it has not expired. Nobody else's: staff
  // included, anyone else gets the same 404 as an archive that does not exist.
  app.get("/files/exports/:id", (c) =>
    guarded(async () => {
      const viewer = await requireUserForApi(c.req.raw);
      const row = await getDataExportForDownload({ owner: viewer, id: c.req.param("id") });
      if (!row) return notFound();
      let object: Awaited<ReturnType<ReturnType<typeof storage>["get"]>>;
      try {
        object = await storage().get(row.storageKey!);
      } catch (error) {
        if (error instanceof StorageNotFoundError) {
          logger().error({ exportId: row.id }, "data export row without a stored archive");
          return notFound();
        }
        throw error;
      }
      const day = (row.readyAt ?? row.requestedAt).toISOString().slice(0, 10);
      return new Response(Readable.toWeb(object.body) as ReadableStream, {
        status: 200,
        headers: {
          "content-type": "application/zip",
          "content-length": String(object.size),
          "content-disposition": `attachment; filename="passage-data-${day}.zip"`,
          "x-content-type-options": "nosniff",
          "cache-control": "private, no-store",
        },
      });
    }),
  );
}
