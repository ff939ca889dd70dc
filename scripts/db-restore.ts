// `npm run db:restore FILE`: restores a db:backup file into an EMPTY target: the PostgreSQL
// database in DATABASE_URL, or DATA_DIR/pgdata for the embedded database. It never overwrites.
import path from "node:path";
import { BackupError, restoreDatabase } from "~/server/backup/backup.server";
import { loadConfig } from "~/server/config.server";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run db:restore -- <backup file>");
  process.exit(2);
}
const config = loadConfig();
try {
  await restoreDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : { pgliteDir: path.join(config.dataDir, "pgdata") },
    path.resolve(file),
  );
  console.log(`Restored ${file}. Start the server as usual.`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`Restore failed: ${error.message}`);
  process.exit(1);
}
