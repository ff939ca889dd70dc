import type { Resource } from "i18next";

// Every user-facing string lives in app/locales/<language>/<namespace>.json. The languages are the
// folders found there: to add one, add its folder (same file names as en/); no code changes.
//
// The server reads every file at start (i18n.server.ts). The browser never bundles them: a page
// brings the strings of the namespaces its routes declare inline in its HTML (entry.server), and
// any other namespace is fetched when a screen first needs it, as the server's file of it
// (`/i18n/<lng>/<ns>.<version>.json`, i18n.client.ts).

export const fallbackLanguage = "en";
export const defaultNS = "common";

/** The part of a locale file's path that names its language and namespace. */
export function parseLocalePath(path: string): { lng: string; ns: string } | null {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match ? { lng: match[1]!, ns: match[2]! } : null;
}

/** The languages present in a list of locale file paths, the fallback first. */
export function languagesOf(paths: string[]): string[] {
  const found = new Set(paths.map((path) => parseLocalePath(path)?.lng).filter(Boolean));
  return [...found]
    .map(String)
    .sort((a, b) =>
      a === fallbackLanguage ? -1 : b === fallbackLanguage ? 1 : a.localeCompare(b),
    );
}

/**
 * The strings a page brings (written by entry.server, read by entry.client): inline (`resources`,
 * a visitor's page), or the files that hold them (`files`, a signed-in page; the browser keeps
 * them from one page to the next).
 */
export type PageTranslations = {
  lng: string;
  ns: string[];
  /** The version of the strings (stringsVersion): the name of any namespace's file. */
  v: string;
  resources?: Resource;
  files?: Record<string, string>;
};

export const i18nOptions = {
  fallbackLng: fallbackLanguage,
  defaultNS,
  interpolation: { escapeValue: false },
  returnNull: false,
} as const;
