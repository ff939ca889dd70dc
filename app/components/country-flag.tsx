/** The flag emoji of a two-letter country code (regional indicator symbols); a globe otherwise. */
export function flagEmoji(code: string | null | undefined): string {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return "🌍";
  return String.fromCodePoint(
    ...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65),
  );
}

/** Decorative: the country's name is always written next to it. */
export function CountryFlag({
  code,
  className,
}: {
  code: string | null | undefined;
  className?: string;
}) {
  return (
    <span aria-hidden className={className}>
      {flagEmoji(code)}
    </span>
  );
}
