import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client.server";

/**
 * One whole row by its id, locked (FOR UPDATE) until the transaction `tx` ends, so a change made
 * at the same moment waits for this one; undefined when there is no such row.
 */
export async function lockRowById<T extends PgTable & { id: PgColumn }>(
  tx: Db,
  table: T,
  id: string,
): Promise<T["$inferSelect"] | undefined> {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for("update");
  return row;
}
