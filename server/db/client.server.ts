import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { lookup, register, unregister } from "~/server/registry.server";
import * as schema from "./schema";

export type Schema = typeof schema;
// One type for both drivers. A transaction (`tx`) is also a Db, so services take `Db` and work
// inside or outside a transaction.
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  /** PGlite only: the raw client, for dumps and tests. */
  pglite?: PGlite;
  /** postgres only: the raw client, for pool metrics and advisory locks. */
  sql?: postgres.Sql;
  /**
   * postgres with prepared statements only: the small pool `preparedQuery`'s statements run on,
   * whose connections let PostgreSQL keep a generic plan (see `preparedQuery`), and its raw client.
   */
  steadyDb?: Db;
  steadySql?: postgres.Sql;
};

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "server/db/migrations");

export type OpenOptions =
  | {
      kind: "postgres";
      url: string;
      /**
       * Connections in the pool (default 4). postgres.js sends a query on an idle connection if
       * there is one, else opens another up to this number, and only then pipelines it behind
       * the queries of a busy one. With many, each of a page's queries goes out alone on its own
       * connection and wakes its own server process: on 2 cores a pool of 10 cost PostgreSQL a
       * third more CPU per staff search page than a pool of 2–4, and the app more writes. At
       * least 2: migrating holds one connection under a lock while it uses another.
       */
      max?: number;
      /**
       * Named prepared statements for the app's queries (default true). Off for a connection
       * pooler in transaction mode (PgBouncer before 1.21), which cannot keep them.
       */
      prepare?: boolean;
      /**
       * Connections of the second pool, for the statements `preparedQuery` keeps (default 2;
       * none without prepared statements). Its queries are short reads outside transactions.
       */
      steadyMax?: number;
      /**
       * How long opening a connection may take before its queries fail (postgres.js waits 30 s
       * by default). The server passes DATABASE_CONNECT_TIMEOUT_MS, so a request while PostgreSQL
       * cannot be reached answers 503 in seconds instead of hanging (see unreachable.server.ts).
       */
      connectTimeoutMs?: number;
      /**
       * statement_timeout and idle_in_transaction_session_timeout of every connection (none by
       * default, so scripts and migrations run as long as they need). The server passes
       * DATABASE_STATEMENT_TIMEOUT_MS: a stuck statement or transaction lets go of its locks.
       */
      statementTimeoutMs?: number;
    }
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob };

/** postgres.js settings both pools share: notices ignored, the connection's time limits. */
function connectionOptions(options: Extract<OpenOptions, { kind: "postgres" }>) {
  const limit = options.statementTimeoutMs;
  return {
    onnotice: () => {},
    // After a failed connection postgres.js waits before the next attempt, and the queries that
    // need it wait too: by default up to 20 s, growing with each failure, so while PostgreSQL was
    // down each request hung longer than the last. At most a second here (with the same jitter):
    // a request learns of an outage in about connectTimeoutMs, and each connection still tries
    // again no more than once or twice a second.
    backoff: (retries: number) => (0.5 + Math.random() / 2) * Math.min(3 ** retries / 100, 1),
    ...(options.connectTimeoutMs ? { connect_timeout: options.connectTimeoutMs / 1000 } : {}),
    connection: {
      application_name: "passage",
      ...(limit ? { statement_timeout: limit, idle_in_transaction_session_timeout: limit } : {}),
    },
  };
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const prepare = options.prepare ?? true;
    const shared = connectionOptions(options);
    const client = postgres(options.url, {
      ...shared,
      max: options.max ?? 4,
      prepare,
      connection: {
        ...shared.connection,
        // A prepared statement is still planned for each run's own values, as an unnamed one
        // is: a search pattern or a list of ids never runs on a plan made for another.
        ...(prepare ? { plan_cache_mode: "force_custom_plan" } : {}),
      },
    });
    const appClient = prepare ? withPreparedStatements(client) : client;
    const db = drizzlePostgres(appClient, { schema, casing: "snake_case" }) as unknown as Db;
    if (!prepare) {
      return { db, kind: "postgres", sql: client, close: () => client.end({ timeout: 5 }) };
    }
    // The statements whose best plan never depends on the values (see preparedQuery).
    const steadySql = postgres(options.url, {
      ...shared,
      max: options.steadyMax ?? 2,
      prepare: true,
      connection: { ...shared.connection, plan_cache_mode: "auto" },
    });
    const steadyDb = drizzlePostgres(withPreparedStatements(steadySql), {
      schema,
      casing: "snake_case",
    }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      sql: client,
      steadyDb,
      steadySql,
      close: async () => {
        await Promise.all([client.end({ timeout: 5 }), steadySql.end({ timeout: 5 })]);
      },
    };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir ?? "memory://", {
    extensions: { pg_trgm },
    loadDataDir: options.loadDataDir,
  });
  const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Db;
  return { db, kind: "pglite", pglite: client, close: () => client.close() };
}

