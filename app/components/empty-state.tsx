import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/app/components/ui/button";

/**
 * What a list shows when it has nothing: an icon, a line that says so, and the way on: a
 * button-styled link to the address as written (the dashboard's lists), or what the caller puts
 * in `children` (a public page's link, which keeps the page's language).
 */
export function EmptyState({
  icon: Icon,
  title,
  titleClassName = "text-lg font-semibold text-slate-900",
  body,
  to,
  cta,
  ctaVariant,
  children,
}: {
  icon?: LucideIcon;
  title: string;
  titleClassName?: string;
  body?: string;
  /** The way on: a button-styled link to `to`, labelled `cta`. */
  to?: string;
  cta?: string;
  ctaVariant?: "outline";
  children?: ReactNode;
}) {
  return (
    <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
      {Icon ? <Icon className="size-8 text-slate-500" aria-hidden /> : null}
      <p className={titleClassName}>{title}</p>
      {body ? <p className="max-w-md text-sm text-slate-600">{body}</p> : null}
      {to ? (
        <Link to={to} className={buttonVariants({ variant: ctaVariant })}>
          {cta}
        </Link>
      ) : null}
      {children}
    </div>
  );
}

/** The empty state of an applicant's own list of jobs (alerts, saved jobs): the way on is the jobs. */
export function NoJobsYet(props: { icon: LucideIcon; title: string; cta: string }) {
  return <EmptyState {...props} to="/jobs" />;
}
