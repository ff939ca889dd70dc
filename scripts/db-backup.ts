// `npm run db:backup [-- --out DIR]`: a whole backup (the database and the uploaded files, with a
// manifest of checksums) into BACKUP_DIR (default ./backups), while the app keeps serving.
// PostgreSQL: pg_dump's consistent snapshot. The embedded database: the server that holds it makes
// the backup itself (asked through a file in DATA_DIR and SIGUSR2); with no server, this script
// opens it. See docs/operations.md.
import path from "node:path";
import { BackupError } from "~/server/backup/backup.server";
import { createBackup } from "~/server/backup/full-backup.server";
import { askServerForBackup } from "~/server/backup/in-server.server";
import { loadConfig } from "~/server/config.server";

const args = process.argv.slice(2);
const outIndex = args.indexOf("--out");
const config = loadConfig();
const outDir = outIndex >= 0 ? path.resolve(args[outIndex + 1]!) : config.backup.dir;
const uploadsDir =
  config.storageDriver === "local" ? path.join(config.dataDir, "uploads") : undefined;

try {
  let folder: string;
  if (config.databaseUrl) {
    folder = await createBackup({ databaseUrl: config.databaseUrl, uploadsDir }, { outDir });
  } else {
    const answer = await askServerForBackup(config.dataDir, outDir);
    if (answer?.error) throw new BackupError(`the running server could not: ${answer.error}`);
    folder =
      answer?.folder ??
      (await createBackup(
        { pgliteDir: path.join(config.dataDir, "pgdata"), uploadsDir },
        { outDir },
      ));
  }
  console.log(`Backup written: ${folder}`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`Backup failed: ${error.message}`);
  process.exit(1);
}
