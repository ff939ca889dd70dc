import type { Readable } from "node:stream";
import { lookup, register } from "~/server/registry.server";

/**
 * Where uploaded files live. Callers know only object keys; a driver decides where the bytes go
 * (local disk under DATA_DIR/uploads by default, an S3-compatible bucket in production).
 * The database stores the key, never a URL.
 */
export interface StorageDriver {
  readonly name: "local" | "s3";
  /** Streams `body` to `key`; resolves with the stored size. Must not leave a partial object on failure. */
  put(key: string, body: Readable, options: { contentType: string }): Promise<{ size: number }>;
  /** Opens the object for reading; rejects with a StorageNotFoundError when it does not exist. */
  get(key: string): Promise<{ body: Readable; size: number; contentType: string | null }>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored object at ${key}`);
    this.name = "StorageNotFoundError";
  }
}

export function storage(): StorageDriver {
  return lookup<StorageDriver>("storage");
}

export function setStorage(driver: StorageDriver) {
  register("storage", driver);
}
