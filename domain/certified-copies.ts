// Certified copies (decision record 50): the reference printed on a stamped copy of a verified
// document, and what /verify answers about one. Zod-free: the public page imports it.

/** Crockford's alphabet: no 0/O, 1/I/L or U to misread when a reference is read out or typed. */
export const COPY_REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
/** Characters after the prefix: 30^16 (about 4 × 10^23, 78 bits), so none can be guessed. */
export const COPY_REFERENCE_LENGTH = 16;
const PREFIX = "PSG";

/** PSG-7KQ4-M9XD-2HJP-R8WC from its 16 characters. */
export function formatCopyReference(chars: string) {
  return `${PREFIX}-${chars.match(/.{1,4}/g)!.join("-")}`;
}

/**
 * A reference as typed (any case, spaces or dashes, with or without "PSG") in its printed form,
 * or null when it cannot be one.
 */
export function normaliseCopyReference(typed: string): string | null {
  let chars = typed.toUpperCase().replace(/[\s\-–—_.]/g, "");
  if (chars.startsWith(PREFIX) && chars.length === PREFIX.length + COPY_REFERENCE_LENGTH) {
    chars = chars.slice(PREFIX.length);
  }
  if (chars.length !== COPY_REFERENCE_LENGTH) return null;
  if ([...chars].some((c) => !COPY_REFERENCE_ALPHABET.includes(c))) return null;
  return formatCopyReference(chars);
}

/** "Rudo Mutasa" → "R. M.": all /verify shows of the person (at most four names). */
export function initialsOf(fullName: string) {
  return fullName
    .trim()
    .split(/[\s-]+/)
    .filter(Boolean)
    .slice(0, 4)
    .map((word) => `${[...word][0]!.toLocaleUpperCase()}.`)
    .join(" ");
}

/** What /verify answers about a reference: never a name, a file or a date of birth. */
export type CopyAnswer =
  | {
      found: true;
      reference: string;
      /** The document type's name in each language (null: a type since removed). */
      documentNames: Record<string, string> | null;
      documentType: string;
      applicantInitials: string;
      verifiedAt: Date;
      verifierName: string;
      issuedAt: Date;
      /** Staff rejected the document after this copy was made. */
      withdrawn: boolean;
      sha256: string;
    }
  | { found: false; reference: string };
