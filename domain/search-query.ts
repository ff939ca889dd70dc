/**
 * A search's query string for a board's address (/jobs, /study): filters left empty and page 1 are
 * left out so URLs stay short; the filters keep the order given.
 */
export function searchQuery(filters: Record<string, string | undefined>, page?: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (page && page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `?${s}` : "";
}
