// `npm run db:migrate`: applies migrations to DATABASE_URL, or to the embedded database in DATA_DIR.
// (The server does this itself at start-up; this is for deploy pipelines.) Stop the server first
// when using the embedded database: PGlite allows one process at a time.
import path from "node:path";
import { loadConfig } from "~/server/config.server";
import { migrateDatabase, openDatabase } from "~/server/db/client.server";

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl }
    : { kind: "pglite", dataDir: path.join(config.dataDir, "pgdata") },
);
await migrateDatabase(database);
await database.close();
console.log(`Migrations applied (${database.kind}).`);
