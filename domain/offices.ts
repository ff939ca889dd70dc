import { type Role, USER_ADMIN_ROLES } from "./enums";

// Offices are the site settings' offices, named by their city (decision record 23). A person's
// office is stored as that city; one that is empty or no longer an office counts as the first.

type Office = { city: string; country: string };

/** The office an applicant from `country` is nearest to: one in their country, else the first. */
export function defaultOfficeFor(country: string | null | undefined, offices: readonly Office[]) {
  const wanted = country?.trim().toLowerCase();
  const match = wanted ? offices.find((o) => o.country.trim().toLowerCase() === wanted) : undefined;
  return (match ?? offices[0])?.city ?? null;
}

/** `office` when it is one of the offices, else null (an unknown office counts as the first). */
export function knownOffice(office: unknown, offices: readonly Office[]): string | null {
  return typeof office === "string" && offices.some((o) => o.city === office) ? office : null;
}

/** The office a person counts in: theirs when it is one of the offices, else the first. */
export function effectiveOffice(office: unknown, offices: readonly Office[]): string | null {
  return knownOffice(office, offices) ?? offices[0]?.city ?? null;
}

/** Admins see every office; everyone else their own and the extra ones they were given. */
export function seesEveryOffice(role: Role) {
  return (USER_ADMIN_ROLES as readonly Role[]).includes(role);
}

export type OfficeScope =
  | { all: true; offices: string[] }
  | {
      all: false;
      /** The offices this person may see and act on, in the settings' order. */
      offices: string[];
      /** Every office's city, so an applicant whose office is unknown counts as the first's. */
      allOffices: string[];
    };

/** What a staff member may see, from their role, office and extra offices and the settings. */
export function officeScopeOf(
  staff: { role: Role; office: string | null; extraOffices: readonly string[] },
  offices: readonly Office[],
): OfficeScope {
  const allOffices = offices.map((o) => o.city);
  if (seesEveryOffice(staff.role)) return { all: true, offices: allOffices };
  const home = knownOffice(staff.office, offices) ?? allOffices[0];
  const mine = new Set([home, ...staff.extraOffices]);
  return { all: false, offices: allOffices.filter((c) => mine.has(c)), allOffices };
}

/** The list's office filter (`?office=`): one of the viewer's offices, or null for all of them. */
export function parseOfficeFilter(value: string | null, scope: OfficeScope): string | null {
  return value && scope.offices.includes(value) ? value : null;
}
