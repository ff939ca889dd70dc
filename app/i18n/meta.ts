import type { Namespace, ParseKeys } from "i18next";

/**
 * Translation for route `meta` functions (the tab's title, the description search engines show).
 * `meta` is synchronous and runs on the server and in the browser, outside React, so it cannot
 * use `useTranslation`: it gets a `t` bound to the page's language (the root loader's `locale`)
 * from the translator registered here — the server's per-language page translator (i18n.server.ts), the
 * browser's small translator (entry.client). Keys are `namespace:key`; a route's keys sit in the
 * namespace its `i18nHandle` declares, so the browser has them inline (no fetch, no flash).
 */
type Translations = { getFixedT(lng: string, ns?: string): unknown };
type Raw = (key: string, options?: Record<string, unknown>) => unknown;

/** A key of any namespace, written `ns:key` (the common namespace's may go bare). */
export type MetaKey = ParseKeys<Namespace>;
export type MetaT = (key: MetaKey, options?: Record<string, unknown>) => string;

let active: Translations | undefined;

export function setMetaTranslations(translations: Translations) {
  active = translations;
}

/** A `t` for the meta of a page in `lng`. Before a translator is registered, keys show. */
export function metaTranslator(lng: string): MetaT {
  const t = active?.getFixedT(lng) as Raw | undefined;
  return (key, options) => {
    if (!t) return String(key);
    const text = t(key, options);
    return typeof text === "string" ? text : String(key);
  };
}
