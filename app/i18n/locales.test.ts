import { describe, expect, it } from "vitest";
import { fallbackLanguage, parseLocalePath } from "./config";

// Every language holds the same strings as English: a key missing in French shows English in the
// middle of a French page, an extra one is a typo nobody reads, and a {{placeholder}} renamed in a
// translation prints the raw braces. Plurals are the exception: each language has the forms its
// own plural rules ask for (French and Portuguese add `_many`), not English's.

const files = import.meta.glob<Record<string, unknown>>("../locales/*/*.json", {
  eager: true,
  import: "default",
});

const strings: Record<string, Record<string, unknown>> = {};
for (const [path, content] of Object.entries(files)) {
  const file = parseLocalePath(path);
  if (file) (strings[file.lng] ??= {})[file.ns] = content;
}

const english = strings[fallbackLanguage] ?? {};
const namespaces = Object.keys(english).sort();
const languages = Object.keys(strings)
  .filter((lng) => lng !== fallbackLanguage)
  .sort();

/** Every string of a namespace by its dotted path (array items by index). */
function leaves(node: unknown, prefix = "", out = new Map<string, unknown>()) {
  if (node !== null && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, node);
  }
  return out;
}

const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;

/** The plural keys of an English namespace: the bases that have an `_other` form. */
function pluralBases(keys: Iterable<string>): Set<string> {
  const bases = new Set<string>();
  for (const key of keys) if (key.endsWith("_other")) bases.add(key.slice(0, -"_other".length));
  return bases;
}

/**
 * The keys `lng` must have, each with its English counterpart, and the ones it may have: English's
 * own keys, except that a plural has the categories of `lng` (plus `_zero` where English has it,
 * which i18next uses for 0 in every language), each compared with English's form of that category,
 * else its `_other`. A category English leaves to the bare key (`sentTo` for one, `sentTo_other`)
 * may be left to it here too: i18next falls back to the bare key for a missing plural form.
 */
function expectedKeys(en: Map<string, unknown>, lng: string) {
  const bases = pluralBases(en.keys());
  const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
  const englishCategories = new Intl.PluralRules(fallbackLanguage).resolvedOptions()
    .pluralCategories;
  const allowed = new Map<string, string>();
  const optional = new Set<string>();
  for (const key of en.keys()) {
    const plural = PLURAL.exec(key);
    if (!plural || !bases.has(plural[1]!)) allowed.set(key, key);
    else if (plural[2] === "zero") allowed.set(key, key);
  }
  for (const base of bases) {
    for (const category of categories) {
      const key = `${base}_${category}`;
      allowed.set(key, en.has(key) ? key : `${base}_other`);
      const leftToBare = en.has(base) && englishCategories.includes(category) && !en.has(key);
      if (leftToBare) optional.add(key);
    }
  }
  const required = [...allowed.keys()].filter((key) => !optional.has(key));
  return { allowed, required };
}

/** The values a string takes ({{name}}, {{value, number}}) and the strings it nests ($t(key)). */
function placeholders(text: unknown): string[] {
  if (typeof text !== "string") return [];
  const names = [...text.matchAll(/\{\{\s*([^},\s]+)/g)].map((m) => `{{${m[1]}}}`);
  const nested = [...text.matchAll(/\$t\(([^)]*)\)/g)].map((m) => `$t(${m[1]})`);
  return [...new Set([...names, ...nested])].sort();
}

describe("English, the language every other one is checked against", () => {
  it("has its namespaces", () => {
    expect(namespaces).toContain("common");
  });
});

describe.each(languages)("the %s strings", (lng) => {
  it.each(namespaces)("%s.json has exactly the keys of English", (ns) => {
    expect(strings[lng], `app/locales/${lng}/${ns}.json is missing`).toHaveProperty([ns]);
    const en = leaves(english[ns]);
    const ours = leaves(strings[lng]![ns]);
    const { allowed, required } = expectedKeys(en, lng);
    expect(required.filter((k) => !ours.has(k)).sort(), "missing keys").toEqual([]);
    expect([...ours.keys()].filter((k) => !allowed.has(k)).sort(), "extra keys").toEqual([]);
  });

  it.each(namespaces)("%s.json strings use the placeholders of English", (ns) => {
    const en = leaves(english[ns]);
    const ours = leaves(strings[lng]?.[ns]);
    const differences: unknown[] = [];
    for (const [key, counterpart] of expectedKeys(en, lng).allowed) {
      if (!ours.has(key)) continue; // reported by the key test
      const text = ours.get(key);
      if (typeof text !== typeof en.get(counterpart)) {
        differences.push({ key, type: typeof text });
        continue;
      }
      const want = placeholders(en.get(counterpart));
      const got = placeholders(text);
      if (want.join() !== got.join()) differences.push({ key, want, got });
    }
    expect(differences).toEqual([]);
  });
});
