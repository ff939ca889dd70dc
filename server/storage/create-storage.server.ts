import path from "node:path";
import type { Config } from "~/server/config.server";
import { LocalStorageDriver } from "./local.server";
import { createS3StorageFromConfig } from "./s3.server";
import type { StorageDriver } from "./storage.server";

/**
 * The storage driver named by STORAGE_DRIVER. Callers only ever see the StorageDriver interface
 * (server/storage/storage.server.ts), so adding a driver touches this switch and nothing else.
 */
export async function createStorage(config: Config): Promise<StorageDriver> {
  switch (config.storageDriver) {
    case "local":
      return new LocalStorageDriver(path.join(config.dataDir, "uploads"));
    case "s3":
      return createS3StorageFromConfig(config.s3);
  }
}
