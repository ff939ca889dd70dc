import { SearchXIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "~/app/components/empty-state";
import { Link } from "~/app/components/localized";
import { buttonVariants } from "~/app/components/ui/button";

/*
 * The pieces of a public catalogue's list page (jobs at /jobs, study programs at /study): the
 * same heading (its title and line from the catalogue's namespace), results region and empty
 * state.
 */

/** The numbers of the first and last item shown, for "Showing 13–24 of 80". */
export function shownRange(page: { page: number; pageSize: number; items: unknown[] }) {
  const before = (page.page - 1) * page.pageSize;
  return { from: before + 1, to: before + page.items.length };
}

/**
 * The page's heading: its title and the line under it (`list.title`, `list.subtitle` of the
 * catalogue's namespace `ns`) and the count of what it lists.
 */
export function CatalogueHeader({
  ns,
  countTestId,
  children,
}: {
  ns: "jobs" | "study";
  countTestId: string;
  /** The count line. */
  children: ReactNode;
}) {
  const { t } = useTranslation(ns);
  return (
    <header className="grid gap-2">
      <h1 className="text-3xl font-bold text-slate-900">{t("list.title")}</h1>
      <p className="text-slate-700">{t("list.subtitle")}</p>
      <p className="text-sm text-slate-700" data-testid={countTestId}>
        {children}
      </p>
    </header>
  );
}

/**
 * The results: a region named by a heading only screen readers read, busy while a search loads;
 * when nothing matches, says so, with the way back to the whole list after a filtered search.
 */
export function CatalogueResults({
  id,
  label,
  loading,
  empty,
  children,
}: {
  id: string;
  label: string;
  loading: boolean;
  /** Shown instead of `children` when nothing matches (`clear` only after a filtered search). */
  empty: { title: string; body: string; clear?: { to: string; label: string } } | null;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} aria-busy={loading || undefined} className="grid gap-4">
      <h2 id={id} className="sr-only">
        {label}
      </h2>
      {empty ? (
        <EmptyState icon={SearchXIcon} title={empty.title} body={empty.body}>
          {empty.clear ? (
            <Link to={empty.clear.to} className={buttonVariants({ variant: "outline" })}>
              {empty.clear.label}
            </Link>
          ) : null}
        </EmptyState>
      ) : (
        children
      )}
    </section>
  );
}
