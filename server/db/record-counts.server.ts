import { sql } from "drizzle-orm";
import { preparedQuery } from "./client.server";
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

/**
 * Counts kept exact by triggers (record_counts; migrations 0005, 0022, 0023), by key: a key with no
 * row yet counts 0.
 */
export async function readCounts<K extends string>(keys: readonly K[]): Promise<Record<K, number>> {
  const rows = await countsQuery().execute({ keys: [...keys] });
  const byKey = new Map(rows.map((r) => [r.key, Number(r.n)]));
  return Object.fromEntries(keys.map((key) => [key, byKey.get(key) ?? 0])) as Record<K, number>;
}

/** The kept count of applications in a status (both kinds; migration 0005). */
export const applicationsInStatus = (status: string) => `applications:${status}`;

/** The kept count of one kind's applications in a status (migration 0022). */
export const applicationsOfKindInStatus = (kind: string, status: string) =>
  `applications_by_kind:${kind}:${status}`;
