/**
 * The browser's translator: the part of i18next the screens use, in about 1 KB instead of 15 KB
 * (decision record 19). Same JSON files, same results: `translator.test.ts` checks every string of
 * every language against i18next itself, with and without counts and values, so a page hydrates
 * with exactly the text the server rendered with i18next.
 *
 * What it does: `ns:key` and `{ ns }`, dotted keys, `{ lng }`, plurals by `count` (`_zero` for 0,
 * then the language's plural category from Intl.PluralRules, then the bare key), `{{value}}` and
 * `{{value, number}}` interpolation (never HTML-escaped: React escapes), `defaultValue`,
 * `returnObjects`, and the fallback language. A missing string shows its key, and a value not
 * given leaves its `{{placeholder}}`, as i18next does.
 */
import { numberFormatter } from "~/domain/format";

export type Strings = Record<string, unknown>;
/** language → namespace → strings */
export type Resources = Record<string, Record<string, Strings>>;
export type TranslateOptions = Record<string, unknown> & {
  count?: number;
  ns?: string;
  lng?: string;
  defaultValue?: unknown;
  returnObjects?: boolean;
};

export type TranslatorInit = {
  lng: string;
  fallbackLng: string;
  defaultNS: string;
  resources: Resources;
  /** Fetches one namespace of one language ({} when that language lacks it). */
  load: (lng: string, ns: string) => Promise<Strings>;
};

const INTERPOLATION = /\{\{(.+?)\}\}/g;
type Part = string | { match: string; name: string; format: string | undefined };
const NO_OPTIONS: TranslateOptions = Object.freeze({});

