import { and, count, eq, isNull } from "drizzle-orm";
import { keptUntilChange } from "~/server/cache/until-change.server";
import { type Db, db } from "~/server/db/client.server";
import { countries, jobs, programs } from "~/server/db/schema";

/**
 * Active jobs per country code, public and premium alike: the service pages show how many
 * vacancies are really open (premium ones are listed to everyone as teasers). Kept until public
 * content changes; a job edit is such a change.
 */
export function countActiveJobsByCountry(on?: Db): Promise<Record<string, number>> {
  return countActiveByCountry("activeJobsByCountry", jobs, on);
}

/** Active study programs per country code (kept until public content changes). */
export function countStudyProgramsByCountry(on?: Db): Promise<Record<string, number>> {
  return countActiveByCountry("studyProgramsByCountry", programs, on);
}

/** A catalogue's active, unarchived items per country code; kept as `key` unless read on `on`. */
function countActiveByCountry(
  key: string,
  catalogue: typeof jobs | typeof programs,
  on?: Db,
): Promise<Record<string, number>> {
  const read = async (from: Db) => {
    const rows = await from
      .select({ code: countries.code, n: count() })
      .from(catalogue)
      .innerJoin(countries, eq(countries.id, catalogue.countryId))
      .where(and(eq(catalogue.isActive, true), isNull(catalogue.archivedAt)))
      .groupBy(countries.code);
    return Object.fromEntries(rows.map((r) => [r.code, r.n]));
  };
  if (on && on !== db()) return read(on);
  return keptUntilChange(key, () => read(db()));
}
