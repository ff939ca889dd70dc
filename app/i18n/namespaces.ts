import type { FlatNamespace } from "i18next";
import { setMetaTranslations } from "./meta";

type Loader = {
  loadNamespaces(ns: readonly string[]): Promise<unknown>;
  getFixedT(lng: string, ns?: string): unknown;
};
let active: Loader | undefined;

/** The browser's translations, once entry.client has made them (never set on the server). */
export function setActiveTranslations(translations: Loader) {
  active = translations;
  // Route `meta` functions translate with them too (app/i18n/meta.ts).
  setMetaTranslations(translations);
}

/**
 * A route's `handle` naming the translation namespaces its screen uses (beyond "common", which
 * every page gets): `export const handle = i18nHandle("jobs", "content")`. The server sends the
 * strings of the matched routes' namespaces inline with the page; app/i18n/namespaces.test.ts
 * checks every route declares what its components use, and nothing more.
 */
export function i18nHandle(...ns: FlatNamespace[]) {
  // In the browser a route module is fetched when a navigation first needs it: start loading its
  // strings now, alongside its data, instead of when the screen first renders (and suspends).
  if (active) void active.loadNamespaces(ns);
  return { i18n: ns };
}

/** The namespaces the handles of these matched routes declare, in order, without repeats. */
export function routeNamespaces(handles: readonly unknown[]): string[] {
  const found = new Set<string>();
  for (const handle of handles) {
    if (!handle || typeof handle !== "object" || !("i18n" in handle)) continue;
    const value = (handle as { i18n: unknown }).i18n;
    for (const ns of Array.isArray(value) ? value : [value]) {
      if (typeof ns === "string") found.add(ns);
    }
  }
  return [...found];
}
