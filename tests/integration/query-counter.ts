import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { type Database, type Db, setDatabase } from "~/server/db/client.server";
import * as schema from "~/server/db/schema";

/**
 * Registers a Drizzle instance over the same connection that logs every query, so a test can
 * count what a loader or a page costs the database. (better-auth keeps its own instance: session
 * lookups are not counted, and a visitor has none.)
 */
export function countQueries(database: Database) {
  const queries: string[] = [];
  const logger = { logQuery: (query: string) => void queries.push(query) };
  const options = { schema, casing: "snake_case" as const, logger };
  const logged =
    database.kind === "pglite"
      ? drizzlePglite(database.pglite!, options)
      : drizzlePostgres(database.sql!, options);
  // On PostgreSQL the statements every page runs go through a second pool (preparedQuery): logged
  // too, or a test would not see them.
  const steady = database.steadySql
    ? (drizzlePostgres(database.steadySql, options) as unknown as Db)
    : undefined;
  setDatabase({
    ...database,
    db: logged as unknown as Db,
    ...(steady ? { steadyDb: steady } : {}),
  });
  return {
    /** Queries run since the last reset. */
    get count() {
      return queries.length;
    },
    queries,
    reset() {
      queries.length = 0;
    },
  };
}
