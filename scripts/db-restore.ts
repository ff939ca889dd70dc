// `npm run db:restore -- <backup>`: restores a db:backup folder (database and uploaded files,
// checked against its manifest first) into an EMPTY target: the PostgreSQL database in
// DATABASE_URL, or DATA_DIR for the embedded database. It never overwrites. A single database
// file made by an earlier version (.dump or .tar.gz) restores the database alone.
import fs from "node:fs";
import path from "node:path";
import { BackupError, restoreDatabase } from "~/server/backup/backup.server";
import { restoreBackup } from "~/server/backup/full-backup.server";
import { loadConfig } from "~/server/config.server";

const given = process.argv[2];
if (!given) {
  console.error("Usage: npm run db:restore -- <backup folder>");
  process.exit(2);
}
const config = loadConfig();
const source = path.resolve(given);
const target = config.databaseUrl
  ? { databaseUrl: config.databaseUrl }
  : { pgliteDir: path.join(config.dataDir, "pgdata") };
try {
  if (fs.statSync(source, { throwIfNoEntry: false })?.isDirectory()) {
    const uploadsDir =
      config.storageDriver === "local" ? path.join(config.dataDir, "uploads") : undefined;
    const manifest = await restoreBackup({ ...target, uploadsDir }, source);
    console.log(
      `Restored ${given}: the database and ${manifest.files.length} files. Start the server as usual.`,
    );
  } else {
    await restoreDatabase(target, source);
    console.log(`Restored ${given} (the database only). Start the server as usual.`);
  }
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`Restore failed: ${error.message}`);
  process.exit(1);
}
