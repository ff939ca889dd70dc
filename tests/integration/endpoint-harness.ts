import path from "node:path";
import { Hono } from "hono";
import { beforeAll } from "vitest";
import { LocalStorageDriver } from "~/server/storage/local.server";
import { setStorage } from "~/server/storage/storage.server";
import { setupTestDatabase } from "./harness";

/**
 * A test file's database (setupTestDatabase) and an app with the plain endpoints under test
 * (webhooks, file downloads) registered on it; `uploads` stores files under the file's own data
 * directory. Call once at the top of a file.
 */
export function setupEndpointTests(
  registers: ((app: Hono) => void)[],
  { uploads = false }: { uploads?: boolean } = {},
) {
  const ctx = setupTestDatabase();
  const app = new Hono();
  for (const register of registers) register(app);
  if (uploads) {
    beforeAll(() => setStorage(new LocalStorageDriver(path.join(ctx.dataDir, "uploads"))));
  }
  return { ctx, app };
}
