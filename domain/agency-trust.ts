// How the agency proves who it is (decision record 31): its registrations, the outside
// bodies a person may turn to, and the rules of the public /verify check. Zod-free: the footer,
// job pages and receipts import it in the browser.

/** One registration or licence: where it applies, who issued it, and its number. */
export type AgencyRegistration = {
  /** ISO 3166-1 alpha-2 code of the country whose authority issued it ("ZA", "ZW", "PL"). */
  countryCode: string;
  /** The office it belongs to (a city of the settings' offices), or "" for a destination's. */
  office: string;
  /** What it is: "Private employment agency registration". */
  label: string;
  /** Who issued it: "Department of Employment and Labour". */
  authority: string;
  number: string;
};

/** A body outside the agency a person may also complain to. */
export type OutsideBody = {
  countryCode: string;
  name: string;
  /** What it handles, in a few words ("work-seekers charged fees", "personal data"). */
  topic: string;
  url: string;
};

export type AgencyTrust = {
  registrations: AgencyRegistration[];
  outsideBodies: OutsideBody[];
  /** Days the agency gives itself to answer a complaint. */
  complaintResponseDays: number;
};

/**
 * The registrations shown on every page, receipt and e-mail: those of the agency's offices.
 * With `countryCode`, also the one for jobs in that country (a job in Poland shows the KRAZ).
 */
export function registrationsToShow(
  trust: Pick<AgencyTrust, "registrations">,
  countryCode?: string | null,
): AgencyRegistration[] {
  const code = countryCode?.toUpperCase();
  return trust.registrations.filter((r) => r.office !== "" || (code && r.countryCode === code));
}

/** "Private employment agency registration (Department of Employment and Labour): PEA-…". */
export function registrationLine(r: AgencyRegistration) {
  return `${r.label} (${r.authority}): ${r.number}`;
}

// ── /verify ────────────────────────────────────────────────────────────────────────────────────

/** Calling codes of the countries the agency's offices may be in, by name and ISO code. */
const CALLING_CODES: Record<string, string> = {
  zimbabwe: "263",
  zw: "263",
  "south africa": "27",
  za: "27",
  botswana: "267",
  bw: "267",
  zambia: "260",
  zm: "260",
  mozambique: "258",
  mz: "258",
  namibia: "264",
  na: "264",
  malawi: "265",
  mw: "265",
  poland: "48",
  pl: "48",
  "united kingdom": "44",
  gb: "44",
};

export function callingCodeOf(country: string): string | null {
  return CALLING_CODES[country.trim().toLowerCase()] ?? null;
}

/**
 * The international forms (digits only, no "+") a number as typed may stand for: spaces, dashes,
 * brackets and "+" dropped, "00" read as "+", and a leading 0 read as a local number of each of
 * `localCallingCodes` (the offices' countries). Empty when it is not a phone number.
 */
export function phoneCandidates(raw: string, localCallingCodes: readonly string[]): string[] {
  const s = raw.trim();
  if (!/^\+?[\d\s().\-/]+$/.test(s)) return [];
  const digits = s.replace(/\D/g, "");
  if (digits.length < 7 || digits.length > 15) return [];
  if (s.startsWith("+")) return [digits];
  if (digits.startsWith("00")) return [digits.slice(2)];
  if (digits.startsWith("0"))
    return [...new Set(localCallingCodes.map((c) => c + digits.slice(1)))];
  return [...new Set([digits, ...localCallingCodes.map((c) => c + digits)])];
}

/** An e-mail address as compared: trimmed, without "mailto:", lower case. */
export function normaliseEmail(raw: string) {
  return raw
    .trim()
    .replace(/^mailto:/i, "")
    .toLowerCase();
}

/** A person's name as compared: Unicode-normalised, single spaces, lower case. */
export function normaliseName(raw: string) {
  return raw.normalize("NFKC").trim().replace(/\s+/g, " ").toLocaleLowerCase("en");
}

export type VerifyQueryKind = "phone" | "email" | "name";

/** What a visitor typed: an e-mail address (has "@"), a phone number, or else a name. */
export function verifyQueryKind(raw: string): VerifyQueryKind {
  if (raw.includes("@")) return "email";
  if (/^\+?[\d\s().\-/]+$/.test(raw.trim())) return "phone";
  return "name";
}

/**
 * What /verify answers. A contact point of the agency names what it is (the main WhatsApp line,
 * an office's phone); a staff member only their name and office. Anything else is `unknown`,
 * the same answer whoever it belongs to.
 */
export type VerifyAnswer =
  | {
      found: true;
      kind: "phone" | "email";
      value: string;
      uses: { channel: "phone" | "whatsapp" | "email"; office: string | null }[];
    }
  | { found: true; kind: "name"; value: string; offices: string[] }
  | { found: false; kind: VerifyQueryKind; value: string };

// ── Complaints ─────────────────────────────────────────────────────────────────────────────────

export const COMPLAINT_CATEGORIES = [
  "asked_for_money",
  "not_as_promised",
  "data_use",
  "other",
  // Filed from /verify: someone who is not Passage claims to be (a "scam report").
  "impersonation",
] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];
/** The categories a person picks on /complaints (a scam report comes from /verify). */
export const FILED_COMPLAINT_CATEGORIES = COMPLAINT_CATEGORIES.filter((c) => c !== "impersonation");

export const COMPLAINT_STATUSES = ["open", "in_progress", "resolved"] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

/** CMP-2026-7KQ4M9XD: the year, then 8 characters without look-alikes (0/O, 1/I/L, U). */
export const COMPLAINT_REFERENCE = /^CMP-\d{4}-[0-9A-HJKMNP-TV-Z]{8}$/;

/** A reference as typed (spaces, lower case, a missing "CMP-") in its stored form, or null. */
export function normaliseComplaintReference(raw: string): string | null {
  const s = raw.trim().toUpperCase().replace(/\s+/g, "");
  const ref = s.startsWith("CMP-") ? s : `CMP-${s}`;
  return COMPLAINT_REFERENCE.test(ref) ? ref : null;
}
