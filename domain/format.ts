// Display helpers the browser needs on public pages. No zod here: this module ships to every
// visitor, and the settings schema (domain/settings.ts) stays on the server and admin screens.

/** The fee as a formatted amount, e.g. "$99.00" in en-US. */
// Building an Intl formatter costs far more than using one (a job list formats two amounts per
// card, on the server and again while the browser hydrates), so each is built once and kept.
const moneyFormatters = new Map<string, Intl.NumberFormat>();

/**
 * The one way each language writes money, on pages, in e-mails and on receipts alike: Portuguese
 * as Portugal and Lusophone Africa write it ("99,00 US$"), not Brazil ("US$ 99,00").
 */
export function moneyLocaleOf(locale: string) {
  return locale === "pt" ? "pt-PT" : locale;
}

export function formatMoney(amountMinor: number, currency: string, locale = "en") {
  const key = `${locale}|${currency}`;
  let fmt = moneyFormatters.get(key);
  if (!fmt) {
    fmt = new Intl.NumberFormat(moneyLocaleOf(locale), { style: "currency", currency });
    moneyFormatters.set(key, fmt);
  }
  return fmt.format(amountMinor / 100);
}

const salaryFormatters = new Map<string, Intl.NumberFormat>();

/**
 * A salary or its range in the reader's language ("38 000–51 000 €" in French, "€38,000 – €51,000"
 * in English): amounts in major units, as the employer gives them; cents only when there are any.
 */
export function formatSalary(
  min: number | null,
  max: number | null,
  currency: string,
  locale = "en",
): string {
  const amounts = [min, max].filter((n): n is number => n != null);
  const digits = amounts.every(Number.isInteger) ? 0 : 2;
  const key = `${locale}|${currency}|${digits}`;
  let fmt = salaryFormatters.get(key);
  if (!fmt) {
    fmt = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    salaryFormatters.set(key, fmt);
  }
  const [low, high] = amounts;
  if (low === undefined) return "";
  return high !== undefined && high !== low ? fmt.formatRange(low, high) : fmt.format(low);
}

const numberFormatters = new Map<string, Intl.NumberFormat>();

/**
 * A number formatter for the reader's language ("12,500" in English, "12 500" in French), kept per
 * locale and options: a staff list formats a figure per card and per row on every render.
 */
export function numberFormatter(locale: string, options?: Intl.NumberFormatOptions) {
  const key = options ? `${locale}|${JSON.stringify(options)}` : locale;
  let fmt = numberFormatters.get(key);
  if (!fmt) {
    fmt = new Intl.NumberFormat(locale, options);
    if (numberFormatters.size > 200) numberFormatters.clear();
    numberFormatters.set(key, fmt);
  }
  return fmt;
}

export function whatsappLink(number: string) {
  return `https://wa.me/${number.replace(/[^\d]/g, "")}`;
}

/** A number to call in one tap: its digits, with the + of an international number kept. */
export function telLink(number: string) {
  const digits = number.replace(/[^\d]/g, "");
  return `tel:${number.trim().startsWith("+") ? "+" : ""}${digits}`;
}

/**
 * The agency's time zone (Central Africa Time, UTC+2, no daylight saving): both offices (Harare,
 * Midrand) keep it. Every date and time a person reads — on a page, in an e-mail, in an export — is
 * shown in it, so the server's rendering (UTC) and the browser's (wherever the reader is) produce
 * the same text and React never meets a hydration mismatch.
 */
export const AGENCY_TIME_ZONE = "Africa/Harare";

/**
 * How the agency's zone is named wherever a time carries its zone, in every language: Intl would
 * say "CAT", "GMT+2" or "UTC+2" depending on the language and region.
 */
export const AGENCY_TIME_ZONE_LABEL = "CAT";

/** The ways the product shows a moment. */
export const DATE_STYLES = {
  /** 5 Jan 2026 */
  date: { dateStyle: "medium" },
  /** 5 January 2026 */
  longDate: { dateStyle: "long" },
  /** 5 Jan 2026, 14:30 */
  dateTime: { dateStyle: "medium", timeStyle: "short" },
  /** 14:30 */
  time: { timeStyle: "short" },
  /** 5 Jan */
  dayMonth: { day: "numeric", month: "short" },
  /** Monday, 5 January 2026 at 14:30 CAT: an appointment, with its zone spelled out */
  appointment: {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateStyle = keyof typeof DATE_STYLES;

/** A moment as the database or a loader hands it over (Date, ISO string, epoch ms). */
export type DateInput = Date | string | number;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The one date/time formatter of the product: `style` is a named style or, for a rare shape, Intl
 * options; the time zone is always the agency's, whatever the options say. Formatters are kept per
 * locale and style (building one costs more than formatting).
 */
export function dateFormatter(
  locale: string,
  style: DateStyle | Intl.DateTimeFormatOptions = "date",
): Intl.DateTimeFormat {
  const key = `${locale}|${typeof style === "string" ? style : JSON.stringify(style)}`;
  let fmt = formatters.get(key);
  if (!fmt) {
    const options = typeof style === "string" ? DATE_STYLES[style] : style;
    fmt = new Intl.DateTimeFormat(locale, { ...options, timeZone: AGENCY_TIME_ZONE });
    if (formatters.size > 200) formatters.clear();
    formatters.set(key, fmt);
  }
  return fmt;
}

/** One moment in the agency's time zone, e.g. formatDate(row.createdAt, i18n.language, "dateTime"). */
export function formatDate(
  value: DateInput,
  locale: string,
  style: DateStyle | Intl.DateTimeFormatOptions = "date",
) {
  const text = dateFormatter(locale, style).format(value instanceof Date ? value : new Date(value));
  // An appointment ends with its zone's name: the agency's one name for it, in every language.
  return style === "appointment" ? text.replace(/\S+$/, AGENCY_TIME_ZONE_LABEL) : text;
}

/**
 * A calendar day written as YYYY-MM-DD (a legal text's "last updated", a week's first day): noon UTC
 * of that day, which is the same day in every zone within 12 hours of UTC, the agency's included.
 */
export function calendarDay(day: string): Date {
  return new Date(`${day}T12:00:00.000Z`);
}

/**
 * The last second of a calendar day (YYYY-MM-DD) in the agency's time zone, as ISO 8601 with the
 * zone's offset ("2026-12-31T23:59:59+02:00"): a deadline day is open until it ends there.
 */
export function endOfAgencyDay(day: string): string {
  const zone =
    dateFormatter("en", { timeZoneName: "longOffset" })
      .formatToParts(calendarDay(day))
      .find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  // "GMT+02:00", or "GMT" for UTC itself.
  return `${day}T23:59:59${zone === "GMT" ? "+00:00" : zone.slice(3)}`;
}
