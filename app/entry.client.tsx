import i18next from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { fallbackLanguage, i18nOptions, type PageTranslations } from "./i18n/config";
import { clientLanguages, loadNamespace } from "./i18n/i18n.client";

declare global {
  interface Window {
    /** The strings of the namespaces this page uses, written inline by entry.server. */
    __i18n?: PageTranslations;
  }
}

async function hydrate() {
  const page = window.__i18n;
  await i18next
    .use(initReactI18next)
    // Namespaces the page did not bring are fetched when a screen first needs them (a screen
    // using one waits for it inside the navigation's transition, so no key flashes).
    .use(resourcesToBackend(loadNamespace))
    .init({
      ...i18nOptions,
      supportedLngs: clientLanguages,
      lng: page?.lng ?? (document.documentElement.lang || fallbackLanguage),
      ns: page?.ns ?? [i18nOptions.defaultNS],
      resources: page?.resources,
      partialBundledLanguages: true,
    });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
