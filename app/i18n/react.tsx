import type { Namespace, TFunction } from "i18next";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { defaultNS } from "./config";

/**
 * The React side of translations, in the shape react-i18next gives (`useTranslation`,
 * `I18nextProvider`), so screens import it as `react-i18next` (vite.config.ts and tsconfig.json
 * point that name here). On the server the provider gets a real i18next instance; in the browser
 * it gets the small translator of translator.ts. Both offer the few members used below.
 */
export type I18nLike = {
  language: string;
  getFixedT(lng: string, ns?: string): unknown;
  hasLoadedNamespace(ns: string): boolean;
  loadNamespaces(ns: string | readonly string[]): Promise<unknown>;
};

const I18nContext = createContext<I18nLike | null>(null);

export function I18nextProvider({ i18n, children }: { i18n: I18nLike; children?: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/**
 * `t` for a namespace (default "common"; with a list, the first is the default and all are
 * loaded). A namespace the page did not bring is fetched, and the screen suspends until it is
 * there (inside a navigation's transition, so no key ever flashes).
 */
export function useTranslation<Ns extends Namespace = "common">(ns?: Ns) {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useTranslation needs an I18nextProvider above it");
  const wanted: readonly string[] =
    ns === undefined ? [defaultNS] : typeof ns === "string" ? [ns] : ns;
  const missing = wanted.filter((name) => !i18n.hasLoadedNamespace(name));
  if (missing.length) throw i18n.loadNamespaces(missing);
  const namespace = wanted[0] ?? defaultNS;
  const t = useMemo(
    () => i18n.getFixedT(i18n.language, namespace) as TFunction<Ns>,
    [i18n, namespace],
  );
  return { t, i18n, ready: true } as const;
}

/** react-i18next's plugin, for code that sets up an i18next instance itself (tests): nothing to do. */
export const initReactI18next = { type: "3rdParty" as const, init() {} };
