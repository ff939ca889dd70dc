import type * as React from "react";
import { cn } from "~/app/lib/utils";

// One table in the DOM: on phones each row becomes a card and each cell shows its column name.
export function DataTable({ className, ...props }: React.ComponentProps<"table">) {
  return (
    <div className="md:overflow-x-auto md:rounded-xl md:border md:border-slate-200 md:bg-white">
      <table className={cn("w-full text-left text-sm max-md:block", className)} {...props} />
    </div>
  );
}

export function DataHead({ children }: { children: React.ReactNode }) {
  return (
    <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase max-md:sr-only">
      <tr>{children}</tr>
    </thead>
  );
}

export function Th({ className, ...props }: React.ComponentProps<"th">) {
  return <th scope="col" className={cn("px-4 py-3 font-semibold", className)} {...props} />;
}

export function DataBody(props: React.ComponentProps<"tbody">) {
  return <tbody className="max-md:grid max-md:gap-3 md:divide-y md:divide-slate-200" {...props} />;
}

export function Tr({ className, ...props }: React.ComponentProps<"tr">) {
  return (
    <tr
      className={cn(
        "align-top max-md:grid max-md:gap-2 max-md:rounded-xl max-md:border max-md:border-slate-200 max-md:bg-white max-md:p-4",
        className,
      )}
      {...props}
    />
  );
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
