import { SearchXIcon } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "~/app/components/empty-state";
import { Link } from "~/app/components/localized";
import { buttonVariants } from "~/app/components/ui/button";

/*
 * The pieces of a public catalogue's list page (jobs at /jobs, study programs at /study): the
 * same heading, results region and empty state, each page with its own strings.
 */

/** The numbers of the first and last item shown, for "Showing 13–24 of 80". */
export function shownRange(page: { page: number; pageSize: number; items: unknown[] }) {
  const before = (page.page - 1) * page.pageSize;
  return { from: before + 1, to: before + page.items.length };
}

/** The page's heading: its title, the line under it and the count of what it lists. */
export function CatalogueHeader({
  title,
  subtitle,
  countTestId,
  children,
}: {
  title: string;
  subtitle: string;
  countTestId: string;
  /** The count line. */
  children: ReactNode;
}) {
  return (
    <header className="grid gap-2">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="text-slate-700">{subtitle}</p>
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
