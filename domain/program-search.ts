// Study programs as the browser shows them (/, /study, a program's page, the dashboard): the card's
// item, the search's URL and the display helpers. No zod here: this ships to visitors (decision
// record 12); the staff form's schema is in ./programs.

import { FIELDS_OF_STUDY, type FieldOfStudy, PROGRAM_LEVELS, type ProgramLevel } from "./enums";
import { calendarDay, formatDate, formatSalary } from "./format";
import { searchQuery } from "./search-query";

export const PROGRAMS_PAGE_SIZE = 12;
export const HOME_PROGRAMS_LIMIT = 6;

/** A program as a card shows it. */
export type ProgramCardItem = {
  id: string;
  title: string;
  university: string;
  city: string;
  countryCode: string;
  countryName: string;
  level: ProgramLevel;
  fieldOfStudy: FieldOfStudy;
  durationMonths: number;
  tuitionAmount: number;
  tuitionCurrency: string;
  /** Start dates, YYYY-MM-DD, in order. */
  intakes: string[];
  rating: number | null;
  scholarship: boolean;
};

/** The filters of /study, all in its URL. `intake` is a month, YYYY-MM. */
export type ProgramSearch = {
  q?: string;
  country?: string;
  level?: ProgramLevel;
  field?: FieldOfStudy;
  intake?: string;
  scholarship?: boolean;
  page?: number;
};

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined =>
  v && (list as readonly string[]).includes(v) ? (v as T) : undefined;

/** Reads /study's filters from its URL; anything unknown is dropped rather than refused. */
export function parseProgramSearch(params: URLSearchParams): ProgramSearch {
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const country = (params.get("country") ?? "").trim().toUpperCase();
  const intake = params.get("intake") ?? "";
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return {
    q: q || undefined,
    country: /^[A-Z]{2}$/.test(country) ? country : undefined,
    level: oneOf(PROGRAM_LEVELS, params.get("level")),
    field: oneOf(FIELDS_OF_STUDY, params.get("field")),
    intake: /^\d{4}-(0[1-9]|1[0-2])$/.test(intake) ? intake : undefined,
    scholarship: params.get("scholarship") === "1" || params.get("scholarship") === "on",
    page: Number.isFinite(page) && page > 1 ? Math.min(page, 10_000) : undefined,
  };
}

/** The query string for a search: empty filters and page 1 are left out so URLs stay short. */
export function programSearchQuery(search: ProgramSearch): string {
  const { q, country, level, field, intake, scholarship, page } = search;
  return searchQuery(
    { q, country, level, field, intake, scholarship: scholarship ? "1" : undefined },
    page,
  );
}

export function hasProgramFilters(search: ProgramSearch): boolean {
  return Boolean(
    search.q ||
    search.country ||
    search.level ||
    search.field ||
    search.intake ||
    search.scholarship,
  );
}

/** Tuition per year in the reader's language ("CA$21,000", "21 000 $CA"). */
export function formatTuition(amount: number, currency: string, locale: string): string {
  return formatSalary(amount, null, currency, locale);
}

/** An intake as a month and year ("September 2027"). */
export function formatIntake(day: string, locale: string): string {
  return formatDate(calendarDay(day), locale, { month: "long", year: "numeric" });
}

/** A duration in whole years when it is one ("2 years"), otherwise in months ("18 months"). */
export function durationParts(months: number): { unit: "years" | "months"; count: number } {
  return months % 12 === 0
    ? { unit: "years", count: months / 12 }
    : { unit: "months", count: months };
}

/** The first intake on or after today (YYYY-MM-DD), or null when all have passed. */
export function nextIntake(intakes: string[], today: string): string | null {
  return [...intakes].sort().find((d) => d >= today) ?? null;
}
