import { createHash } from "node:crypto";
import { createInstance, type i18n, type Resource } from "i18next";
import { setMetaTranslations } from "./meta";
import type { I18nLike } from "./react";
import { createTranslator, type Resources, type Translator } from "./translator";
import { createCookie } from "react-router";
import {
  defaultNS,
  fallbackLanguage,
  i18nOptions,
  languagesOf,
  type PageTranslations,
  parseLocalePath,
} from "./config";
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  isPublicPath,
  type Language,
  splitLanguage,
} from "~/domain/languages";

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

/**
 * One name for this build's strings, in every translation file's address
 * (`/i18n/<lng>/<ns>.<version>.json`): a change of any string renames them all, so a browser keeps
 * a file for a year and never holds an old one. The browser asks for a namespace by it alone
 * (i18n.client.ts), without a list of names per file.
 */
export const stringsVersion = createHash("sha256")
  .update(JSON.stringify(allResources))
  .digest("base64url")
  .slice(0, 12);

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

/** The language a person chose (the `lng` cookie, set by the language switcher), if any. */
export async function chosenLanguage(request: Request): Promise<Language | null> {
  const value: unknown = await localeCookie.parse(request.headers.get("cookie"));
  return isLanguage(value) ? value : null;
}

/**
 * The language of a page: a public page's address says it (`/fr/jobs` is French, `/jobs` English,
 * so a link or a search engine always gets the page it points to); the applicant area and the
 * back-office, at one address each, follow the person's choice, else English. Accept-Language
 * never switches a page by itself: it is only offered (`offeredLanguage`).
 */
export async function requestLanguage(request: Request): Promise<Language> {
  const { lng, path } = splitLanguage(new URL(request.url).pathname);
  if (lng) return lng;
  if (isPublicPath(path)) return DEFAULT_LANGUAGE;
  return (await chosenLanguage(request)) ?? DEFAULT_LANGUAGE;
}

/**
 * The language to offer on an English public page: the first of ours that the browser prefers to
 * English, to a person who has not chosen one yet. A French phone in Harare may belong to someone
 * who reads English best, so this is a suggestion on the page, never a redirect.
 */
export async function offeredLanguage(request: Request): Promise<Language | null> {
  const { lng, path } = splitLanguage(new URL(request.url).pathname);
  if (lng || !isPublicPath(path) || (await chosenLanguage(request))) return null;
  const preferred = (request.headers.get("accept-language") ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = Number(/q=([\d.]+)/.exec(params.join(";"))?.[1] ?? 1);
      return { lng: tag.trim().toLowerCase().split("-")[0]!, q: Number.isNaN(q) ? 0 : q, index };
    })
    .filter((entry) => entry.q > 0 && isLanguage(entry.lng))
    .sort((a, b) => b.q - a.q || a.index - b.index)[0]?.lng;
  return preferred && preferred !== DEFAULT_LANGUAGE ? (preferred as Language) : null;
}

/**
 * What the browser needs to show a page: the strings of these namespaces, in the page's language
 * only. Every language has every key (app/i18n/locales.test.ts), so English never travels as a
 * fallback to a French or Portuguese page: an applicant pays for one language's strings.
 */
export function pageTranslations(
  lng: string,
  ns: readonly string[],
): PageTranslations & { resources: Resource } {
  const wanted = [...new Set([defaultNS, ...ns])];
  const strings = allResources[lng] ?? {};
  const own = Object.fromEntries(
    wanted.filter((name) => name in strings).map((name) => [name, strings[name]]),
  );
  return { lng, ns: wanted, v: stringsVersion, resources: { [lng]: own } };
}

/**
 * One namespace of one language as a file the browser keeps (`/i18n/<lng>/<ns>.<hash>.json`, served
 * by app/routes/resources/translations.ts, cached for a year): a signed-in page names its files
 * instead of carrying its strings inline. The hash is the strings': a new build that changes them
 * gives the files new names (stringsVersion). null for a language or namespace there is none of.
 */
