import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { defaultNS, fallbackLanguage, type PageTranslations } from "./i18n/config";
import { loadNamespace } from "./i18n/i18n.client";
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
// The page brought its strings inline (no request before hydration, no flash of keys); any other
// namespace is fetched when a screen first needs it, each locale file being its own small chunk.
const lng = page?.lng ?? (document.documentElement.lang || fallbackLanguage);
const translations = createTranslator({
  lng,
  // Every language has every key (app/i18n/locales.test.ts): the page's own language is the only
  // one the browser holds or fetches, so it is its own fallback.
  fallbackLng: lng,
  defaultNS,
  resources: (page?.resources ?? {}) as Resources,
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
