import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { PGlite } from "@electric-sql/pglite";
import { BackupError, backupDatabase, restoreDatabase, type Target } from "./backup.server";

/**
 * A whole backup: the database and the uploaded files (local storage), in one folder
 * `passage-<time>/` with a manifest of every file's size and SHA-256:
 *
 *   manifest.json    what is in it, checked before a restore writes anything
 *   database.dump    pg_dump (PostgreSQL) | database.tar.gz (the embedded database)
 *   uploads/…        DATA_DIR/uploads as it was (local driver; an S3 bucket keeps its own versions)
 *
 * Online: PostgreSQL is dumped in a consistent snapshot while the app serves; the embedded
 * database is dumped by the server process that holds it, between two transactions
 * (dumpLiveDatabase). Files are copied in two passes around the database dump, so a row in the
 * dump has its file; a file deleted meanwhile stays in the backup as an orphan, which the sweep
 * removes after a restore.
 */
export const MANIFEST = "manifest.json";

export type Manifest = {
  format: 1;
  createdAt: string;
  database: { kind: "pglite" | "postgres"; file: string; bytes: number; sha256: string };
  /** Local files under uploads/; with S3 the bucket is backed up by its own versioning. */
  storage: "local" | "s3";
  files: { path: string; bytes: number; sha256: string }[];
};

export type BackupSource = {
  /** PostgreSQL, dumped with pg_dump. */
  databaseUrl?: string;
  /** The embedded database open in this process (the server): dumped online. */
  livePglite?: PGlite;
  /** The embedded database's folder, when no process has it open (a script). */
  pgliteDir?: string;
  /** DATA_DIR/uploads with the local driver; undefined with S3. */
  uploadsDir?: string;
};

function stamp(now: Date) {
  return now
    .toISOString()
    .replace(/[:.]/g, "-")
    .replace(/-\d{3}Z$/, "Z");
}

async function sha256(file: string) {
  const hash = crypto.createHash("sha256");
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest("hex");
}

/** Every file under `dir`, relative, skipping uploads still being written (`.partial`). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((p) => !p.endsWith(".partial") && fs.statSync(path.join(dir, p)).isFile())
    .sort();
}

/** Copies the files of `from` not yet in `to` (a copy-on-write clone where the disk can). */
function copyNewFiles(from: string, to: string) {
  for (const relative of filesUnder(from)) {
    const target = path.join(to, relative);
    if (fs.existsSync(target)) continue;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    try {
      fs.copyFileSync(path.join(from, relative), target, fs.constants.COPYFILE_FICLONE);
    } catch (error) {
      // Deleted since it was listed: the row went with it.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}

/**
 * The embedded database, dumped by the process that has it open while it keeps serving: after
 * any transaction in progress, before the next (PGlite runs one at a time), so the dump is what
 * was committed at that moment.
 */
async function dumpLiveDatabase(pglite: PGlite, file: string) {
  const exclusive = (
    pglite as unknown as { _runExclusiveTransaction?: <T>(fn: () => Promise<T>) => Promise<T> }
  )._runExclusiveTransaction?.bind(pglite);
  const dump = () => pglite.dumpDataDir("gzip");
  const blob = exclusive ? await exclusive(dump) : await dump();
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
}

/** Writes a whole backup into `outDir` and returns its folder. */
export async function createBackup(
  source: BackupSource,
  options: { outDir: string; now?: Date },
): Promise<string> {
  const now = options.now ?? new Date();
  const final = path.join(options.outDir, `passage-${stamp(now)}`);
  const partial = `${final}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  try {
    const uploads = path.join(partial, "uploads");
    if (source.uploadsDir) copyNewFiles(source.uploadsDir, uploads);

    let databaseFile: string;
    let kind: Manifest["database"]["kind"];
    if (source.databaseUrl) {
      kind = "postgres";
      const dumped = await backupDatabase({ databaseUrl: source.databaseUrl }, { outDir: partial });
      databaseFile = path.join(partial, "database.dump");
      fs.renameSync(dumped, databaseFile);
    } else if (source.livePglite) {
      kind = "pglite";
      databaseFile = path.join(partial, "database.tar.gz");
      await dumpLiveDatabase(source.livePglite, databaseFile);
    } else if (source.pgliteDir) {
      kind = "pglite";
      const dumped = await backupDatabase({ pgliteDir: source.pgliteDir }, { outDir: partial });
      databaseFile = path.join(partial, "database.tar.gz");
      fs.renameSync(dumped, databaseFile);
    } else {
      throw new BackupError("Nothing to back up: no database given");
    }

    // Files uploaded while the database was being dumped: their rows may be in the dump.
    if (source.uploadsDir) copyNewFiles(source.uploadsDir, uploads);

    const files: Manifest["files"] = [];
    for (const relative of filesUnder(uploads)) {
      const full = path.join(uploads, relative);
      files.push({
        path: relative.split(path.sep).join("/"),
        bytes: fs.statSync(full).size,
        sha256: await sha256(full),
      });
    }
    const manifest: Manifest = {
      format: 1,
      createdAt: now.toISOString(),
      database: {
        kind,
        file: path.basename(databaseFile),
        bytes: fs.statSync(databaseFile).size,
        sha256: await sha256(databaseFile),
      },
      storage: source.uploadsDir ? "local" : "s3",
      files,
    };
    fs.writeFileSync(path.join(partial, MANIFEST), JSON.stringify(manifest, null, 2) + "\n");
    fs.renameSync(partial, final);
    return final;
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/** Reads a backup's manifest and checks every file against it; throws what does not match. */
export async function verifyBackup(dir: string): Promise<Manifest> {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file))
    throw new BackupError(`${dir} is not a Passage backup (no ${MANIFEST})`);
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Manifest;
  const expected = [
    { path: manifest.database.file, sha256: manifest.database.sha256, base: dir },
    ...manifest.files.map((f) => ({ ...f, base: path.join(dir, "uploads") })),
  ];
  for (const entry of expected) {
    const full = path.join(entry.base, entry.path);
    if (!fs.existsSync(full)) throw new BackupError(`The backup is missing ${entry.path}`);
    if ((await sha256(full)) !== entry.sha256) {
      throw new BackupError(`The backup's ${entry.path} does not match its checksum: damaged`);
    }
  }
  return manifest;
}

/**
 * Restores a whole backup into an empty target (database and uploads folder), after checking
 * every file against the manifest. Refuses to overwrite anything.
 */
export async function restoreBackup(target: Target & { uploadsDir?: string }, dir: string) {
  const manifest = await verifyBackup(dir);
  if (target.uploadsDir && manifest.files.length > 0) {
    if (fs.existsSync(target.uploadsDir) && fs.readdirSync(target.uploadsDir).length > 0) {
      throw new BackupError(
        `${target.uploadsDir} is not empty. Restore into an empty data folder (move the old one aside first).`,
      );
    }
  }
  await restoreDatabase(target, path.join(dir, manifest.database.file));
  if (target.uploadsDir) copyNewFiles(path.join(dir, "uploads"), target.uploadsDir);
  return manifest;
}

/** Keeps the newest `keep` backups in `outDir`, deleting older ones (scheduled backups). */
export function pruneBackups(outDir: string, keep: number): string[] {
  if (!fs.existsSync(outDir)) return [];
  const backups = fs
    .readdirSync(outDir)
    .filter((n) => /^passage-.+Z$/.test(n) && fs.existsSync(path.join(outDir, n, MANIFEST)))
    .sort();
  const removed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of removed) fs.rmSync(path.join(outDir, name), { recursive: true, force: true });
  return removed;
}
