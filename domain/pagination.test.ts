import { describe, expect, it } from "vitest";
import { cappedPage, paginate, reachablePage, reachablePages, readPage } from "./pagination";

describe("readPage", () => {
  it("reads a whole page number from 1 to 99,999 and treats anything else as page 1", () => {
    expect(readPage(new URLSearchParams("page=3"))).toBe(3);
    expect(readPage(new URL("https://x.test/jobs?page=99999"))).toBe(99_999);
    for (const wild of ["0", "-2", "1.5", "9e21", "abc", "100000", ""]) {
      expect(readPage(new URLSearchParams({ page: wild }))).toBe(1);
    }
    expect(readPage(new URLSearchParams())).toBe(1);
    expect(readPage(null)).toBe(1);
  });
});

describe("paginate", () => {
  const rowsOf = (all: number[]) => async (limit: number, offset: number) =>
    all.slice(offset, offset + limit);
  const all = Array.from({ length: 45 }, (_, i) => i + 1);
  /** Page `page` of the 45 numbers, 20 to a page. */
  const pageOfAll = (page: number) =>
    paginate({ page, pageSize: 20, count: async () => all.length, rows: rowsOf(all) });

  it("reads one page and says how many pages there are", async () => {
    const page = await pageOfAll(2);
    expect(page).toEqual({
      items: all.slice(20, 40),
      page: 2,
      pageSize: 20,
      total: 45,
      capped: false,
      pageCount: 3,
      hasNext: true,
    });
  });

  it("shows the last page for a page past the end", async () => {
    const page = await pageOfAll(9);
    expect(page.page).toBe(3);
    expect(page.items).toEqual([41, 42, 43, 44, 45]);
    expect(page.hasNext).toBe(false);
  });

  it("an empty list is one empty page", async () => {
    const page = await paginate({ page: 1, pageSize: 20, count: async () => 0, rows: rowsOf([]) });
    expect(page).toMatchObject({ items: [], page: 1, pageCount: 1, hasNext: false });
  });
});

describe("cappedPage", () => {
  it("knows only 'more than the cap' and offers Next while one more row was read", () => {
    const page = cappedPage({ rows: [1, 2, 3], page: 4, pageSize: 2, cap: 1000 });
    expect(page).toEqual({
      items: [1, 2],
      page: 4,
      pageSize: 2,
      total: 1000,
      capped: true,
      pageCount: null,
      hasNext: true,
      limited: false,
    });
    expect(cappedPage({ rows: [1, 2], page: 5, pageSize: 2, cap: 1000 }).hasNext).toBe(false);
  });

  it("ends at the page that holds the cap's last match, saying more were left out", () => {
    // 1,000 matches at 12 a page fill 84 pages: the 84th is the last one offered.
    expect(reachablePages(1000, 12)).toBe(84);
    const last = cappedPage({ rows: Array(13).fill(0), page: 84, pageSize: 12, cap: 1000 });
    expect(last).toMatchObject({ hasNext: false, limited: true });
    const before = cappedPage({ rows: Array(13).fill(0), page: 83, pageSize: 12, cap: 1000 });
    expect(before).toMatchObject({ hasNext: true, limited: false });
  });
});

describe("reachablePage", () => {
  it("reads the deepest reachable page for any deeper request, and page 1 for nonsense", () => {
    expect(reachablePage(99_999, 12, 1000)).toBe(84);
    expect(reachablePage(84, 12, 1000)).toBe(84);
    expect(reachablePage(3, 12, 1000)).toBe(3);
    expect(reachablePage(0, 12, 1000)).toBe(1);
  });
});
