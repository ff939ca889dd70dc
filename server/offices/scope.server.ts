import { and, eq, inArray, isNull, notInArray, or, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { type OfficeScope, officeScopeOf } from "~/domain/offices";
import type { Role } from "~/domain/enums";
import { type Db, db } from "~/server/db/client.server";
import { profiles } from "~/server/db/schema";
import { getSiteSettings } from "~/server/settings/settings.server";

// Staff see and act on the applicants of their offices (decision record 23): every staff query
// over applicants, applications, documents, messages and payments narrows its `where` clause with
// `applicantInScope`, so a person outside them is "not found" however they are asked for.

export type Staff = {
  id: string;
  role: Role;
  /** As the request's session read found them (a Viewer's): no need to ask again. */
  offices?: { office: string | null; extraOffices: readonly string[] };
};

/**
 * The offices this staff member may see: read afresh (an admin may have just changed them), or
 * as this request's session read found them; inside a transaction, always afresh.
 */
export async function officeScopeFor(staff: Staff, on: Db = db()): Promise<OfficeScope> {
  if (staff.offices && on === db()) {
    const settings = await getSiteSettings();
    return officeScopeOf({ role: staff.role, ...staff.offices }, settings.offices);
  }
  const [settings, [row]] = await Promise.all([
    getSiteSettings(on === db() ? undefined : on),
    on
      .select({ role: profiles.role, office: profiles.office, extraOffices: profiles.extraOffices })
      .from(profiles)
      .where(eq(profiles.id, staff.id)),
  ]);
  // A profile that is gone (or no longer staff) sees nothing of anyone's.
  if (!row) return { all: false, offices: [], allOffices: settings.offices.map((o) => o.city) };
  return officeScopeOf(row, settings.offices);
}

/** Profiles (applicants) of these offices; one with no known office counts as the first's. */
function profilesOfOffices(offices: string[], allOffices: string[]): SQL {
  const first = allOffices[0];
  const parts: SQL[] = [];
  if (offices.length) parts.push(inArray(profiles.office, offices));
  if (first !== undefined && offices.includes(first)) {
    parts.push(isNull(profiles.office));
    if (allOffices.length) parts.push(notInArray(profiles.office, allOffices));
  }
  return parts.length ? or(...parts)! : and(isNull(profiles.id))!;
}

/**
 * `userId` (a column holding an applicant's profile id) belongs to someone this scope covers,
 * narrowed to one office when `office` is given (the list's filter, already one of the scope's).
 * Undefined when nothing narrows it (an admin looking at every office).
 */
export function applicantInScope(
  scope: OfficeScope,
  userId: AnyPgColumn,
  office: string | null = null,
): SQL | undefined {
  const allOffices = scope.all ? scope.offices : scope.allOffices;
  const offices = office ? scope.offices.filter((o) => o === office) : scope.offices;
  if (scope.all && !office) return undefined;
  return inArray(
    userId,
    db().select({ id: profiles.id }).from(profiles).where(profilesOfOffices(offices, allOffices)),
  );
}

/** Whether one applicant is within the scope (for a single record looked up another way). */
export async function applicantIsInScope(
  scope: OfficeScope,
  applicantId: string,
  on: Db = db(),
): Promise<boolean> {
  if (scope.all) return true;
  const [row] = await on
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, applicantId), applicantInScope(scope, profiles.id)));
  return Boolean(row);
}
