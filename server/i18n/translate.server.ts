import fs from "node:fs";
import path from "node:path";
import { createInstance, type i18n, type Namespace, type Resource } from "i18next";
import { DEFAULT_LANGUAGE, isLanguage, type Language, LANGUAGES } from "~/domain/languages";

// The server writes text of its own for people who are not looking at a page: e-mails, in-app
// notifications, CSV headers. Their strings live with every other string, in
// app/locales/<lng>/<namespace>.json (mostly mail.json), so translators have one place and
// app/i18n/locales.test.ts checks their keys and placeholders in every language.
//
// server/ never imports app/, and these strings are needed where no page was ever rendered (the
// demo seed at start-up, `npm run db:seed`, a webhook before the first page), so they are read
// from disk, as the legal texts in content/ are: the process runs from the project folder.
const LOCALES_DIR = path.resolve(process.cwd(), "app/locales");
// Read once; in development on every use, so an edited string shows in the next e-mail.
const reread = process.env.NODE_ENV === "development";

let instance: i18n | undefined;

function load(): i18n {
  if (instance && !reread) return instance;
  const resources: Record<string, Record<string, unknown>> = {};
  for (const lng of LANGUAGES) {
    const dir = path.join(LOCALES_DIR, lng);
    for (const file of fs.readdirSync(dir)) {
      if (!file.endsWith(".json")) continue;
      (resources[lng] ??= {})[file.slice(0, -".json".length)] = JSON.parse(
        fs.readFileSync(path.join(dir, file), "utf8"),
      );
    }
  }
  const created = createInstance();
  // Synchronous: the strings are in memory, and templates render inside a transaction.
  void created.init({
    resources: resources as Resource,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: Object.keys(resources[DEFAULT_LANGUAGE] ?? {}),
    defaultNS: "mail",
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  instance = created;
  return created;
}

/** Translates one key (`"status.subject"`, or `"common:labels.paid"` from another namespace). */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** A `t` for `lng` (an unknown value gives English), in the mail namespace unless told. */
export function serverT(lng: string | null | undefined, ns = "mail"): Translate {
  const language: Language = isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
  // Keys are checked by the tests that render each mail, not by the app's typed key list.
  const t = load().getFixedT(language, ns as Namespace) as unknown as (
    key: string,
    values?: Record<string, unknown>,
  ) => unknown;
  return (key, values) => String(t(key, values));
}

/**
 * The Intl locale a language's dates are written in. English as written in Zimbabwe names the
 * agency's zone "CAT" (en-GB would say "GMT+2"); Portuguese follows European and African norms
 * (pt-PT), not Brazil's.
 */
const DATE_LOCALES: Record<Language, string> = { en: "en-ZW", fr: "fr", pt: "pt-PT" };
/** Money as the pages show it: "$99.00", "99,00 $US", "99,00 US$". */
const MONEY_LOCALES: Record<Language, string> = { en: "en", fr: "fr", pt: "pt-PT" };

const known = (lng: string | null | undefined): Language =>
  isLanguage(lng) ? lng : DEFAULT_LANGUAGE;

export function dateLocale(lng: string | null | undefined): string {
  return DATE_LOCALES[known(lng)];
}

export function moneyLocale(lng: string | null | undefined): string {
  return MONEY_LOCALES[known(lng)];
}
