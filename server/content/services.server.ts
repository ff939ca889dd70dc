import { and, count, eq, isNull } from "drizzle-orm";
import { type Db, db } from "../db/client.server";
import { countries, jobs, studyPrograms } from "../db/schema";

/**
 * Active jobs per country code, public and premium alike: the service pages show how many
 * vacancies are really open (premium ones are listed to everyone as teasers).
 */
export async function countActiveJobsByCountry(on: Db = db()): Promise<Record<string, number>> {
  const rows = await on
    .select({ code: countries.code, n: count() })
    .from(jobs)
    .innerJoin(countries, eq(countries.id, jobs.countryId))
    .where(and(eq(jobs.isActive, true), isNull(jobs.archivedAt)))
    .groupBy(countries.code);
  return Object.fromEntries(rows.map((r) => [r.code, r.n]));
}

/** Active study programs per country code. */
export async function countStudyProgramsByCountry(on: Db = db()): Promise<Record<string, number>> {
  const rows = await on
    .select({ code: studyPrograms.countryCode, n: count() })
    .from(studyPrograms)
    .where(eq(studyPrograms.isActive, true))
    .groupBy(studyPrograms.countryCode);
  return Object.fromEntries(rows.map((r) => [r.code, r.n]));
}
