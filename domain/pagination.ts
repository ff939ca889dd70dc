import { z } from "zod";

// One way to page a list: the `?page=` parameter read by PageParamSchema, the rows read by
// paginate(), and one Page<T> shape that the one pager (app/components/pager.tsx) renders.

/** The highest page a URL may ask for; a wilder `?page=` is page 1, never an error. */
export const MAX_PAGE = 99_999;

/** `?page=`: a whole number from 1 to MAX_PAGE; anything else (missing, 0, -3, 1.5, "x") is 1. */
export const PageParamSchema = z
  .unknown()
  .transform((v) => (typeof v === "string" && /^\d{1,5}$/.test(v.trim()) ? Number(v) : 1))
  .transform((n) => (n >= 1 && n <= MAX_PAGE ? n : 1));

/** The page a URL asks for (`?page=`), from its search parameters or the whole URL. */
export function readPage(from: URLSearchParams | URL | string | null): number {
  const value =
    from instanceof URL
      ? from.searchParams.get("page")
      : from instanceof URLSearchParams
        ? from.get("page")
        : from;
  return PageParamSchema.parse(value ?? undefined);
}

/**
 * One page of a list. `total` counts the matches; a list that counts only up to a cap (the jobs
 * board and the staff lists stop at 1,000) is `capped`: then `total` is the cap, only "more than
 * `total`" is known, `pageCount` is null and the pager offers Next while `hasNext`.
 */
export type Page<T> = ExactPage<T> | CappedPage<T>;

type PageBase<T> = { items: T[]; page: number; pageSize: number; total: number; hasNext: boolean };
export type ExactPage<T> = PageBase<T> & { capped: false; pageCount: number; limited?: never };
/**
 * `limited`: more match than the list reaches (reachablePages): this is its last page, and the
 * pager asks the person to narrow the search instead of offering Next.
 */
export type CappedPage<T> = PageBase<T> & { capped: true; pageCount: null; limited: boolean };

/** What the pager needs of a page (the loader may send the items under another name). */
export type PageInfo = Omit<Page<unknown>, "items">;

export const lastPage = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(total / pageSize));

/**
 * How deep a list counted up to `cap` goes: the pages that hold its first `cap` matches. Deeper,
 * every page would walk more rows of the index than the last (at a million jobs `?page=99999`
 * cost 1.6 s); a person narrows the search instead, as on every large job board.
 */
export const reachablePages = (cap: number, pageSize: number) =>
  Math.max(1, Math.ceil(cap / pageSize));

/** The page to read when `requested` is asked of a list counted up to `cap`. */
export const reachablePage = (requested: number, pageSize: number, cap: number) =>
  Math.min(Math.max(1, requested), reachablePages(cap, pageSize));

/** A page whose total is known exactly. */
export function exactPage<T>(o: {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}): ExactPage<T> {
  const pageCount = lastPage(o.total, o.pageSize);
  return {
    items: o.items,
    page: o.page,
    pageSize: o.pageSize,
    total: o.total,
    capped: false,
    pageCount,
    hasNext: o.page < pageCount,
  };
}

/**
 * A page of a list counted only up to `cap` (more than `cap` match): `rows` were read with one row
 * more than the page size, which says whether a next page exists. The list ends at the last
 * reachable page (reachablePages), `limited` when more rows were there.
 */
export function cappedPage<T>(o: {
  rows: T[];
  page: number;
  pageSize: number;
  cap: number;
}): CappedPage<T> {
  const more = o.rows.length > o.pageSize;
  const last = o.page >= reachablePages(o.cap, o.pageSize);
  return {
    items: o.rows.slice(0, o.pageSize),
    page: o.page,
    pageSize: o.pageSize,
    total: o.cap,
    capped: true,
    pageCount: null,
    hasNext: more && !last,
    limited: more && last,
  };
}

/**
 * Reads one page: `count()` the matches and `rows(limit, offset)` the page, together. A page past
 * the end (a hand-edited or stale URL) shows the last page instead of an empty list.
 */
export async function paginate<T>(o: {
  page: number;
  pageSize: number;
  count: () => Promise<number>;
  rows: (limit: number, offset: number) => Promise<T[]>;
}): Promise<ExactPage<T>> {
  const { pageSize } = o;
  const requested = Math.max(1, o.page);
  const [total, items] = await Promise.all([
    o.count(),
    o.rows(pageSize, (requested - 1) * pageSize),
  ]);
  const page = Math.min(requested, lastPage(total, pageSize));
  if (page === requested) return exactPage({ items, page, pageSize, total });
  return exactPage({ items: await o.rows(pageSize, (page - 1) * pageSize), page, pageSize, total });
}
