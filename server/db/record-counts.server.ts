import { sql } from "drizzle-orm";
import { type Db, preparedQuery } from "./client.server";
import { recordCounts } from "./schema";

/** The keys as one array value, so the SQL is the same for any set of keys. */
const countsQuery = (on: Db) =>
  on
    .select({ key: recordCounts.key, n: recordCounts.n })
    .from(recordCounts)
    .where(sql`${recordCounts.key} = any(${sql.placeholder("keys")}::text[])`);

// Back-office pages read them on every request: built once.
const keptCountsQuery = preparedQuery((db) => countsQuery(db).prepare("passage_record_counts"));

/**
 * Counts kept exact by triggers (record_counts; migrations 0005, 0022, 0023), by key: a key with no
 * row yet counts 0. `on` reads them inside a transaction.
 */
export async function readCounts<K extends string>(
  keys: readonly K[],
  on?: Db,
): Promise<Record<K, number>> {
  const values = { keys: [...keys] };
  const rows = await (on ? countsQuery(on).execute(values) : keptCountsQuery().execute(values));
  const byKey = new Map(rows.map((r) => [r.key, Number(r.n)]));
  return Object.fromEntries(keys.map((key) => [key, byKey.get(key) ?? 0])) as Record<K, number>;
}

/** The kept count of applications in a status (both kinds; migration 0005). */
export const applicationsInStatus = (status: string) => `applications:${status}`;

/** The kept count of one kind's applications in a status (migration 0022). */
export const applicationsOfKindInStatus = (kind: string, status: string) =>
  `applications_by_kind:${kind}:${status}`;
