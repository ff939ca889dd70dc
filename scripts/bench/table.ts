// Plain-text tables: the first column left-aligned, the others right-aligned, so figures line up.

export function printTable(
  title: string,
  header: string[],
  rows: string[][],
  notes: string[] = [],
) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join("  ")
      .trimEnd();
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of rows) console.log(line(row));
  for (const note of notes) console.log(note);
}

export const ms = (value: number) =>
  !Number.isFinite(value)
    ? "n/a"
    : value >= 100
      ? value.toFixed(0)
      : value >= 10
        ? value.toFixed(1)
        : value.toFixed(2);
export const perSecond = (value: number) => Math.round(value).toLocaleString("en");
export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
