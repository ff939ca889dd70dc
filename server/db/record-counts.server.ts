import { sql } from "drizzle-orm";
import { type Database, database, preparedQuery } from "./client.server";
import { recordCounts } from "./schema";

// Back-office pages read them on every request: built once, the keys as one array value (so the
// SQL is the same for any set of keys).
const countsQuery = preparedQuery((db) =>
  db
    .select({ key: recordCounts.key, n: recordCounts.n })
    .from(recordCounts)
    .where(sql`${recordCounts.key} = any(${sql.placeholder("keys")}::text[])`)
    .prepare("passage_record_counts"),
);

/** The reads asked for in this turn of the event loop, sent together as one query. */
type Batch = { database: Database; keys: Set<string>; counts: Promise<Map<string, number>> };
let batch: Batch | undefined;

function countsOf(keys: readonly string[]): Promise<Map<string, number>> {
  const current = database();
  if (!batch || batch.database !== current) {
    const next: Batch = { database: current, keys: new Set(), counts: Promise.resolve(new Map()) };
    // Sent once the code that asked has run on to its first await: every read asked for until
    // then (a page's cards and its list, say, which loaders start side by side) joins it.
    next.counts = Promise.resolve().then(async () => {
      if (batch === next) batch = undefined;
      const rows = await countsQuery().execute({ keys: [...next.keys] });
      return new Map(rows.map((r) => [r.key, Number(r.n)]));
    });
    batch = next;
  }
  for (const key of keys) batch.keys.add(key);
  return batch.counts;
}

/**
 * Counts kept exact by triggers (record_counts; migrations 0005, 0022, 0023, 0026), by key: a key
 * with no row yet counts 0. Reads asked for in the same turn share one query.
 */
export async function readCounts<K extends string>(keys: readonly K[]): Promise<Record<K, number>> {
  const byKey = await countsOf(keys);
  return Object.fromEntries(keys.map((key) => [key, byKey.get(key) ?? 0])) as Record<K, number>;
}

/** The kept count of applications in a status (both kinds; migration 0005). */
export const applicationsInStatus = (status: string) => `applications:${status}`;

/** The kept count of one kind's applications in a status (migration 0022). */
export const applicationsOfKindInStatus = (kind: string, status: string) =>
  `applications_by_kind:${kind}:${status}`;
