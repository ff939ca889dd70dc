import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { cn } from "~/app/lib/utils";
import { buttonVariants } from "./ui/button";

/**
 * Previous / next links that keep every other search parameter of the current URL. A list that
 * does not know its page count (pageCount null) says only "Page N" and offers Next while hasNext.
 */
export function Pagination({
  page,
  pageCount,
  hasNext = pageCount !== null && page < pageCount,
  label,
}: {
  page: number;
  pageCount: number | null;
  hasNext?: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  if (page <= 1 && !hasNext) return null;
  const hrefFor = (p: number) => {
    const params = new URLSearchParams(location.search);
    if (p <= 1) params.delete("page");
    else params.set("page", String(p));
    const s = params.toString();
    return `${location.pathname}${s ? `?${s}` : ""}`;
  };
  const link = buttonVariants({ variant: "outline", size: "sm" });
  // Dimmed by colour, not opacity: the label keeps a 4.5:1 contrast (Lighthouse checks it).
  const disabled = cn(link, "pointer-events-none border-slate-200 text-slate-500");
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={link} rel="prev">
          <ChevronLeftIcon aria-hidden />
          {t("actions.previous")}
        </Link>
      ) : (
        <span className={disabled} aria-hidden>
          <ChevronLeftIcon />
          {t("actions.previous")}
        </span>
      )}
      <p className="text-sm text-slate-700" aria-current="page">
        {pageCount === null
          ? t("actions.page", { page })
          : t("actions.pageOf", { page, pages: pageCount })}
      </p>
      {hasNext ? (
        <Link to={hrefFor(page + 1)} className={link} rel="next">
          {t("actions.next")}
          <ChevronRightIcon aria-hidden />
        </Link>
      ) : (
        <span className={disabled} aria-hidden>
          {t("actions.next")}
          <ChevronRightIcon />
        </span>
      )}
    </nav>
  );
}
