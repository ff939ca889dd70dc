import type * as React from "react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "~/app/lib/utils";

// Class lists are joined, never merged (no tailwind-merge in the browser): what one control sets
// differently from another (height, width, text size) is not in the shared frame.
const frame =
  "flex rounded-md border border-slate-300 bg-white px-3 text-slate-900 placeholder:text-slate-500 disabled:cursor-not-allowed disabled:bg-slate-100 aria-[invalid=true]:border-red-600";
const regular = "w-full py-2 text-base sm:text-sm";

export const inputClass = `${frame} ${regular} h-10`;

/** A file input: as tall as its button, which is styled like the page's light buttons. */
export const fileInputClass = `${frame} w-full py-1.5 text-base sm:text-sm file:mr-3 file:rounded file:border-0 file:bg-primary-50 file:px-3 file:py-1 file:text-sm file:font-medium file:text-primary-800`;

export function Input({ className, ...props }: React.ComponentProps<"input">) {
  return <input className={cn(inputClass, className)} {...props} />;
}

/**
 * A multi-line text box. With `maxLength` it shows how much room is left ("120 / 1000") instead of
 * cutting what is typed or pasted at the limit without a word: text past the limit stays, the
 * counter says how much to remove, and the server refuses it with its message (which the form
 * shows, keeping the text).
 */
export function Textarea({ className, maxLength, ...props }: React.ComponentProps<"textarea">) {
  const classes = cn(frame, regular, "min-h-24", className);
  if (!maxLength) return <textarea className={classes} {...props} />;
  return <CountedTextarea className={classes} max={maxLength} {...props} />;
}

function CountedTextarea({
  max,
  onInput,
  ...props
}: React.ComponentProps<"textarea"> & { max: number }) {
  const { t } = useTranslation("common");
  const generatedId = useId();
  const counterId = `${props.id ?? generatedId}-count`;
  const initial = String(props.value ?? props.defaultValue ?? "").length;
  const [length, setLength] = useState(initial);
  const over = length - max;
  return (
    <>
      <textarea
        {...props}
        aria-describedby={cn(props["aria-describedby"], counterId)}
        onInput={(event) => {
          setLength(event.currentTarget.value.length);
          onInput?.(event);
        }}
      />
      <p
        id={counterId}
        className={cn("text-xs", over > 0 ? "font-medium text-red-700" : "text-slate-600")}
        data-testid="text-counter"
        // Said when it matters (too long), not at every key.
        aria-live={over > 0 ? "polite" : "off"}
      >
        {over > 0
          ? t("fields.tooMany", { count: over, max })
          : t("fields.counter", { length, max })}
      </p>
    </>
  );
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
