import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Link } from "~/app/components/localized";
import { buttonVariants } from "~/app/components/ui/button";
import type { PageInfo } from "~/domain/pagination";

/**
 * The one pager: Previous / where we are / Next, as links that keep every other search parameter
 * of the current URL (filters, search), so it works before JavaScript loads. Renders a Page<T> from
 * paginate() (domain/pagination.ts): a capped list offers Next while `hasNext` (and, `withTotal`,
 * says "more than N") up to its last reachable page, where it asks to narrow the search (`limited`).
 * A single page shows nothing unless `withTotal` (back-office lists show their count).
 */
export function Pager({
  page: info,
  label,
  previous,
  next,
  withTotal = false,
  drop = [],
  param = "page",
}: {
  page: Pick<PageInfo, "page" | "pageCount" | "hasNext" | "total" | "capped" | "limited">;
  /** The nav's accessible name; "Pages" by default. */
  label?: string;
  /** Link texts when "Previous" / "Next" would be vague (news: "Newer posts" / "Older posts"). */
  previous?: string;
  next?: string;
  /** Say how many there are in total, even on a single page. */
  withTotal?: boolean;
  /** Search parameters the links leave out (say, the one that opens a dialog over the list). */
  drop?: readonly string[];
  /** The search parameter holding the page: another than `page` when a screen pages two lists. */
  param?: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const { page, pageCount, hasNext, total, capped, limited } = info;
  if (page <= 1 && !hasNext && !withTotal) return null;
  const hrefFor = (p: number) => {
    const params = new URLSearchParams(location.search);
    for (const key of drop) params.delete(key);
    if (p <= 1) params.delete(param);
    else params.set(param, String(p));
    const s = params.toString();
    return `${location.pathname}${s ? `?${s}` : ""}`;
  };
  const summary = withTotal
    ? capped
      ? t("pager.summaryMore", { page, total })
      : t("pager.summaryTotal", { page, pages: pageCount ?? page, total })
    : pageCount === null
      ? t("actions.page", { page })
      : t("actions.pageOf", { page, pages: pageCount });
  const link = buttonVariants({ variant: "outline", size: "sm" });
  // Dimmed by colour, not opacity: the label keeps a 4.5:1 contrast (Lighthouse checks it).
  const disabled = buttonVariants({ variant: "outlineDisabled", size: "sm" });
  const previousText = previous ?? t("actions.previous");
  const nextText = next ?? t("actions.next");
  return (
    <nav
      aria-label={label ?? t("pager.label")}
      className="flex flex-wrap items-center justify-between gap-3 pt-4"
    >
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={link} rel="prev">
          <ChevronLeftIcon aria-hidden />
          {previousText}
        </Link>
      ) : (
        <span className={disabled} aria-hidden>
          <ChevronLeftIcon aria-hidden />
          {previousText}
        </span>
      )}
      <p className="text-sm text-slate-700" aria-current="page" data-testid="pager-summary">
        {summary}
      </p>
      {hasNext ? (
        <Link to={hrefFor(page + 1)} className={link} rel="next">
          {nextText}
          <ChevronRightIcon aria-hidden />
        </Link>
      ) : (
        <span className={disabled} aria-hidden>
          {nextText}
          <ChevronRightIcon aria-hidden />
        </span>
      )}
      {limited ? (
        <p className="w-full text-sm text-slate-700" data-testid="pager-limited">
          {t("pager.limited", { total })}
        </p>
      ) : null}
    </nav>
  );
}
