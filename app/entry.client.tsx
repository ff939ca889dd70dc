import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { defaultNS, fallbackLanguage, type PageTranslations } from "./i18n/config";
import { fetchStrings, loadNamespace } from "./i18n/i18n.client";
import { setActiveTranslations } from "./i18n/namespaces";
import { I18nextProvider } from "./i18n/react";
import { createTranslator, type Resources } from "./i18n/translator";

declare global {
  interface Window {
    /** The strings of the namespaces this page uses, written inline by entry.server. */
    __i18n?: PageTranslations;
  }
}

const page = window.__i18n;
const lng = page?.lng ?? (document.documentElement.lang || fallbackLanguage);

/**
 * The page's strings: a visitor's page brought them inline (no request before hydration); a
 * signed-in page names the files that hold them, preloaded by its head and kept by the browser
 * from one page to the next. Any other namespace is fetched when a screen first needs it, from
 * the same place (i18n.client.ts).
 */
async function pageStrings(): Promise<Resources> {
  if (page?.resources) return page.resources as Resources;
  const files = Object.entries(page?.files ?? {});
  const loaded = await Promise.all(
    files.map(async ([ns, url]) => [ns, await fetchStrings(url)] as const),
  );
  return { [lng]: Object.fromEntries(loaded) } as Resources;
}

void pageStrings().then((resources) => {
  const translations = createTranslator({
    lng,
    // Every language has every key (app/i18n/locales.test.ts): the page's own language is the
    // only one the browser holds or fetches, so it is its own fallback.
    fallbackLng: lng,
    defaultNS,
    // The server rendered with these strings: hydrating needs them all first.
    resources,
    load: loadNamespace,
  });
  setActiveTranslations(translations);

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={translations}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
});
