import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Config } from "~/server/config.server";
import { database } from "~/server/db/client.server";
import { dataFolderHolder } from "~/server/db/data-folder-lock.server";
import { logger } from "~/server/logger.server";
import { claimLease, type SchedulerHandle, startScheduler } from "~/server/scheduler.server";
import { createBackup, pruneBackups } from "./full-backup.server";

/**
 * Backups the serving process makes itself: on a schedule (BACKUP_INTERVAL_HOURS, keeping
 * BACKUP_KEEP), and when `npm run db:backup` asks while the server holds the embedded database
 * (that script cannot open it: it leaves a request file in DATA_DIR and sends SIGUSR2).
 */
const REQUEST_PREFIX = "backup-request-";
const RESULT_PREFIX = "backup-result-";

type BackupRequest = { outDir: string };
type BackupResult = { folder?: string; error?: string };

function sourceOf(config: Config) {
  const live = database();
  return {
    databaseUrl: config.databaseUrl,
    livePglite: live.kind === "pglite" ? live.pglite : undefined,
    uploadsDir: config.storageDriver === "local" ? path.join(config.dataDir, "uploads") : undefined,
  };
}

/** Answers the backup requests waiting in DATA_DIR (one per `npm run db:backup`). */
export async function answerBackupRequests(config: Config) {
  const names = fs.existsSync(config.dataDir) ? fs.readdirSync(config.dataDir) : [];
  for (const name of names.filter((n) => n.startsWith(REQUEST_PREFIX) && n.endsWith(".json"))) {
    const id = name.slice(REQUEST_PREFIX.length, -".json".length);
    const file = path.join(config.dataDir, name);
    let result: BackupResult;
    try {
      const request = JSON.parse(fs.readFileSync(file, "utf8")) as BackupRequest;
      result = { folder: await createBackup(sourceOf(config), { outDir: request.outDir }) };
      logger().info({ folder: result.folder }, "backup written on request");
    } catch (error) {
      logger().error({ err: error }, "a requested backup failed");
      result = { error: (error as Error).message };
    }
    fs.rmSync(file, { force: true });
    fs.writeFileSync(
      path.join(config.dataDir, `${RESULT_PREFIX}${id}.json`),
      JSON.stringify(result),
    );
  }
}

/** SIGUSR2: backups asked for by `npm run db:backup`; and the scheduled ones, when turned on. */
export function startBackups(config: Config): { stop: () => Promise<void> } {
  let answering: Promise<void> = Promise.resolve();
  const onSignal = () => {
    answering = answering.then(() => answerBackupRequests(config));
  };
  process.on("SIGUSR2", onSignal);

  let scheduled: SchedulerHandle | undefined;
  const { intervalHours, keep, dir } = config.backup;
  if (intervalHours > 0) {
    const intervalMs = intervalHours * 3_600_000;
    scheduled = startScheduler({
      name: "backups",
      // Checked every few minutes; the lease makes one backup per interval across processes.
      intervalMs: Math.min(intervalMs, 5 * 60_000),
      run: async () => {
        if (!(await claimLease("backup", intervalMs * 0.95))) return;
        const folder = await createBackup(sourceOf(config), { outDir: dir });
        const removed = pruneBackups(dir, keep);
        logger().info({ folder, removed: removed.length }, "scheduled backup written");
      },
      failure: "scheduled backup failed",
    });
  }
  return {
    stop: async () => {
      process.off("SIGUSR2", onSignal);
      await scheduled?.stop();
      await answering;
    },
  };
}

/**
 * For `npm run db:backup` on the embedded database while a server on this machine holds it: asks
 * that server for the backup and waits for its answer. Null when no server holds the folder.
 */
export async function askServerForBackup(
  dataDir: string,
  outDir: string,
  timeoutMs = 30 * 60_000,
): Promise<BackupResult | null> {
  const holder = dataFolderHolder(dataDir);
  // Only a server listens for the signal (it would end a script): anyone else is left to refuse.
  if (!holder?.purpose.startsWith("the server")) return null;
  const id = crypto.randomBytes(6).toString("hex");
  const request = path.join(dataDir, `${REQUEST_PREFIX}${id}.json`);
  const result = path.join(dataDir, `${RESULT_PREFIX}${id}.json`);
  fs.writeFileSync(request, JSON.stringify({ outDir } satisfies BackupRequest));
  process.kill(holder.pid, "SIGUSR2");
  const deadline = Date.now() + timeoutMs;
  while (!fs.existsSync(result)) {
    if (Date.now() > deadline) {
      fs.rmSync(request, { force: true });
      return { error: `the server (pid ${holder.pid}) did not answer in time` };
    }
    await sleep(200);
  }
  const answer = JSON.parse(fs.readFileSync(result, "utf8")) as BackupResult;
  fs.rmSync(result, { force: true });
  return answer;
}
