import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { buttonVariants } from "~/app/components/ui/button";
import { cn } from "~/app/lib/utils";

/**
 * Previous / next for a paged admin list. A list that counts only up to a cap (`capped`: more
 * than `total` rows) says so, and offers Next while `hasNext`.
 */
export function Pager({
  page,
  pageSize,
  total,
  capped = false,
  hasNext,
}: {
  page: number;
  pageSize: number;
  total: number;
  capped?: boolean;
  hasNext?: boolean;
}) {
  const { t } = useTranslation("admin");
  const [params] = useSearchParams();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const next = hasNext ?? page < pages;
  const href = (p: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(p));
    for (const k of ["edit", "new", "view"]) next.delete(k);
    return `?${next.toString()}`;
  };
  const link = (p: number, label: string, rel: string, disabled: boolean) =>
    disabled ? (
      <span
        className={cn(buttonVariants({ variant: "outline", size: "sm" }), "opacity-50")}
        aria-disabled
      >
        {label}
      </span>
    ) : (
      <Link to={href(p)} rel={rel} className={buttonVariants({ variant: "outline", size: "sm" })}>
        {label}
      </Link>
    );
  return (
    <nav
      aria-label={t("pager.label")}
      className="flex flex-wrap items-center justify-between gap-2 pt-4"
    >
      <p className="text-sm text-slate-600" data-testid="pager-summary">
        {capped
          ? t("pager.summaryMore", { page, total })
          : t("pager.summary", { page, pages, total })}
      </p>
      <div className="flex gap-2">
        {link(page - 1, t("pager.previous"), "prev", page <= 1)}
        {link(page + 1, t("pager.next"), "next", !next)}
      </div>
    </nav>
  );
}
