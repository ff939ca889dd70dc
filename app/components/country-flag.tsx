import { GlobeIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/app/lib/utils";

/**
 * Countries with a flag in public/flags (small SVGs from country-flag-icons, MIT: see
 * public/flags/README.md). Emoji flags showed as boxes or letter pairs on Windows and on systems
 * without an emoji font; an image looks the same everywhere, and a page loads only those it shows.
 */
export const FLAG_CODES: ReadonlySet<string> = new Set([
  "AU",
  "CA",
  "CZ",
  "GB",
  "HU",
  "IE",
  "IN",
  "LT",
  "LV",
  "ME",
  "PL",
  "RS",
  "SK",
  "UA",
  "US",
  "ZA",
  "ZW",
]);

/** The flag's URL for a two-letter country code, or null when we have none (a globe is shown). */
export function flagSrc(code: string | null | undefined): string | null {
  const upper = code?.toUpperCase();
  return upper && FLAG_CODES.has(upper) ? `/flags/${upper}.svg` : null;
}

/**
 * A country's flag followed by its name. The name is the text a screen reader reads; the flag
 * beside it is decoration (alt=""), so the country is announced once, by name.
 */
export function CountryFlag({
  code,
  children,
  className,
}: {
  code: string | null | undefined;
  /** The country's name (or a place in it), written after the flag. */
  children: ReactNode;
  className?: string;
}) {
  const src = flagSrc(code);
  return (
    <span className={cn("inline-flex items-center gap-1.5", className)}>
      {src ? (
        <img
          src={src}
          alt=""
          width={18}
          height={12}
          loading="lazy"
          decoding="async"
          className="h-3 w-[18px] shrink-0 rounded-[2px] ring-1 ring-slate-900/10"
          data-testid="country-flag"
        />
      ) : (
        <GlobeIcon className="size-4 shrink-0 text-slate-500" aria-hidden />
      )}
      <span>{children}</span>
    </span>
  );
}
