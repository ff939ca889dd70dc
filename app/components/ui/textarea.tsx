import type * as React from "react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "~/app/lib/utils";
import { frame, regular } from "./input";

// Its own module, in the forms file (vite.config.ts): the counter's code is loaded by pages with a
// form, not by every public page through the shell.

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
