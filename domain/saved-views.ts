import { z } from "zod";
import { parseApplicationFilter } from "./applications";
import { requiredText } from "./text-fields";

// A staff member's saved filters of the applications list. Messages are
// translation keys of the "admin" namespace.

export const SAVED_VIEW_NAME_MAX = 80;
/** A person keeps at most this many: the sidebar lists every one. */
export const SAVED_VIEWS_MAX = 30;

const viewName = requiredText(
  SAVED_VIEW_NAME_MAX,
  "errors.viewNameRequired",
  "errors.viewNameTooLong",
);

export const SaveViewSchema = z.object({
  intent: z.literal("create"),
  name: viewName,
  /** The list's query string as it was on screen; only its filters are kept. */
  query: z.string().max(2000).default(""),
});

export const RenameViewSchema = z.object({
  intent: z.literal("rename"),
  viewId: z.uuid("errors.notFound"),
  name: viewName,
});

export const DeleteViewSchema = z.object({
  intent: z.literal("delete"),
  viewId: z.uuid("errors.notFound"),
});

export const SavedViewFormSchema = z.discriminatedUnion("intent", [
  SaveViewSchema,
  RenameViewSchema,
  DeleteViewSchema,
]);
export type SavedViewForm = z.infer<typeof SavedViewFormSchema>;

/**
 * Filters of the list whose values depend on who is looking (an owner: "me", "none" or a staff
 * id; an office among the viewer's): kept as written, and checked by the list when the view opens,
 * so a view saved by someone who later loses an office opens without that filter.
 */
const VIEWER_CHECKED_PARAMS = ["owner", "office"] as const;

/**
 * The applications list's filters of a query string, as a query string: whatever
 * parseApplicationFilter (the list's reader of its filters) understands, and the viewer-checked
 * filters above; nothing else (no page, no open dialog, no value the list would ignore). A filter
 * added to parseApplicationFilter later is kept without a change here, as long as its URL
 * parameter has its field's name.
 */
export function applicationViewQuery(search: string | URLSearchParams): string {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const filter = parseApplicationFilter(params) as Record<string, unknown>;
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value === null || value === undefined || value === "" || value === false) continue;
    if (Array.isArray(value)) {
      for (const v of value) out.append(key, String(v));
    } else if (typeof value === "string") {
      const text = value.trim();
      if (text) out.set(key, text);
    } else {
      // A value the reader turned into something else (a number, a date): keep what was written.
      const raw = params.get(key);
      if (raw) out.set(key, raw);
    }
  }
  for (const key of VIEWER_CHECKED_PARAMS) {
    const raw = (params.get(key) ?? "").trim().slice(0, 100);
    // eslint-disable-next-line no-control-regex -- control characters are never a filter value
    if (raw && !out.has(key) && !/[\u0000-\u001f]/.test(raw)) out.set(key, raw);
  }
  return out.toString();
}

/** Where a saved view opens. */
export function savedViewHref(query: string) {
  return query ? `/admin/applications?${query}` : "/admin/applications";
}
