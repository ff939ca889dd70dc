// `npm run db:migrate`: applies migrations to DATABASE_URL, or to the embedded database in DATA_DIR.
// (The server does this itself at start-up; this is for deploy pipelines.) Stop the server first
// when using the embedded database: PGlite allows one process at a time (the data folder's lock
// refuses while a server has it open).
import path from "node:path";
import { loadConfig } from "~/server/config.server";
import { migrateDatabase, openDatabase } from "~/server/db/client.server";
import { DataFolderInUseError, lockDataFolder } from "~/server/db/data-folder-lock.server";

const config = loadConfig();
if (!config.databaseUrl) {
  try {
    lockDataFolder(config.dataDir, "migrations (npm run db:migrate)");
  } catch (error) {
    if (!(error instanceof DataFolderInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
const database = await openDatabase(
  config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl }
    : { kind: "pglite", dataDir: path.join(config.dataDir, "pgdata") },
);
await migrateDatabase(database);
await database.close();
console.log(`Migrations applied (${database.kind}).`);
