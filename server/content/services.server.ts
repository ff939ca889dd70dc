import { and, count, eq, isNull } from "drizzle-orm";
import { cached, PUBLIC_TTL_MS } from "~/server/cache/cached.server";
import { type Db, db } from "~/server/db/client.server";
import { countries, jobs, programs } from "~/server/db/schema";

/**
 * Active jobs per country code, public and premium alike: the service pages show how many
 * vacancies are really open (premium ones are listed to everyone as teasers). Kept until the jobs or
 * countries change.
 */
export function countActiveJobsByCountry(on?: Db): Promise<Record<string, number>> {
  return countActiveByCountry("activeJobsByCountry", jobs, on);
}

/** Active study programs per country code (kept until the programs or countries change). */
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
  return cached({
    name: key,
    dependsOn: [catalogue === jobs ? "jobs" : "programs", "countries"],
    ttlMs: PUBLIC_TTL_MS,
    load: () => read(db()),
  });
}
