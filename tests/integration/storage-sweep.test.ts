import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, blogPosts, dataExports, documents } from "~/server/db/schema";
import { claimLease } from "~/server/scheduler.server";
import { LocalStorageDriver } from "~/server/storage/local.server";
import { S3StorageDriver } from "~/server/storage/s3.server";
import { type StorageDriver, setStorage } from "~/server/storage/storage.server";
import { sweepOrphanedFiles } from "~/server/storage/sweep.server";
import { createTestUser, setupTestDatabase } from "./harness";

// Issue 38, finding 3: files no row refers to (an upload cut off by a crash) are swept once older
// than the grace period, on local disk and on S3 (s3rver); files rows use, young files and
// folders the app does not own stay.

const ctx = setupTestDatabase();
const HOUR = 60 * 60 * 1000;
const LATER = () => new Date(Date.now() + 2 * HOUR);

let s3: S3rver;
let s3Dir: string;
let s3Port: number;
beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "passage-s3rver-"));
  s3 = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: "passage-sweep" }],
  });
  s3Port = (await s3.run()).port;
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

const drivers: Record<string, () => StorageDriver> = {
  "local disk": () =>
    new LocalStorageDriver(path.join(ctx.dataDir, `uploads-${crypto.randomUUID()}`)),
  S3: () =>
    new S3StorageDriver({
      bucket: "passage-sweep",
      region: "us-east-1",
      endpoint: `http://127.0.0.1:${s3Port}`,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    }),
};

async function put(driver: StorageDriver, key: string) {
  await driver.put(key, Readable.from([Buffer.from("%PDF-1.4 x")]), {
    contentType: "application/pdf",
  });
}

describe.each(Object.keys(drivers))("the orphaned-file sweep on %s", (name) => {
  it("deletes old files no row uses, .partial leftovers included, and keeps the rest", async () => {
    const driver = drivers[name]!();
    setStorage(driver);
    const user = await createTestUser();
    const id = () => crypto.randomUUID();

    const kept = {
      document: `documents/${user.id}/${id()}`,
      export: `exports/${user.id}/${id()}.zip`,
      cover: `media/posts/${id()}.png`,
      pasted: `media/posts/${id()}.jpg`,
      notOurs: `backups/${id()}.txt`,
    };
    const orphans = {
      document: `documents/${user.id}/${id()}`,
      partial: `documents/${user.id}/${id()}.a1b2c3d4e5f6.partial`,
      export: `exports/${user.id}/${id()}.zip`,
      image: `media/posts/${id()}.png`,
      probe: `monitoring/probe-${id()}.txt`,
    };
    for (const key of [...Object.values(kept), ...Object.values(orphans)]) await put(driver, key);
    await ctx.db.insert(documents).values({
      userId: user.id,
      documentType: "cv",
      fileName: "cv.pdf",
      storageKey: kept.document,
      fileSize: 10,
      contentType: "application/pdf",
    });
    await ctx.db.insert(dataExports).values({ userId: user.id, storageKey: kept.export });
    const slug = `sweep-${id()}`;
    await ctx.db.insert(blogPosts).values({
      title: "Visas",
      slug,
      featuredImageUrl: `/${kept.cover}`,
      content: `See ![the form](/${kept.pasted}).`,
    });

    // Within the grace period (an upload may still be under way) nothing goes.
    const early = await sweepOrphanedFiles({ graceMs: HOUR });
    expect(early.deleted).toEqual([]);

    const swept = await sweepOrphanedFiles({ graceMs: HOUR, now: LATER() });
    expect(swept.deleted.sort()).toEqual(Object.values(orphans).sort());
    for (const key of Object.values(orphans)) expect(await driver.exists(key), key).toBe(false);
    for (const key of Object.values(kept)) expect(await driver.exists(key), key).toBe(true);

    // The activity log says what went: how many, and their keys (no names, no contents).
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "storage.sweep"));
    const entry = entries.find((e) => (e.details?.keys as string[]).includes(orphans.document));
    expect(entry).toMatchObject({
      actorId: null,
      targetType: "storage",
      details: { count: 5, driver: driver.name },
    });

    // A second sweep finds nothing more, and records nothing.
    expect((await sweepOrphanedFiles({ graceMs: HOUR, now: LATER() })).deleted).toEqual([]);
    await ctx.db.delete(blogPosts).where(eq(blogPosts.slug, slug));
  });

  it("deletes nothing when most stored documents have no row (the wrong database?)", async () => {
    const driver = drivers[name]!();
    setStorage(driver);
    const user = await createTestUser();
    const keys = Array.from({ length: 25 }, () => `documents/${user.id}/${crypto.randomUUID()}`);
    for (const key of keys) await put(driver, key);
    const result = await sweepOrphanedFiles({ graceMs: HOUR, now: LATER() });
    expect(result).toMatchObject({ refused: true, deleted: [] });
    for (const key of keys) expect(await driver.exists(key)).toBe(true);
    for (const key of keys) await driver.delete(key);
  });
});

describe("the sweep's lease", () => {
  it("lets one process sweep per interval", async () => {
    const key = `sweep_test_${crypto.randomUUID()}`;
    expect(await claimLease(key, HOUR)).toBeInstanceOf(Date);
    expect(await claimLease(key, HOUR)).toBeNull();
    expect(await claimLease(key, 0)).toBeInstanceOf(Date);
  });
});
