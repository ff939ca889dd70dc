import fs from "node:fs/promises";
import path from "node:path";
import matter from "gray-matter";
import { type FeeKind, type FeePolicy, feeSettingsFor } from "~/domain/fee-policy";
import { settingText } from "~/domain/setting-texts";
import type { SiteSettings } from "~/domain/settings";
import { listFeePolicies, noPolicyFor } from "~/server/fees/fee-policies.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import { renderMarkdown } from "./markdown.server";

const CONTENT_DIR = path.resolve(process.cwd(), "content");
const cache = new Map<string, unknown>();
// The files ship with the build and do not change while the process runs; re-read in development.
const useCache = process.env.NODE_ENV === "production";

async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (useCache && cache.has(key)) return cache.get(key) as T;
  const value = await load();
  if (useCache) cache.set(key, value);
  return value;
}

export const LEGAL_PAGES = {
  "/privacy-policy": "privacy-policy",
  "/terms-of-service": "terms-of-service",
  "/cookie-policy": "cookie-policy",
} as const;
export type LegalPath = keyof typeof LEGAL_PAGES;

export type LegalPage = {
  title: string;
  description: string;
  lastUpdated: string | null;
  html: string;
};

/** How a legal text words each office's fee policy for {{feePolicies}} (its front matter). */
type FeePhrases = Record<
  FeeKind | "office" | "override" | "study" | "jobs" | "destination",
  string
>;

const phrase = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/**
 * Every office's fee policy in one sentence, in the text's language: the office default first,
 * then its overrides per destination and path ("Harare, Zimbabwe: a one-time registration fee of
 * 99 US dollars; Midrand, South Africa: no fee to the applicant"). Issue 39: the Terms say what
 * each office's policy is, never one fee for everyone.
 */
export function feePoliciesSentence(
  policies: readonly FeePolicy[],
  settings: SiteSettings,
  lng: string,
  phrases: FeePhrases,
): string {
  const regions = new Intl.DisplayNames([lng], { type: "region" });
  const money = (amountMinor: number, currency: string) =>
    new Intl.NumberFormat(lng, {
      style: "currency",
      currency,
      currencyDisplay: "name",
      minimumFractionDigits: amountMinor % 100 === 0 ? 0 : 2,
    }).format(amountMinor / 100);
  const words = (p: FeePolicy) => {
    const fee = feeSettingsFor(p, settings).registrationFee;
    const amount = money(p.amountMinor ?? fee.amountMinor, p.currency ?? fee.currency);
    const percent = new Intl.NumberFormat(lng, {
      style: "percent",
      maximumFractionDigits: 2,
    }).format((p.successBasisPoints ?? 0) / 10_000);
    return phrase(phrases[p.kind], { amount, percent });
  };
  const parts: string[] = [];
  for (const [i, o] of settings.offices.entries()) {
    const office = `${o.city}, ${settingText(settings, `offices.${i}.country`, lng)}`;
    const own = policies.filter((p) => p.office === o.city);
    const base = own.find((p) => !p.destination && !p.path) ?? noPolicyFor(o.city);
    parts.push(phrase(phrases.office, { office, policy: words(base) }));
    for (const p of own) {
      if (p === base) continue;
      const scope = [
        p.path ? phrases[p.path] : "",
        p.destination
          ? phrase(phrases.destination, { country: regions.of(p.destination) ?? p.destination })
          : "",
      ]
        .filter(Boolean)
        .join(" ");
      parts.push(phrase(phrases.override, { office, scope, policy: words(p) }));
    }
  }
  return parts.join("; ");
}

/**
 * The facts a legal text states that staff can change in the settings. A legal page writes
 * {{name}} and gets the current value, so the Terms never state a fee or an address the site no
 * longer uses. Values are plain text: they are HTML-escaped where they land in the page.
 */