/**
 * Drizzle sends every query as an unnamed statement (`prepare: false`), so for each run
 * postgres.js first asks PostgreSQL for the parameter types (a round trip of its own) and
 * PostgreSQL parses the text again. This client has postgres.js keep one named statement per query
 * text on each connection (dropped when the connection is recycled, at most an hour), so a query
 * that ran before goes out as one write and one round trip. Transactions and savepoints get the
 * same. One process answers a signed-in search's data about a fifth faster (decision record 3).
 */
function withPreparedStatements<T extends postgres.Sql | postgres.TransactionSql>(sql: T): T {
  type Unsafe = postgres.Sql["unsafe"];
  type Scoped = (tx: postgres.TransactionSql) => unknown;
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === "unsafe") {
        return ((query, parameters, options) =>
          target.unsafe(query, parameters, { ...options, prepare: true })) as Unsafe;
      }
      if (property === "begin" || property === "savepoint") {
        // begin([options,] fn) and savepoint([name,] fn): the scoped client is the last argument's.
        return (...args: unknown[]) => {
          const scoped = args.pop() as Scoped;
          const open = Reflect.get(target, property, target) as (...a: unknown[]) => unknown;
          return open(...args, (tx: postgres.TransactionSql) => scoped(withPreparedStatements(tx)));
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

const MIGRATION_LOCK_ID = 7_240_001;

/** Runs the migrations not yet applied (`folder`: another journal, for a test that stops halfway). */
export async function migrateDatabase(database: Database, folder = MIGRATIONS_DIR) {
  const config = { migrationsFolder: folder };
  if (database.kind === "pglite") {
    await migratePglite(database.db as never, config);
    return;
  }
  // Several app processes may start together against one PostgreSQL: one migrates at a time.
  // The lock holds one pooled connection while migrating uses another, so the pool needs max >= 2.
  const client = database.sql!;
  const lockHolder = await client.reserve();
  try {
    await lockHolder`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    await migratePostgres(drizzlePostgres(client), config);
  } finally {
    await lockHolder`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
    lockHolder.release();
  }
}

/** The process-wide database, registered by the server at start-up (or by a test). */
export function db(): Db {
  return lookup<Database>("database").db;
}

export function database(): Database {
  return lookup<Database>("database");
}

export function setDatabase(value: Database) {
  register("database", value);
}

export async function closeDatabase() {
  const current = lookup<Database>("database");
  unregister("database");
  await current.close();
}

export async function pingDatabase(): Promise<void> {
  await db().execute(sql`select 1`);
}

/**
 * A query drizzle builds once per database and runs with each call's values (`sql.placeholder`):
 * for the few queries every signed-in page runs, building the SQL cost more than running it.
 * `const unread = preparedQuery((db) => db.select()…where(eq(col, sql.placeholder("id"))).prepare("name"))`
 * then `await unread().execute({ id })`. Outside a transaction only.
 *
 * On PostgreSQL these run on a pool of their own whose connections let PostgreSQL keep a generic
 * plan once it is no dearer than planning each run: planning was most of what PostgreSQL did for
 * them (decision record 11). Every other query is still planned for its own values
 * (`force_custom_plan`, decision record 3). A statement whose best plan depends on a value, a
 * search pattern above all (`like $1`: a generic plan reads the trigram index whole for two
 * letters, 20 times slower than a scan), says `planEachRun` and stays on the main pool.
 */
export function preparedQuery<Q>(
  prepare: (db: Db) => Q,
  options: { planEachRun?: boolean } = {},
): () => Q {
  const byDatabase = new WeakMap<Db, Q>();
  return () => {
    const current = database();
    const on = options.planEachRun ? current.db : (current.steadyDb ?? current.db);
    let query = byDatabase.get(on);
    if (query === undefined) byDatabase.set(on, (query = prepare(on)));
    return query;
  };
}

/** Raw SQL rows on either driver (PGlite answers `{ rows }`, postgres.js an array). */
export async function queryRows<T>(query: SQL, on: Db = db()): Promise<T[]> {
  const result: unknown = await on.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
