/**
 * Addresses per language (decision record 21). English public pages live at the root (`/jobs`),
 * French and Portuguese under `/fr/…` and `/pt/…`. Only public pages have an address per language;
 * the applicant area and the back-office are at one address, in the person's chosen language.
 * Pure functions: the server, the browser and the route table share them.
 */
export const LANGUAGES = ["en", "fr", "pt"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
/** The languages whose public pages are under a prefix of their own. */
export const PREFIXED_LANGUAGES = ["fr", "pt"] as const satisfies readonly Language[];

/** Each language's own name, as its readers write it (the switcher shows these). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  fr: "Français",
  pt: "Português",
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

// The pages of the public layout (app/routes.ts): the site, the job board (and a visitor's job
// alert confirmation), news and the sign-in pages, study programs. Not sign-out, the dashboard, the back-office, files, feeds or endpoints.
const PUBLIC_PATH =
  /^\/(?:|jobs|jobs\/[^/]+|alerts\/confirm|study|study\/[^/]+|news|news\/[^/]+|about|contact|outsourcing|verify|complaints|services\/[^/]+|privacy-policy|terms-of-service|cookie-policy|auth|auth\/forgot-password|auth\/reset-password|auth\/consent)$/;

/** Whether a path (without a language prefix) is a public page with an address per language. */
export function isPublicPath(path: string): boolean {
  return PUBLIC_PATH.test(path);
}

/** `/fr/jobs` → fr and `/jobs`; `/fr` → fr and `/`; `/jobs` → no prefix and `/jobs`. */
export function splitLanguage(pathname: string): { lng: Language | null; path: string } {
  const match = /^\/(fr|pt)(\/.*)?$/.exec(pathname);
  if (!match) return { lng: null, path: pathname };
  return { lng: match[1] as Language, path: match[2] || "/" };
}

/**
 * The address of `to` (a path with its query and hash) in `lng`: a public page gets that
 * language's prefix (none for English), any other address is returned as it is. Anything that is
 * not a site-relative path (`https://…`, `//host`, `#top`, `mailto:`) is left alone.
 */
export function localizePath(to: string, lng: string): string {
  if (!to.startsWith("/") || to.startsWith("//")) return to;
  const cut = to.search(/[?#]/);
  const pathname = cut === -1 ? to : to.slice(0, cut);
  const rest = cut === -1 ? "" : to.slice(cut);
  const { path } = splitLanguage(pathname);
  if (!isPublicPath(path)) return to;
  if (lng === DEFAULT_LANGUAGE || !isLanguage(lng)) return `${path}${rest}`;
  return `/${lng}${path === "/" ? "" : path}${rest}`;
}
