import { ArrowLeftIcon, ListChecksIcon, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "~/app/components/localized";
import { Alert } from "~/app/components/ui/alert";
import { buttonVariants } from "~/app/components/ui/button";
import { cn } from "~/app/lib/utils";

/*
 * The pieces of a public catalogue item's page (a job at /jobs/:id, a study program at
 * /study/:id): the same layout, lists and apply card, each page with its own strings.
 */

/** The page of an item that does not exist (or is hidden), with the way back to the list. */
export function DetailNotFound({
  title,
  body,
  listHref,
  browse,
}: {
  title: string;
  body: string;
  listHref: string;
  browse: string;
}) {
  return (
    <div className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="text-slate-700">{body}</p>
      <Link to={listHref} className={buttonVariants()}>
        {browse}
      </Link>
    </div>
  );
}

/** "Back to the list", at the top of the page. */
export function DetailBackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={buttonVariants({ variant: "ghost", className: "justify-self-start" })}>
      <ArrowLeftIcon aria-hidden />
      {children}
    </Link>
  );
}

/** The item itself in the main column; the apply card (`aside`) beside it, sticky on a wide screen. */
export function DetailColumns({ aside, children }: { aside: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem] lg:items-start">
      <article className="grid gap-6">{children}</article>
      <aside className="lg:sticky lg:top-20">{aside}</aside>
    </div>
  );
}

/** A titled section of the item's text, a paragraph for each blank-line-separated block. */
export function DetailText({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {text
        .split(/\n{2,}/)
        .filter(Boolean)
        .map((p, i) => (
          <p key={i} className="leading-relaxed text-slate-800">
            {p}
          </p>
        ))}
    </section>
  );
}

/**
 * A titled list of the item (requirements, benefits, documents), its points marked by `Icon`
 * (a check list's by default).
 */
export type DetailListSpec = {
  id: string;
  title: string;
  hint?: string;
  items: string[];
  Icon?: LucideIcon;
  /** The icon in the accent colour (benefits) rather than the primary one. */
  accent?: boolean;
};

/** The item's lists, one titled section each; `empty` is said of a list that has nothing. */
export function DetailLists({ lists, empty }: { lists: DetailListSpec[]; empty: string }) {
  return lists.map(({ id, title, hint, items, Icon = ListChecksIcon, accent }) => (
    <section key={id} aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
      {items.length ? (
        <ul className="grid gap-2">
          {items.map((item, i) => (
            <li key={i} className="flex gap-2 text-slate-800">
              <Icon
                className={cn(
                  "mt-0.5 size-4 shrink-0",
                  accent ? "text-accent-700" : "text-primary-700",
                )}
                aria-hidden
              />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">{empty}</p>
      )}
    </section>
  ));
}

/** The apply card of a visitor: sign in first (and come back here). */
export function SignInToApply({
  href,
  note,
  label,
}: {
  href: string;
  note: string;
  label: string;
}) {
  return (
    <>
      <p className="text-sm text-slate-700">{note}</p>
      <Link to={href} className={buttonVariants({ variant: "accent" })}>
        {label}
      </Link>
    </>
  );
}

/** The applicant has applied already: when, and the way to their applications. */
export function AlreadyApplied({
  title,
  body,
  link,
}: {
  title: string;
  body: string;
  link: string;
}) {
  return (
    <Alert tone="info" title={title}>
      <p>{body}</p>
      <Link to="/dashboard/applications" className="mt-2 inline-block font-medium underline">
        {link}
      </Link>
    </Alert>
  );
}
