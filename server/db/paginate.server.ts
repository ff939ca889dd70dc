import type { SQL } from "drizzle-orm";
import type { PgSelect, PgTable } from "drizzle-orm/pg-core";
import { type ExactPage, paginate } from "~/domain/pagination";
import { type Db, db } from "./client.server";

/**
 * One page of a list query (see paginate): counts the rows of `table` that match `where`, and
 * reads the page through `select`, the list's query already filtered by that same `where` and
 * ordered, made `$dynamic()` so the page's limit and offset can be added here.
 */
export function paginateSelect<Q extends PgSelect>(
  table: PgTable,
  where: SQL | undefined,
  paging: { page: number; pageSize: number },
  select: Q,
  on: Db = db(),
): Promise<ExactPage<Awaited<Q>[number]>> {
  return paginate({
    ...paging,
    count: () => on.$count(table, where),
    rows: (limit, offset) => select.limit(limit).offset(offset),
  });
}