export function legalPlaceholders(settings: SiteSettings, lng = "en"): Record<string, string> {
  const fee = settings.registrationFee;
  const list = new Intl.ListFormat(lng, { style: "long", type: "conjunction" });
  const country = (i: number) => settingText(settings, `offices.${i}.country`, lng);
  return {
    agencyName: settings.agencyName,
    // "99.00 US dollars": written out, as a sentence in a legal text reads.
    registrationFee: new Intl.NumberFormat(lng, {
      style: "currency",
      currency: fee.currency,
      currencyDisplay: "name",
      // "99 US dollars" for a whole amount, "99.50 US dollars" otherwise.
      minimumFractionDigits: fee.amountMinor % 100 === 0 ? 0 : 2,
    }).format(fee.amountMinor / 100),
    contactEmail: settings.contactEmail,
    officeCities: list.format(settings.offices.map((o, i) => `${o.city}, ${country(i)}`)),
    // The Information Officer as settings name them, else the agency's contact address.
    informationOfficer: settings.privacy.informationOfficer || settings.contactEmail,
    retentionMonths: String(settings.privacy.retentionMonths),
    officeAddresses: list.format(
      settings.offices.map(
        (o, i) =>
          `${settingText(settings, `offices.${i}.address`, lng)}, ${country(i)} (${o.email}, ${o.phone})`,
      ),
    ),
  };
}

const PLACEHOLDER = /\{\{\s*([a-zA-Z]+)\s*\}\}/g;

function fill(text: string, values: Record<string, string>, escape: (v: string) => string) {
  // An unknown name stays visible as written, so a typo in a text is seen, not silently dropped.
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? escape(values[name]!) : whole,
  );
}

const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A legal page from content/<lng>/legal/<name>.md: front matter + Markdown rendered safe, then
 * the settings placeholders filled in (after rendering, so a value is never read as Markdown or
 * HTML). The settings come from their service, so a change drops the cached public pages.
 */
export async function readLegalPage(name: string, lng = "en"): Promise<LegalPage> {
  const [{ feePhrases, ...page }, settings, policies] = await Promise.all([
    readLegalSource(name, lng),
    getSiteSettings(),
    listFeePolicies(),
  ]);
  const values = legalPlaceholders(settings, lng);
  if (feePhrases) values.feePolicies = feePoliciesSentence(policies, settings, lng, feePhrases);
  const plain = (v: string) => v; // title and description are rendered as text by React
  return {
    ...page,
    title: fill(page.title, values, plain),
    description: fill(page.description, values, plain),
    html: fill(page.html, values, escapeHtml),
  };
}

/** The version of a legal text in force: its English text's lastUpdated date (e.g. "2026-11-24"). */
export async function legalVersion(name: (typeof LEGAL_PAGES)[LegalPath]): Promise<string> {
  const page = await readLegalSource(name, "en");
  if (!page.lastUpdated) throw new Error(`content/en/legal/${name}.md has no lastUpdated`);
  return page.lastUpdated;
}

function readLegalSource(
  name: string,
  lng: string,
): Promise<LegalPage & { feePhrases: FeePhrases | null }> {
  return cached(`legal:${lng}:${name}`, async () => {
    const file = path.join(CONTENT_DIR, lng, "legal", `${name}.md`);
    const { data, content } = matter(await fs.readFile(file, "utf8"));
    const updated = data.lastUpdated;
    const lastUpdated =
      updated instanceof Date
        ? updated.toISOString().slice(0, 10)
        : typeof updated === "string"
          ? updated
          : null;
    return {
      title: String(data.title ?? name),
      description: String(data.description ?? ""),
      lastUpdated,
      html: renderMarkdown(content),
      feePhrases: (data.feePhrases as FeePhrases | undefined) ?? null,
    };
  });
}

/** The long copy of a service page, from content/<lng>/services/<slug>.json. */
export function readServiceContent<T>(slug: string, lng = "en"): Promise<T> {
  return cached(`service:${lng}:${slug}`, async () => {
    const file = path.join(CONTENT_DIR, lng, "services", `${slug}.json`);
    return JSON.parse(await fs.readFile(file, "utf8")) as T;
  });
}