export function createTranslator(init: TranslatorInit) {
  const resources = init.resources;
  const pending = new Map<string, Promise<void>>();
  const plurals = new Map<string, Intl.PluralRules>();
  /**
   * Plain calls (`t(key)`, no options) already answered from the asked language's own strings,
   * keyed by language, namespace and key. A page makes hundreds of them (a staff list translates
   * each row's twelve statuses) and the answer cannot change: strings are only ever added, and an
   * answer taken from the fallback language is never kept (its own strings may load later).
   */
  const plain = new Map<string, unknown>();
  const templates = new Map<string, Part[]>();

  const chain = (lng: string) => (lng === init.fallbackLng ? [lng] : [lng, init.fallbackLng]);

  function lookup(lng: string, ns: string, key: string): unknown {
    let node: unknown = resources[lng]?.[ns];
    for (const part of key.split(".")) {
      if (node === null || typeof node !== "object") return undefined;
      node = (node as Strings)[part];
    }
    return node;
  }

  function pluralSuffix(lng: string, count: number) {
    let rules = plurals.get(lng);
    if (!rules) plurals.set(lng, (rules = new Intl.PluralRules(lng)));
    return rules.select(count);
  }

  /** A string cut into its text and its {{placeholders}}, once per string. */
  function parts(text: string): Part[] {
    let cut = templates.get(text);
    if (!cut) {
      cut = [];
      let at = 0;
      for (const match of text.matchAll(INTERPOLATION)) {
        if (match.index > at) cut.push(text.slice(at, match.index));
        const [name = "", format] = match[1]!.split(",").map((s) => s.trim());
        cut.push({ match: match[0], name, format });
        at = match.index + match[0].length;
      }
      if (at < text.length) cut.push(text.slice(at));
      // Strings are finite, but a defaultValue may be anything: never let the cut ones pile up.
      if (templates.size > 5000) templates.clear();
      templates.set(text, cut);
    }
    return cut;
  }

  function interpolate(text: string, lng: string, options: TranslateOptions): string {
    if (!text.includes("{{")) return text;
    let out = "";
    for (const part of parts(text)) {
      if (typeof part === "string") {
        out += part;
        continue;
      }
      const value = part.name ? options[part.name] : undefined;
      // As i18next: a value not given leaves its placeholder; null shows nothing.
      if (value === undefined) out += part.match;
      else if (value === null) continue;
      else if (part.format === "number") out += numberFormatter(lng).format(value as number);
      else out += typeof value === "object" ? JSON.stringify(value) : String(value);
    }
    return out;
  }

  function resolve(value: unknown, lng: string, options: TranslateOptions): unknown {
    if (typeof value === "string") return interpolate(value, lng, options);
    if (Array.isArray(value)) return value.map((v) => resolve(v, lng, options));
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, resolve(v, lng, options)]),
      );
    }
    return value;
  }

  function translate(
    fixedNs: string,
    fixedLng: string,
    rawKey: string,
    options?: TranslateOptions,
  ): unknown {
    if (options) return translateWith(fixedNs, fixedLng, rawKey, options);
    const id = `${fixedLng}\u0000${fixedNs}\u0000${rawKey}`;
    const known = plain.get(id);
    if (known !== undefined) return known;
    const text = translateWith(fixedNs, fixedLng, rawKey, NO_OPTIONS);
    const colon = rawKey.indexOf(":");
    const ns = colon > 0 ? rawKey.slice(0, colon) : fixedNs;
    const own = lookup(fixedLng, ns, colon > 0 ? rawKey.slice(colon + 1) : rawKey);
    if (own !== undefined && own !== null && typeof own !== "object") plain.set(id, text);
    return text;
  }

  function translateWith(
    fixedNs: string,
    fixedLng: string,
    rawKey: string,
    options: TranslateOptions,
  ): unknown {
    let key = rawKey;
    let ns = options.ns ?? fixedNs;
    const colon = key.indexOf(":");
    if (colon > 0) {
      ns = key.slice(0, colon);
      key = key.slice(colon + 1);
    }
    const lng = options.lng ?? fixedLng;
    const count = typeof options.count === "number" ? options.count : undefined;
    for (const language of chain(lng)) {
      const candidates =
        count === undefined
          ? [key]
          : [
              ...(count === 0 ? [`${key}_zero`] : []),
              `${key}_${pluralSuffix(language, count)}`,
              key,
            ];
      for (const candidate of candidates) {
        const found = lookup(language, ns, candidate);
        if (found === undefined || found === null) continue;
        if (typeof found === "object" && !options.returnObjects) continue;
        return resolve(found, lng, options);
      }
    }
    if (options.defaultValue !== undefined) return resolve(options.defaultValue, lng, options);
    return key;
  }

  function hasLoadedNamespace(ns: string) {
    return chain(current.language).every((lng) => resources[lng]?.[ns] !== undefined);
  }

  function loadNamespaces(names: string | readonly string[]): Promise<void> {
    const wanted = typeof names === "string" ? [names] : names;
    const loads = chain(current.language).flatMap((lng) =>
      wanted
        .filter((ns) => resources[lng]?.[ns] === undefined)
        .map((ns) => {
          const id = `${lng}/${ns}`;
          let load = pending.get(id);
          if (!load) {
            load = init.load(lng, ns).then((strings) => {
              (resources[lng] ??= {})[ns] = strings;
            });
            pending.set(id, load);
            load.catch(() => pending.delete(id));
          }
          return load;
        }),
    );
    return Promise.all(loads).then(() => undefined);
  }

  const current = {
    language: init.lng,
    isInitialized: true,
    /** A `t` bound to a language and a namespace, as react-i18next's `useTranslation` gives. */
    getFixedT(lng: string, ns?: string) {
      return (key: string, options?: TranslateOptions) =>
        translate(ns ?? init.defaultNS, lng, key, options);
    },
    t(key: string, options?: TranslateOptions) {
      return translate(init.defaultNS, current.language, key, options);
    },
    hasLoadedNamespace,
    loadNamespaces,
  };
  return current;
}

export type Translator = ReturnType<typeof createTranslator>;
