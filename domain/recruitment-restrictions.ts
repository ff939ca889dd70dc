import type { Sector } from "./enums";

// Ethical-recruitment restrictions (decision record 35 part 2): a job of a
// destination and sector is not advertised to residents of a country (the WHO health-workforce
// safeguards list); a person who finds it and applies anyway reads why, and the application is
// recorded as a direct application.

export type RecruitmentRestriction = {
  id: string;
  /** ISO code of the job's country; "" = any destination. */
  destination: string;
  /** The job's sector; null = any sector. */
  sector: Sector | null;
  /** ISO code of the applicant's country of residence. */
  residence: string;
  /** What the applicant reads, in English; in French and Portuguese when written ("" = English). */
  explanation: string;
  explanationFr: string;
  explanationPt: string;
  /** The row's version, which the admin form posts back (decision record 37). */
  version?: number;
};

/** The explanation in the reader's language, else in English. */
export function explanationIn(
  r: Pick<RecruitmentRestriction, "explanation" | "explanationFr" | "explanationPt">,
  lng: string,
): string {
  return (lng === "fr" ? r.explanationFr : lng === "pt" ? r.explanationPt : "") || r.explanation;
}

export type RestrictionContext = {
  destination: string | null | undefined;
  sector: Sector | null | undefined;
  /** The applicant's residence code; null when unknown (nothing is hidden on a guess). */
  residence: string | null | undefined;
};

const specificity = (r: RecruitmentRestriction) => (r.destination ? 2 : 0) + (r.sector ? 1 : 0);

/**
 * The restriction that applies to a job for a resident, or null: the most specific one when
 * several match (a destination and sector beat "any").
 */
export function restrictionFor(
  restrictions: readonly RecruitmentRestriction[],
  context: RestrictionContext,
): RecruitmentRestriction | null {
  const residence = context.residence?.toUpperCase();
  if (!residence) return null;
  let best: RecruitmentRestriction | null = null;
  for (const r of restrictions) {
    if (r.residence !== residence) continue;
    if (r.destination && r.destination !== (context.destination ?? "").toUpperCase()) continue;
    if (r.sector && r.sector !== context.sector) continue;
    if (!best || specificity(r) > specificity(best)) best = r;
  }
  return best;
}

// ── Residence: the profile's country is free text (a name), matched to an ISO code ──────────

/** Names people write that the languages' own names do not cover. */
const ALIASES: Record<string, string> = {
  "ivory coast": "CI",
  drc: "CD",
  "dr congo": "CD",
  "democratic republic of congo": "CD",
  "democratic republic of the congo": "CD",
  "congo, democratic republic of": "CD",
  "republic of the congo": "CG",
  "congo-brazzaville": "CG",
  "the gambia": "GM",
  "gambia, the": "GM",
  laos: "LA",
  "lao pdr": "LA",
  "lao people's democratic republic": "LA",
  tanzania: "TZ",
  "tanzania, united republic of": "TZ",
  "united republic of tanzania": "TZ",
  micronesia: "FM",
  "micronesia, federated states of": "FM",
  "federated states of micronesia": "FM",
  "east timor": "TL",
  "yemen, republic of": "YE",
  "republic of yemen": "YE",
  swaziland: "SZ",
  eswatini: "SZ",
  "cape verde": "CV",
  uk: "GB",
  "great britain": "GB",
  england: "GB",
  usa: "US",
  "united states of america": "US",
};

const LANGUAGES = ["en", "fr", "pt"] as const;

/** Lower-cased and trimmed, with one kind of apostrophe: how a written name is compared. */
export function normaliseCountryName(name: string): string {
  return name.trim().replace(/\s+/g, " ").replace(/[’‘`]/g, "'").toLowerCase();
}

function isCurrentRegion(code: string): boolean {
  try {
    return Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`;
  } catch {
    return false;
  }
}

let namesByCode: Map<string, Set<string>> | null = null;
let codeByName: Map<string, string> | null = null;

function build() {
  if (namesByCode && codeByName) return { namesByCode, codeByName };
  const byCode = new Map<string, Set<string>>();
  const byName = new Map<string, string>();
  const add = (code: string, name: string) => {
    const key = normaliseCountryName(name);
    if (!key) return;
    if (!byCode.has(code)) byCode.set(code, new Set());
    byCode.get(code)!.add(key);
    // Without accents too: "Cote d'Ivoire" is as often written as "Côte d'Ivoire".
    const plain = key.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    byCode.get(code)!.add(plain);
    if (!byName.has(key)) byName.set(key, code);
    if (!byName.has(plain)) byName.set(plain, code);
  };
  const displays = LANGUAGES.map(
    (lng) => new Intl.DisplayNames([lng], { type: "region", fallback: "none" }),
  );
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      // A retired code (RH, ZR, TP) names today's country: only the current code keeps the name.
      if (!isCurrentRegion(code)) continue;
      for (const display of displays) {
        let name: string | undefined;
        try {
          name = display.of(code);
        } catch {
          name = undefined;
        }
        if (name && name !== code) add(code, name);
      }
    }
  }
  for (const [name, code] of Object.entries(ALIASES)) add(code, name);
  namesByCode = byCode;
  codeByName = byName;
  return { namesByCode: byCode, codeByName: byName };
}

/**
 * The ISO code of a country of residence written as a name (English, French or Portuguese, or a
 * common alias) or as a code; null when it names no country.
 */
export function residenceCodeOf(country: string | null | undefined): string | null {
  if (!country) return null;
  const trimmed = country.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) {
    const code = trimmed.toUpperCase();
    return build().namesByCode.has(code) ? code : null;
  }
  const key = normaliseCountryName(trimmed);
  const { codeByName: names } = build();
  return names.get(key) ?? names.get(key.normalize("NFD").replace(/[\u0300-\u036f]/g, "")) ?? null;
}

/** Every written form residenceCodeOf reads as `code` (normalised), and the code itself. */
export function namesOfResidence(code: string): string[] {
  const names = build().namesByCode.get(code.toUpperCase());
  return [code.toLowerCase(), ...(names ?? [])];
}

/** A country's name for a code, in a language (the admin list and the explanation's heading). */
export function countryNameOf(code: string, lng: string): string {
  if (!code) return "";
  try {
    return new Intl.DisplayNames([lng], { type: "region", fallback: "code" }).of(code) ?? code;
  } catch {
    return code;
  }
}
