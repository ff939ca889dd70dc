// `npm run db:backup [-- --out DIR]`: a consistent dump of the database into
// BACKUP_DIR (default ./backups). PostgreSQL (DATABASE_URL): pg_dump, online. Embedded PGlite:
// stop the server first (one process at a time). See docs/operations.md.
import path from "node:path";
import { BackupError, backupDatabase } from "~/server/backup/backup.server";
import { loadConfig } from "~/server/config.server";

const args = process.argv.slice(2);
const outIndex = args.indexOf("--out");
const outDir = path.resolve(
  outIndex >= 0 ? args[outIndex + 1]! : (process.env.BACKUP_DIR ?? "backups"),
);
const config = loadConfig();
try {
  const file = await backupDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : { pgliteDir: path.join(config.dataDir, "pgdata") },
    { outDir },
  );
  console.log(`Backup written: ${file}`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`Backup failed: ${error.message}`);
  process.exit(1);
}