export function translationFile(lng: string, ns: string): { url: string; body: string } | null {
  const key = `${lng}/${ns}`;
  let file = translationFiles.get(key);
  if (file === undefined) {
    const strings = allResources[lng]?.[ns];
    if (!strings) return null;
    file = { url: `/i18n/${lng}/${ns}.${stringsVersion}.json`, body: JSON.stringify(strings) };
    translationFiles.set(key, file);
  }
  return file;
}
const translationFiles = new Map<string, { url: string; body: string }>();

/**
 * The script of a signed-in page (`window.__i18n` without its strings): the files that hold them,
 * which the browser fetches (preloaded by the page's Link header) and keeps from one page to the
 * next.
 * A visitor's page carries its strings inline instead (pageTranslationsScript): their first visit
 * must paint and hydrate without another request.
 */
export function pageTranslationFilesScript(lng: string, ns: readonly string[]): string {
  const key = `files\n${lng}\n${ns.join(",")}`;
  let script = pageScripts.get(key);
  if (script === undefined) {
    const { ns: wanted } = pageTranslations(lng, ns);
    const files = Object.fromEntries(
      wanted.flatMap((name) => {
        const file = translationFile(lng, name);
        return file ? [[name, file.url]] : [];
      }),
    );
    const page = { lng, ns: wanted, v: stringsVersion, files };
    script = `window.__i18n=${JSON.stringify(page).replace(/</g, "\\u003c")}`;
    pageScripts.set(key, script);
  }
  return script;
}

/** A `Link` header that preloads the files pageTranslationFilesScript names. */
export function translationFilesLinkHeader(lng: string, ns: readonly string[]): string {
  const key = `link\n${lng}\n${ns.join(",")}`;
  let header = pageScripts.get(key);
  if (header === undefined) {
    header = pageTranslations(lng, ns)
      .ns.flatMap((name) => translationFile(lng, name)?.url ?? [])
      .map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`)
      .join(", ");
    pageScripts.set(key, header);
  }
  return header;
}

const pageScripts = new Map<string, string>();

/**
 * The classic inline script that hands a page its strings (`window.__i18n`), every "<" escaped so
 * no string can end the script early. The strings only change with a new build, and a page has a
 * few dozen possible namespace sets, so each script is serialized once per process, not per request.
 */
export function pageTranslationsScript(lng: string, ns: readonly string[]): string {
  const key = `${lng}\n${ns.join(",")}`;
  let script = pageScripts.get(key);
  if (script === undefined) {
    const inline = JSON.stringify(pageTranslations(lng, ns)).replace(/</g, "\\u003c");
    script = `window.__i18n=${inline}`;
    pageScripts.set(key, script);
  }
  return script;
}

// One i18next for the process, holding every string: a page only needs a `t` bound to its
// language, not an instance of its own (creating and initialising one cost every request).
let shared: Promise<i18n> | undefined;
function sharedInstance() {
  shared ??= (async () => {
    const instance = createInstance();
    await instance.init({ ...serverI18nOptions, lng: fallbackLanguage });
    // Route `meta` functions translate with the pages' translator (they run during the render,
    // after this): the same words as i18next's, at a property walk's cost.
    setMetaTranslations({ getFixedT: (lng, ns) => pageTranslator(lng).getFixedT(lng, ns) });
    return instance;
  })();
  return shared;
}

const pageTranslators = new Map<string, Translator>();

/**
 * What the React tree of a page in `lng` translates with (see ./react.tsx): the browser's own
 * translator (translator.ts), kept per language. translator.test.ts proves it gives i18next's
 * text for every string, so server and browser render the same words by the same code, and a `t`
 * call costs a property walk instead of i18next's whole pipeline (a page makes hundreds).
 * Route `meta` functions translate with it too; i18next stays for e-mails.
 */
export async function serverTranslations(lng: string): Promise<I18nLike> {
  await sharedInstance();
  return pageTranslator(lng);
}

function pageTranslator(lng: string): Translator {
  let translator = pageTranslators.get(lng);
  if (!translator) {
    translator = createTranslator({
      lng,
      fallbackLng: fallbackLanguage,
      defaultNS,
      resources: allResources as Resources,
      // Every namespace of every language is already held.
      load: () => Promise.resolve({}),
    });
    pageTranslators.set(lng, translator);
  }
  return translator;
}
