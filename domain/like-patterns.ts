// LIKE patterns built from what a person typed: %, _ and \ in the text are escaped, so they match
// themselves (PostgreSQL's default escape character is \). Every LIKE of ours goes through these.

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Matches `text` literally anywhere. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** Matches what starts with `text` literally. */
export function startsWithPattern(text: string): string {
  return `${escapeLike(text)}%`;
}
