import type * as React from "react";
import { Link } from "react-router";
import { cn } from "~/app/lib/utils";

/**
 * A back-office list: the rows as one table in the DOM (on phones each row becomes a card and each
 * cell shows its column name), or the `empty` note when there are none.
 */
export function ListTable<T>({
  columns,
  rows,
  empty,
  emptyTestId,
  children: renderRow,
}: {
  columns: React.ReactNode[];
  rows: T[];
  empty: React.ReactNode;
  emptyTestId?: string;
  children: (row: T) => React.ReactNode;
}) {
  if (rows.length === 0) {
    return (
      <div
        className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600"
        data-testid={emptyTestId}
      >
        {empty}
      </div>
    );
  }
  return (
    <div className="md:overflow-x-auto md:rounded-xl md:border md:border-slate-200 md:bg-white">
      <table className="w-full text-left text-sm max-md:block">
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase max-md:sr-only">
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-md:grid max-md:gap-3 md:divide-y md:divide-slate-200">
          {rows.map(renderRow)}
        </tbody>
      </table>
    </div>
  );
}

/** A list row's classes: a table row, and on phones a card. */
export const TR_CLASS =
  "align-top max-md:grid max-md:gap-2 max-md:rounded-xl max-md:border max-md:border-slate-200 max-md:bg-white max-md:p-4";

export function Tr({ className, ...props }: React.ComponentProps<"tr">) {
  return <tr className={cn(TR_CLASS, className)} {...props} />;
}

/** `label` is shown before the value on phones, where the header row is hidden. */
export function Td({
  label,
  className,
  children,
  ...props
}: React.ComponentProps<"td"> & { label?: string }) {
  return (
    <td className={cn("md:px-4 md:py-3", className)} {...props}>
      {label ? (
        <span className="block text-xs font-medium text-slate-500 md:hidden" aria-hidden>
          {label}
        </span>
      ) : null}
      {children}
    </td>
  );
}

/** An applicant's own page in the back-office, where every list that names them links. */
export function applicantHref(userId: string) {
  return `/admin/applicants/${encodeURIComponent(userId)}`;
}

/**
 * A person's first cell in a back-office row: their name (a link to their page when `href` is
 * given), e-mail address and country.
 */
export function PersonCell({
  name,
  email,
  country,
  href,
}: {
  name: string;
  email: string;
  country: string;
  href?: string;
}) {
  return (
    <Td>
      <p className="font-medium text-slate-900">
        {href ? (
          <Link
            to={href}
            // Found when followed, not as the list renders: a list names dozens of these pages,
            // and a click while React Router's render-time lookup was still out was lost
            // (remix-run/react-router#15327, fixed in 8.x only).
            discover="none"
            className="inline-flex min-h-6 items-center underline"
            data-testid="applicant-link"
          >
            {name}
          </Link>
        ) : (
          name
        )}
      </p>
      <p className="text-xs break-all text-slate-600">{email}</p>
      <p className="text-xs text-slate-600">{country}</p>
    </Td>
  );
}
