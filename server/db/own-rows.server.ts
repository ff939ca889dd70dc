import { desc, eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { db } from "./client.server";

/**
 * A person's own rows of one of their tables (documents, payments, notifications: each has the
 * owner in `user_id`), newest first by `newest`, at most `limit`: the lists of their own screens.
 */
export async function newestOwnRows<T extends PgTable & { userId: PgColumn }>(
  table: T,
  newest: PgColumn,
  ownerId: string,
  limit: number,
): Promise<T["$inferSelect"][]> {
  return db()
    .select()
    .from(table as PgTable)
    .where(eq(table.userId, ownerId))
    .orderBy(desc(newest))
    .limit(limit);
}
