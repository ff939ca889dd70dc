import { lookupOptional, register } from "~/server/registry.server";

type LanguageOf = (request: Request) => Promise<string>;

/**
 * How the app picks a request's language. The app registers it (app/root.server.ts) because the
 * rule and the list of languages live there; the page cache (server/) may not import the app.
 */
export function registerPageLanguage(languageOf: LanguageOf) {
  register("pageLanguage", languageOf);
}

/** The language a page would be rendered in, or undefined before the app has registered it. */
export function pageLanguageOf(request: Request): Promise<string> | undefined {
  return lookupOptional<LanguageOf>("pageLanguage")?.(request);
}
