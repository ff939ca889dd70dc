import { type Db, db } from "~/server/db/client.server";
import { readCounts } from "~/server/db/record-counts.server";
import { keptAmongRecent } from "~/server/cache/until-change.server";

/**
 * The number of changes to what the staff applications search reads, kept by triggers in
 * record_counts (migration 0026): every write of job_applications, and every update of a
 * person's name, e-mail or office.
 */
export const APPLICATION_SEARCH_CHANGES = "application_search:changes";

/** Searches kept per database (each a count and a page of ids: well under a kilobyte). */
const MAX_KEPT = 1000;

type Kept = { changes: number; entries: Map<string, Promise<unknown>> };

const kept = new WeakMap<Db, Kept>();

/**
 * A staff search's result (what matches and which ids make the asked page), worked out once and
 * kept until the applications or their people change: in this process or in any other on the same
 * database, since the number of changes is read from the database before each search. Reading it
 * first means a kept result is never older than the number it is kept under: a change committed
 * after the reading gives the next search a new number. Paging through a search, or opening and
 * closing a row's dialogs (each reloads the list), then costs one small read instead of counting
 * up to a thousand matches again.
 *
 * `key` must name everything the result depends on besides the data: the filter, the viewer's
 * offices, the page. A failed search is not kept.
 */
export async function keptUntilApplicationsChange<T>(
  key: string,
  search: () => Promise<T>,
): Promise<T> {
  const database = db();
  const changes = (await readCounts([APPLICATION_SEARCH_CHANGES]))[APPLICATION_SEARCH_CHANGES];
  let store = kept.get(database);
  if (!store || changes !== store.changes) {
    // One number's results at a time. A reading that raced a change may briefly bring an older
    // number back: that only drops what was kept.
    store = { changes, entries: new Map() };
    kept.set(database, store);
  }
  return keptAmongRecent(store.entries, key, MAX_KEPT, search);
}
