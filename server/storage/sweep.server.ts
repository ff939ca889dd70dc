import { eq, inArray, or, sql } from "drizzle-orm";
import { recordAudit } from "~/server/audit/audit.server";
import { config } from "~/server/config.server";
import { db } from "~/server/db/client.server";
import { blogPosts, dataExports, documents } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { claimLease, startScheduler } from "~/server/scheduler.server";
import { storage } from "./storage.server";

// Orphaned files. A file is written before the row that names it, so a
// process killed in between (or a failed delete after a row went) leaves a file no row refers to,
// and a local write cut short leaves its `.partial`. The sweep deletes such files once they are
// older than a grace period (an upload in progress is younger), in the folders whose every file
// a row names; anything else in the bucket is never touched. See decision record 29.

type Folder = {
  prefix: string;
  /** The keys among `keys` that some row still uses. */
  referenced: (keys: string[]) => Promise<Set<string>>;
};

const FOLDERS: Folder[] = [
  {
    prefix: "documents/",
    referenced: async (keys) => {
      const rows = await db()
        .select({ key: documents.storageKey })
        .from(documents)
        .where(inArray(documents.storageKey, keys));
      return new Set(rows.map((r) => r.key));
    },
  },
  {
    prefix: "exports/",
    referenced: async (keys) => {
      const rows = await db()
        .select({ key: dataExports.storageKey })
        .from(dataExports)
        .where(inArray(dataExports.storageKey, keys));
      return new Set(rows.map((r) => r.key!));
    },
  },
  {
    // A post's featured image; staff may also have pasted its address into a post's text.
    prefix: "media/posts/",
    referenced: async (keys) => {
      const used = new Set<string>();
      for (const key of keys) {
        const url = `/${key}`;
        const [row] = await db()
          .select({ id: blogPosts.id })
          .from(blogPosts)
          .where(
            or(eq(blogPosts.featuredImageUrl, url), sql`strpos(${blogPosts.content}, ${url}) > 0`),
          )
          .limit(1);
        if (row) used.add(key);
      }
      return used;
    },
  },
  // The monitor's probe deletes its object at once; one left by a killed process is never used.
  { prefix: "monitoring/", referenced: async () => new Set() },
];

const BATCH = 500;
/**
 * A database that knows none of the stored documents (the wrong DATABASE_URL, a restore not yet
 * done) would have the sweep delete them all: past this many, the sweep deletes nothing when more
 * than half of the old document files have no row, and says so in the log.
 */
const SUSPICIOUS_ORPHANS = 20;

export type SweepResult = { checked: number; deleted: string[]; refused: boolean };

/** One sweep: deletes every file older than `graceMs` in FOLDERS that no row refers to. */
export async function sweepOrphanedFiles({
  graceMs,
  now = new Date(),
}: {
  graceMs: number;
  now?: Date;
}): Promise<SweepResult> {
  const driver = storage();
  const cutoff = now.getTime() - graceMs;
  const orphans: string[] = [];
  let checked = 0;
  for (const folder of FOLDERS) {
    let old = 0;
    const found: string[] = [];
    let batch: string[] = [];
    const settle = async () => {
      const used = await folder.referenced(batch);
      found.push(...batch.filter((key) => !used.has(key)));
      batch = [];
    };
    for await (const object of driver.list(folder.prefix)) {
      checked++;
      if (object.modifiedAt.getTime() > cutoff) continue;
      old++;
      batch.push(object.key);
      if (batch.length >= BATCH) await settle();
    }
    if (batch.length > 0) await settle();
    if (
      folder.prefix === "documents/" &&
      found.length > SUSPICIOUS_ORPHANS &&
      found.length * 2 > old
    ) {
      logger().error(
        { orphans: found.length, old, driver: driver.name },
        "storage sweep: most stored documents have no row; is this the right database? Nothing deleted",
      );
      return { checked, deleted: [], refused: true };
    }
    orphans.push(...found);
  }

  const deleted: string[] = [];
  for (const key of orphans) {
    try {
      await driver.delete(key);
      deleted.push(key);
    } catch (error) {
      logger().warn({ err: error, key }, "storage sweep: could not delete an orphaned file");
    }
  }
  if (deleted.length > 0) {
    // Keys only (opaque ids and random names): no file name or content of anyone's.
    logger().info({ count: deleted.length, keys: deleted, driver: driver.name }, "storage sweep");
    await recordAudit(db(), {
      actorId: null,
      action: "storage.sweep",
      targetType: "storage",
      details: { count: deleted.length, keys: deleted.slice(0, 200), driver: driver.name },
    });
  }
  return { checked, deleted, refused: false };
}

const LEASE_KEY = "storage_sweep_lease";

/**
 * Sweeps at start and every STORAGE_SWEEP_INTERVAL_MS, in one app process at a time (a lease in
 * app_state, like retention's). Started by server/main.ts.
 */
export function startStorageSweepScheduler() {
  const { graceMs, intervalMs } = config().storageSweep;
  return startScheduler({
    name: "storageSweep",
    intervalMs,
    run: async () => {
      if (await claimLease(LEASE_KEY, intervalMs * 0.8)) await sweepOrphanedFiles({ graceMs });
    },
    failure: "storage sweep failed",
  });
}
