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
  /**
   * Every object whose key starts with `prefix`, with when it was last written; includes a local
   * write's leftover `.partial` file. For the orphan sweep (server/storage/sweep.server.ts).
   */
  list(prefix: string): AsyncIterable<StoredObject>;
}

export type StoredObject = { key: string; modifiedAt: Date };

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored object at ${key}`);
    this.name = "StorageNotFoundError";
  }
}

/**
 * The write failed because the disk (or the bucket's server) is full or over quota: ENOSPC and
 * EDQUOT from local disk, and from the S3 driver's spool file; 507 Insufficient Storage or
 * MinIO's XMinioStorageFull from an S3-compatible server. The upload is refused with a clear
 * message instead of a 500.
 */
export function isStorageFullError(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const e = error as { code?: unknown; name?: unknown; $metadata?: { httpStatusCode?: unknown } };
  return (
    e.code === "ENOSPC" ||
    e.code === "EDQUOT" ||
    e.name === "XMinioStorageFull" ||
    e.$metadata?.httpStatusCode === 507
  );
}

export function storage(): StorageDriver {
  return lookup<StorageDriver>("storage");
}

export function setStorage(driver: StorageDriver) {
  register("storage", driver);
}
