import { DEFAULT_LANGUAGE } from "~/domain/languages";

/**
 * Long copy (a legal text, a service page) in the page's language, from content/<lng>/…, or the
 * English text when that language has none yet: an English page is better than a 404 at /fr/….
 * Any other failure (a malformed file) is an error, not a reason to switch language.
 */
export async function readInLanguage<T>(lng: string, read: (lng: string) => Promise<T>) {
  if (lng === DEFAULT_LANGUAGE) return read(lng);
  try {
    return await read(lng);
  } catch (error) {
    if ((error as NodeJS.ErrnoException | null)?.code !== "ENOENT") throw error;
    return read(DEFAULT_LANGUAGE);
  }
}
