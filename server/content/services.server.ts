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
  if (on && on !== db()) return readActiveJobsByCountry(on);
  return keptUntilChange("activeJobsByCountry", () => readActiveJobsByCountry(db()));
}

async function readActiveJobsByCountry(on: Db): Promise<Record<string, number>> {
  const rows = await on
    .select({ code: countries.code, n: count() })
    .from(jobs)
    .innerJoin(countries, eq(countries.id, jobs.countryId))
    .where(and(eq(jobs.isActive, true), isNull(jobs.archivedAt)))
    .groupBy(countries.code);
  return Object.fromEntries(rows.map((r) => [r.code, r.n]));
}

/** Active study programs per country code (kept until public content changes). */
export function countStudyProgramsByCountry(on?: Db): Promise<Record<string, number>> {
  if (on && on !== db()) return readStudyProgramsByCountry(on);
  return keptUntilChange("studyProgramsByCountry", () => readStudyProgramsByCountry(db()));
}

async function readStudyProgramsByCountry(on: Db): Promise<Record<string, number>> {
  const rows = await on
    .select({ code: countries.code, n: count() })
    .from(programs)
    .innerJoin(countries, eq(countries.id, programs.countryId))
    .where(and(eq(programs.isActive, true), isNull(programs.archivedAt)))
    .groupBy(countries.code);
  return Object.fromEntries(rows.map((r) => [r.code, r.n]));
}
