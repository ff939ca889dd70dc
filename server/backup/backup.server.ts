import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import postgres from "postgres";
import { DataFolderInUseError, lockDataFolder } from "~/server/db/data-folder-lock.server";

/**
 * Backups and restores, for `npm run db:backup` / `npm run db:restore`.
 *
 * PGlite (the embedded database) is one process: its data directory can only be read while the
 * server is stopped, so a backup takes the data folder's lock and refuses, naming the server, while
 * one has it open. PostgreSQL is dumped
 * online with pg_dump (custom format, consistent snapshot) while the app keeps running.
 */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

export type Target = { databaseUrl?: string; pgliteDir?: string };

function stamp(now: Date) {
  return now
    .toISOString()
    .replace(/[:.]/g, "-")
    .replace(/-\d{3}Z$/, "Z");
}

/**
 * Holds the data folder around `dir` (DATA_DIR/pgdata) while `work` reads or writes it, or refuses
 * with the name of the server that has it open (server/db/data-folder-lock.server.ts).
 */
async function withDataFolder<T>(dir: string, purpose: string, work: () => Promise<T>) {
  let release: () => void;
  try {
    release = lockDataFolder(path.dirname(dir), purpose);
  } catch (error) {
    if (error instanceof DataFolderInUseError) throw new BackupError(error.message);
    throw error;
  }
  try {
    return await work();
  } finally {
    release();
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ["ignore", "inherit", "pipe"],
      env: { ...process.env, ...env },
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", (error) =>
      reject(
        new BackupError(
          (error as NodeJS.ErrnoException).code === "ENOENT"
            ? `${command} was not found: install the PostgreSQL client tools (same major version as the server)`
            : error.message,
        ),
      ),
    );
    child.on("close", (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** Writes a dump into `outDir` and returns its path. */
export async function backupDatabase(
  target: Target,
  options: { outDir: string; now?: Date },
): Promise<string> {
  fs.mkdirSync(options.outDir, { recursive: true });
  const base = path.join(options.outDir, `passage-${stamp(options.now ?? new Date())}`);
  if (target.databaseUrl) {
    const file = `${base}.dump`;
    const partial = `${file}.partial`;
    try {
      await run("pg_dump", [
        "--format=custom",
        "--no-owner",
        "--file",
        partial,
        target.databaseUrl,
      ]);
      fs.renameSync(partial, file);
    } finally {
      fs.rmSync(partial, { force: true });
    }
    return file;
  }
  const dir = target.pgliteDir!;
  if (!fs.existsSync(path.join(dir, "PG_VERSION"))) {
    throw new BackupError(`No database found in ${dir}`);
  }
  return withDataFolder(dir, "a backup (npm run db:backup)", async () => {
    const client = await PGlite.create(dir, { extensions: { pg_trgm } });
    try {
      const dump = await client.dumpDataDir("gzip");
      const file = `${base}.tar.gz`;
      fs.writeFileSync(`${file}.partial`, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(`${file}.partial`, file);
      return file;
    } finally {
      await client.close();
    }
  });
}

/** Restores `file` into an empty target; refuses to overwrite anything. */
export async function restoreDatabase(target: Target, file: string): Promise<void> {
  if (!fs.existsSync(file)) throw new BackupError(`No such backup file: ${file}`);
  if (target.databaseUrl) {
    if (!file.endsWith(".dump")) {
      throw new BackupError("A PostgreSQL restore needs a pg_dump file (.dump) made by db:backup");
    }
    const sql = postgres(target.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql<{ n: number }[]>`
        select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`;
      if (Number(row?.n) > 0) {
        throw new BackupError(
          "The target database is not empty. Restore into a freshly created, empty database " +
            "(createdb passage_restored) and point DATABASE_URL at it.",
        );
      }
    } finally {
      await sql.end({ timeout: 1 });
    }
    await run("pg_restore", [
      "--no-owner",
      "--exit-on-error",
      "--single-transaction",
      "--dbname",
      target.databaseUrl,
      file,
    ]);
    return;
  }
  if (!/\.(tar\.gz|tgz|tar)$/.test(file)) {
    throw new BackupError("An embedded-database restore needs a .tar.gz file made by db:backup");
  }
  const dir = target.pgliteDir!;
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    throw new BackupError(
      `${dir} is not empty. Restore into an empty data directory (move the old one aside first).`,
    );
  }
  fs.mkdirSync(dir, { recursive: true });
  await withDataFolder(dir, "a restore (npm run db:restore)", async () => {
    try {
      const client = await PGlite.create(dir, {
        extensions: { pg_trgm },
        loadDataDir: new Blob([fs.readFileSync(file)]),
      });
      await client.query("select 1");
      await client.close();
    } catch (error) {
      fs.rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  });
}
