import { SearchIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useAdminT } from "./use-admin-t";

/** Whether a key press belongs to a field the person is typing in (then `/` is just a slash). */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.tagName === "INPUT" ||
    target.tagName === "TEXTAREA" ||
    target.tagName === "SELECT"
  );
}

/**
 * The back-office's search box, in the header of every staff page: a plain GET form to
 * /admin/search (so it works before JavaScript loads). Once JavaScript runs, `/` anywhere outside
 * a field puts the cursor in it.
 */
export function BackOfficeSearch() {
  const { t } = useAdminT();
  const input = useRef<HTMLInputElement>(null);
  const { pathname, search } = useLocation();
  // On the results page the box shows what was searched.
  const current = pathname === "/admin/search" ? (new URLSearchParams(search).get("q") ?? "") : "";

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typingIn(event.target) || event.defaultPrevented) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  return (
    <form
      method="get"
      action="/admin/search"
      role="search"
      aria-label={t("search.label")}
      className="order-last flex w-full items-center gap-1 sm:order-none sm:w-auto sm:max-w-md sm:flex-1"
    >
      <label htmlFor="back-office-search" className="sr-only">
        {t("search.label")}
      </label>
      <input
        ref={input}
        id="back-office-search"
        key={current}
        name="q"
        type="search"
        defaultValue={current}
        maxLength={100}
        placeholder={t("search.placeholder")}
        aria-keyshortcuts="/"
        className="h-9 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none"
      />
      <button
        type="submit"
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none"
      >
        <SearchIcon aria-hidden className="size-4" />
        <span className="sr-only">{t("search.go")}</span>
      </button>
    </form>
  );
}
