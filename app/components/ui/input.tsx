import type * as React from "react";
import { cn } from "~/app/lib/utils";

// Class lists are joined, never merged (no tailwind-merge in the browser): what one control sets
// differently from another (height, width, text size) is not in the shared frame.
export const frame =
  "flex rounded-md border border-slate-300 bg-white px-3 text-slate-900 placeholder:text-slate-500 disabled:cursor-not-allowed disabled:bg-slate-100 aria-[invalid=true]:border-red-600";
export const regular = "w-full py-2 text-base sm:text-sm";

export const inputClass = `${frame} ${regular} h-10`;

/** A file input: as tall as its button, which is styled like the page's light buttons. */
export const fileInputClass = `${frame} w-full py-1.5 text-base sm:text-sm file:mr-3 file:rounded file:border-0 file:bg-primary-50 file:px-3 file:py-1 file:text-sm file:font-medium file:text-primary-800`;

export function Input({ className, ...props }: React.ComponentProps<"input">) {
  return <input className={cn(inputClass, className)} {...props} />;
}

/**
 * A native select: works before JavaScript loads and on every phone. `compact` is the smaller one
 * of filter bars, table rows and board cards; `fit` makes it as wide as its options instead of
 * its container.
 */
export function NativeSelect({
  className,
  compact = false,
  fit = false,
  ...props
}: React.ComponentProps<"select"> & { compact?: boolean; fit?: boolean }) {
  const size = compact ? "h-9 py-2 text-sm" : "h-10 py-2 text-base sm:text-sm";
  // A width given by the caller (a list's `w-40`) replaces the default one instead of fighting it.
  const width = /(^|\s)w-/.test(className ?? "") ? null : fit ? "w-auto" : "w-full";
  return <select className={cn(frame, size, width, "pr-8", className)} {...props} />;
}

export function Label({ className, ...props }: React.ComponentProps<"label">) {
  return (
    // eslint-disable-next-line jsx-a11y/label-has-associated-control -- callers pass htmlFor
    <label className={cn("text-sm font-medium text-slate-800", className)} {...props} />
  );
}
