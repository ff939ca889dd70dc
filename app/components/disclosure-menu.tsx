import { ChevronDownIcon } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { cn } from "~/app/lib/utils";

// Each way the menu can look, written whole: class lists are joined, never merged, so a
// variant replaces the default instead of overriding some of its classes.
const PANELS = {
  right:
    "absolute right-0 z-40 mt-1 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg",
  left: "absolute left-0 z-40 mt-1 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg",
  sheet:
    "fixed inset-x-0 top-16 z-40 max-h-[calc(100vh-4rem)] min-w-56 overflow-y-auto border-y border-slate-200 bg-white p-3 shadow-lg",
} as const;

/**
 * A drop-down built on <details>: it opens before JavaScript loads; once loaded it also closes
 * on Escape, on a click outside, and after a choice.
 */
export function DisclosureMenu({
  label,
  children,
  className,
  panel = "right",
  summaryClassName = "px-3 py-2",
  chevron = true,
}: {
  label: ReactNode;
  children: ReactNode;
  className?: string;
  /** Where the panel opens: under the summary's right or left edge, or as a full-width sheet. */
  panel?: keyof typeof PANELS;
  /** The summary's padding and border (default `px-3 py-2`). */
  summaryClassName?: string;
  chevron?: boolean;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const close = () => details.removeAttribute("open");
    const onPointer = (e: PointerEvent) => {
      if (!details.contains(e.target as Node)) close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && details.open) {
        close();
        details.querySelector("summary")?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if ((e.target as HTMLElement).closest("a,button[type=submit]")) close();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    details.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
      details.removeEventListener("click", onClick);
    };
  }, []);
  return (
    <details ref={ref} className={cn("group relative", className)}>
      <summary
        className={cn(
          "flex cursor-pointer list-none items-center gap-1 rounded-md text-sm font-medium text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden",
          summaryClassName,
        )}
      >
        {label}
        {chevron ? (
          <ChevronDownIcon
            className="size-4 transition-transform group-open:rotate-180"
            aria-hidden
          />
        ) : null}
      </summary>
      <div className={PANELS[panel]}>{children}</div>
    </details>
  );
}
