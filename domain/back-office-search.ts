import { z } from "zod";

/** The back-office search (`/admin/search?q=`): what was typed, trimmed (messages: admin keys). */
export const BackOfficeQuerySchema = z.object({
  q: z.string().trim().min(2, "search.errors.tooShort").max(100, "search.errors.tooLong"),
});
export type BackOfficeQuery = z.output<typeof BackOfficeQuerySchema>;

/**
 * The digits a search for a phone number holds, when the text reads as one (digits, spaces,
 * `+ - ( ) .`, at least 4 digits): "+263 77 100" → "26377100". A number written the local way
 * ("077 100 0001") loses its trunk 0, so it is found inside the stored international one
 * ("+263 77 100 0001"). Null otherwise.
 */
export function phoneDigitsOf(text: string): string | null {
  if (!/^[\d\s+\-().]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, "").replace(/^0(?=\d)/, "");
  return digits.length >= 4 ? digits : null;
}
