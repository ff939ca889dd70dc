import type * as React from "react";
import { cn } from "~/app/lib/utils";

// Class lists are joined, never merged (no tailwind-merge in the browser): what a caller may
// change (the border's colour, the header's layout, the title's size) is a prop, not an override.

export function Card({
  className,
  highlight = false,
  ...props
}: React.ComponentProps<"div"> & { highlight?: boolean }) {
  // A card named by its heading is a group of that name: a plain <div> may not carry a name
  // (the HTML checker and assistive technology both ignore it there).
  const role = props.role ?? (props["aria-labelledby"] ? "group" : undefined);
  return (
    <div
      role={role}
      className={cn(
        "rounded-xl border bg-white shadow-sm",
        highlight ? "border-primary-200" : "border-slate-200",
        className,
      )}
      {...props}
    />
  );
}

const HEADER_LAYOUTS = {
  stack: "grid gap-1",
  row: "flex flex-row flex-wrap items-center justify-between gap-2",
  rowTop: "flex flex-row flex-wrap items-start justify-between gap-2",
} as const;

export function CardHeader({
  className,
  layout = "stack",
  ...props
}: React.ComponentProps<"div"> & {
  /** `row` puts the title and what follows it side by side (wrapping on a narrow screen), centred;
   * `rowTop` aligns them at the top. */
  layout?: keyof typeof HEADER_LAYOUTS;
}) {
  return <div className={cn(HEADER_LAYOUTS[layout], "p-5 pb-3", className)} {...props} />;
}

const TITLE_SIZES = { base: "text-base", lg: "text-lg", xl: "text-xl" } as const;
export type CardTitleSize = keyof typeof TITLE_SIZES;

export function CardTitle({
  className,
  size = "lg",
  children,
  ...props
}: React.ComponentProps<"h2"> & { size?: CardTitleSize }) {
  return (
    <h2 className={cn(TITLE_SIZES[size], "font-semibold text-slate-900", className)} {...props}>
      {children}
    </h2>
  );
}
export function CardDescription({ className, ...props }: React.ComponentProps<"p">) {
  return <p className={cn("text-sm text-slate-600", className)} {...props} />;
}
/** The card's body, under a header (`p-5 pt-0`); `alone` pads it all round, for a card without one. */
export function CardContent({
  className,
  alone = false,
  ...props
}: React.ComponentProps<"div"> & { alone?: boolean }) {
  return <div className={cn(alone ? "p-5" : "p-5 pt-0", className)} {...props} />;
}
