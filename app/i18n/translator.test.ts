import { createInstance } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { allResources, serverI18nOptions, supportedLanguages } from "./i18n.server";
import { defaultNS, fallbackLanguage } from "./config";
import { createTranslator, type Resources } from "./translator";

// Pages and their route meta render with translator.ts (server and browser), e-mails with i18next: a
// string must read the same in both. Every string of every language is compared here.

type Leaf = { ns: string; key: string; text: string };

function leaves(ns: string, node: unknown, prefix = ""): Leaf[] {
  if (typeof node === "string") return [{ ns, key: prefix, text: node }];
  if (!node || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([k, v]) => leaves(ns, v, prefix ? `${prefix}.${k}` : k));
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

function variables(text: string) {
  return [...text.matchAll(/\{\{([^},]+)/g)].map((m) => m[1]!.trim());
}

const i18next = createInstance();
beforeAll(async () => {
  await i18next.init({ ...serverI18nOptions, lng: fallbackLanguage });
});

function translatorFor(lng: string) {
  return createTranslator({
    lng,
    fallbackLng: fallbackLanguage,
    defaultNS,
    resources: structuredClone(allResources) as Resources,
    load: async () => ({}),
  });
}

describe("the browser's translator", () => {
  it("gives i18next's text for every string of every language, with values and counts", () => {
    let compared = 0;
    const mismatches: unknown[] = [];
    for (const lng of supportedLanguages) {
      const ours = translatorFor(lng);
      for (const [ns, strings] of Object.entries(allResources[lng] ?? {})) {
        const keys = new Map<string, Set<string>>();
        for (const leaf of leaves(ns, strings)) {
          const base = leaf.key.replace(PLURAL, "");
          const vars = keys.get(base) ?? new Set<string>();
          for (const v of variables(leaf.text)) vars.add(v);
          keys.set(base, vars);
        }
        for (const [key, vars] of keys) {
          const values = Object.fromEntries([...vars].map((v, i) => [v, `«${v}${i}»`]));
          const optionSets: (Record<string, unknown> | undefined)[] = [
            undefined,
            {},
            values,
            ...[0, 1, 2, 5, 1234].map((count) => ({ ...values, count, total: 1234567, value: 42 })),
          ];
          for (const options of optionSets) {
            const expected = i18next.getFixedT(lng, ns as never)(
              key as never,
              (options ?? {}) as never,
            );
            if (typeof expected !== "string") continue;
            const text = ours.getFixedT(lng, ns)(key, options);
            if (text !== expected) mismatches.push({ lng, ns, key, options, text, expected });
            compared++;
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(compared).toBeGreaterThan(1000);
    // Every string of three languages, each rendered twice: seconds on a busy machine.
  }, 60_000);

  it("formats {{value, number}} in the page's language and falls back to English", () => {
    const fr = createTranslator({
      lng: "fr",
      fallbackLng: "en",
      defaultNS: "common",
      resources: {
        en: { common: { total: "{{total, number}} jobs", only: "English only" } },
        fr: { common: { total: "{{total, number}} emplois" } },
      },
      load: async () => ({}),
    });
    expect(fr.t("total", { total: 1234567 })).toBe(
      `${new Intl.NumberFormat("fr").format(1234567)} emplois`,
    );
    expect(fr.t("only")).toBe("English only");
    expect(fr.t("missing.key")).toBe("missing.key");
    expect(fr.t("missing.key", { defaultValue: "Hello {{name}}", name: "Tariro" })).toBe(
      "Hello Tariro",
    );
  });

  it("fetches a namespace the page did not bring, once, for the language and its fallback", async () => {
    const fetched: string[] = [];
    const tr = createTranslator({
      lng: "pt",
      fallbackLng: "en",
      defaultNS: "common",
      resources: { en: { common: {} }, pt: { common: {} } },
      load: async (lng, ns) => {
        fetched.push(`${lng}/${ns}`);
        return lng === "en" ? { hello: "Hello" } : {};
      },
    });
    expect(tr.hasLoadedNamespace("jobs")).toBe(false);
    await Promise.all([tr.loadNamespaces("jobs"), tr.loadNamespaces(["jobs"])]);
    expect(fetched.sort()).toEqual(["en/jobs", "pt/jobs"]);
    expect(tr.hasLoadedNamespace("jobs")).toBe(true);
    expect(tr.getFixedT("pt", "jobs")("hello")).toBe("Hello");
  });

  it("shows a language's own string once it arrives, after showing English in its place", async () => {
    const tr = createTranslator({
      lng: "fr",
      fallbackLng: "en",
      defaultNS: "common",
      resources: { en: { common: {}, jobs: { title: "Jobs", apply: "Apply" } } },
      load: async () => ({ title: "Offres", apply: "Postuler" }),
    });
    const t = tr.getFixedT("fr", "jobs");
    expect([t("title"), t("title")]).toEqual(["Jobs", "Jobs"]);
    await tr.loadNamespaces("jobs");
    expect([t("title"), t("apply"), t("apply")]).toEqual(["Offres", "Postuler", "Postuler"]);
  });

  it("returns whole lists and objects when asked, translated", () => {
    const tr = translatorFor(fallbackLanguage);
    const [ns, strings] = Object.entries(allResources[fallbackLanguage]!).find(([, s]) =>
      Object.values(s as object).some((v) => Array.isArray(v) || (v && typeof v === "object")),
    )!;
    const key = Object.keys(strings as object).find((k) => {
      const v = (strings as Record<string, unknown>)[k];
      return v !== null && typeof v === "object";
    })!;
    expect(tr.getFixedT("en", ns)(key, { returnObjects: true })).toEqual(
      i18next.getFixedT("en", ns as never)(key as never, { returnObjects: true } as never),
    );
  });
});
