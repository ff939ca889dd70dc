import { createInstance, type i18n, type Namespace, type Resource } from "i18next";
import type { I18nLike } from "./react";
import { createCookie } from "react-router";
import { RemixI18Next } from "remix-i18next/server";
import {
  defaultNS,
  fallbackLanguage,
  i18nOptions,
  languageChain,
  languagesOf,
  type PageTranslations,
  parseLocalePath,
} from "./config";

// The server renders any page in any language, so it holds every string (a few dozen KB).
const files = import.meta.glob<Record<string, unknown>>("../locales/*/*.json", {
  eager: true,
  import: "default",
});

export const allResources: Resource = {};
for (const [path, strings] of Object.entries(files)) {
  const file = parseLocalePath(path);
  if (file) (allResources[file.lng] ??= {})[file.ns] = strings;
}

export const supportedLanguages = languagesOf(Object.keys(files));
/** Every namespace: the file names of the fallback language. */
export const namespaces = Object.keys(allResources[fallbackLanguage] ?? {}).sort();

export const serverI18nOptions = {
  ...i18nOptions,
  supportedLngs: supportedLanguages,
  ns: namespaces,
  resources: allResources,
};

export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

// The language of a request: the `lng` cookie, else English. Accept-Language never switches a page
// by itself: a visitor's browser language is offered to them, not forced on them (a French phone
// in Harare may belong to someone who reads English best), so only a choice they made counts.
export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages,
    fallbackLanguage,
    cookie: localeCookie,
    order: ["cookie"],
  },
  i18next: serverI18nOptions,
});

/** What the browser needs to show a page: the strings of these namespaces, in its language chain. */
export function pageTranslations(lng: string, ns: readonly string[]): PageTranslations {
  const wanted = [...new Set([defaultNS, ...ns])];
  const resources: PageTranslations["resources"] = {};
  for (const language of languageChain(lng)) {
    const strings = allResources[language] ?? {};
    resources[language] = Object.fromEntries(
      wanted.filter((name) => name in strings).map((name) => [name, strings[name]]),
    );
  }
  return { lng, ns: wanted, resources };
}

// One i18next for the process, holding every string: a page only needs a `t` bound to its
// language, not an instance of its own (creating and initialising one cost every request).
let shared: Promise<i18n> | undefined;
function sharedInstance() {
  shared ??= (async () => {
    const instance = createInstance();
    await instance.init({ ...serverI18nOptions, lng: fallbackLanguage });
    return instance;
  })();
  return shared;
}

/** What the React tree of a page in `lng` translates with (see ./react.tsx). */
export async function serverTranslations(lng: string): Promise<I18nLike> {
  const instance = await sharedInstance();
  return {
    language: lng,
    getFixedT: (language, ns) => instance.getFixedT(language, (ns ?? defaultNS) as Namespace),
    hasLoadedNamespace: () => true,
    loadNamespaces: () => Promise.resolve(),
  };
}
