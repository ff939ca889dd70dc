import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from "libphonenumber-js/min";
import type { z } from "zod";

// Phone numbers are stored in E.164 (+263771234567) and shown in the international format
// (+263 77 123 4567), read with libphonenumber-js and its small ("min") metadata. A number typed
// the local way (077 123 4567, 77 123 4567) is read as one of the person's country, else their
// office's, else Zimbabwe's. This module carries the library (~40 KB): only the schemas of forms
// with a phone field import it, and the browser loads those lazily (app/lib/lazy-validation.ts).

/** The region a local number is read in when nothing says better: the first office's country. */
export const DEFAULT_PHONE_REGION: CountryCode = "ZW";

let regionsByName: Map<string, CountryCode> | null = null;

/** Every country's name in the site's languages (and its ISO code), lower-cased, to its code. */
function regionNames() {
  if (regionsByName) return regionsByName;
  const names = new Map<string, CountryCode>();
  const displays = ["en", "fr", "pt"].map(
    (lng) => new Intl.DisplayNames([lng], { type: "region" }),
  );
  for (const code of getCountries()) {
    names.set(code.toLowerCase(), code);
    for (const display of displays) {
      const name = display.of(code);
      if (name) names.set(name.toLowerCase(), code);
    }
  }
  // Older names people still write.
  names.set("swaziland", "SZ");
  names.set("rsa", "ZA");
  return (regionsByName = names);
}

/** The phone region of a country as people write it ("Zimbabwe", "Afrique du Sud", "ZA"), or null. */
export function regionOfCountry(country: string | null | undefined): CountryCode | null {
  const key = country?.trim().toLowerCase();
  if (!key) return null;
  const code = regionNames().get(key);
  return code && isSupportedCountry(code) ? code : null;
}

/** The first of the given countries that names a region, else Zimbabwe. */
export function phoneRegionFor(...countries: (string | null | undefined)[]): CountryCode {
  for (const country of countries) {
    const region = regionOfCountry(country);
    if (region) return region;
  }
  return DEFAULT_PHONE_REGION;
}

/** "+263" for Zimbabwe: the prefix a phone field suggests. */
export function callingPrefixOf(region: CountryCode) {
  return `+${getCountryCallingCode(region)}`;
}

/**
 * A number as typed, in E.164, or null when it is not a possible number: a local number is read
 * in `region`, an international one (+…, 00…) as it says.
 */
export function toE164(raw: string, region: CountryCode = DEFAULT_PHONE_REGION): string | null {
  const typed = raw.trim().replace(/^00(?=[1-9])/, "+");
  if (!/\d/.test(typed) || /[a-z]{2}/i.test(typed.replace(/\b(ext|x)\.?\s*\d+$/i, ""))) return null;
  const parsed = parsePhoneNumberFromString(typed, region);
  return parsed?.isValid() ? parsed.number : null;
}

/** A stored number as people read it: "+263 77 123 4567". One that does not parse is shown as is. */
export function formatPhone(stored: string): string;
export function formatPhone(stored: string | null | undefined): string | null;
export function formatPhone(stored: string | null | undefined) {
  if (!stored) return stored ?? null;
  const parsed = parsePhoneNumberFromString(stored.trim(), DEFAULT_PHONE_REGION);
  return parsed?.isValid() ? parsed.formatInternational() : stored;
}

/** A number saved before phones were checked: in E.164 when it reads, else kept and flagged. */
export function migratePhone(
  stored: string | null,
  region: CountryCode,
): { value: string | null; needsFix: boolean } {
  if (!stored || !stored.trim()) return { value: null, needsFix: false };
  const e164 = toE164(stored, region);
  return e164 ? { value: e164, needsFix: false } : { value: stored, needsFix: true };
}

type PhoneHolder = { country?: string | null; phoneRegion?: string | null };

/**
 * For a form schema's `.transform`: the phone fields `keys` in E.164, read in the form's country
 * (else its `phoneRegion`, the office's, else Zimbabwe); a number that does not read is refused
 * with `message` on its field, the other fields' answers kept.
 */
export function phonesInE164<K extends string>(keys: readonly K[], message: string) {
  return <T extends PhoneHolder & Partial<Record<K, string | null | undefined>>>(
    value: T,
    ctx: z.RefinementCtx<T>,
  ): T => {
    const region = phoneRegionFor(value.country, value.phoneRegion);
    const out: Record<string, unknown> = { ...value };
    for (const key of keys) {
      const raw = value[key];
      if (!raw) continue;
      const e164 = toE164(raw, region);
      if (e164) out[key] = e164;
      else ctx.addIssue({ code: "custom", path: [key], message });
    }
    return out as T;
  };
}
