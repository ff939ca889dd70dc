import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type StorageDriver, StorageNotFoundError, type StoredObject } from "./storage.server";

// Keys are ours (documents/<userId>/<uuid>), but a driver never trusts them to stay inside its root.
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Files on local disk under one root (DATA_DIR/uploads): no outside service needed. */
export class LocalStorageDriver implements StorageDriver {
  readonly name = "local" as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string) {
    if (!KEY_PATTERN.test(key) || key.split("/").some((part) => part === "." || part === "..")) {
      throw new Error(`Invalid storage key: ${key}`);
    }
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  }

  async put(key: string, body: Readable, _options: { contentType: string }) {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    // Written beside the target and renamed when complete, so a reader never sees half a file and
    // a failed upload leaves nothing behind.
    const temp = `${target}.${crypto.randomBytes(6).toString("hex")}.partial`;
    let size = 0;
    body.on("data", (chunk: Buffer) => {
      size += chunk.length;
    });
    const out = fs.createWriteStream(temp, { flags: "wx" });
    try {
      await pipeline(body, out);
      await fs.promises.rename(temp, target);
    } catch (error) {
      // A failure can come before the file is even open; wait until it is closed, or the open
      // would recreate it after we removed it.
      if (!out.closed) await new Promise<void>((resolve) => out.once("close", () => resolve()));
      await fs.promises.rm(temp, { force: true });
      throw error;
    }
    return { size };
  }

  async get(key: string) {
    const target = this.pathOf(key);
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(target);
    } catch {
      throw new StorageNotFoundError(key);
    }
    if (!stat.isFile()) throw new StorageNotFoundError(key);
    return { body: fs.createReadStream(target), size: stat.size, contentType: null };
  }

  async delete(key: string) {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async exists(key: string) {
    const target = this.pathOf(key);
    try {
      return (await fs.promises.stat(target)).isFile();
    } catch {
      return false;
    }
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    const walk = async function* (dir: string): AsyncGenerator<string> {
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) yield* walk(full);
        else if (entry.isFile()) yield full;
      }
    };
    // Only the folder the prefix names is walked (prefixes are ours, e.g. "documents/").
    const folder = path.resolve(this.root, prefix.slice(0, prefix.lastIndexOf("/") + 1));
    if (folder !== this.root && !folder.startsWith(this.root + path.sep)) return;
    for await (const full of walk(folder)) {
      const key = path.relative(this.root, full).split(path.sep).join("/");
      if (!key.startsWith(prefix)) continue;
      try {
        yield { key, modifiedAt: (await fs.promises.stat(full)).mtime };
      } catch {
        // Gone meanwhile (renamed into place, or deleted): nothing to list.
      }
    }
  }
}
