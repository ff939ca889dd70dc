import { and, desc, eq, isNull } from "drizzle-orm";
import type { StudyProgramItem } from "~/domain/content";
import { cached, PUBLIC_TTL_MS } from "~/server/cache/cached.server";
import { type Db, db } from "~/server/db/client.server";
import { countries, programs } from "~/server/db/schema";

/** What a program card reads, for every list of programs. */
export const programCardColumns = {
  id: programs.id,
  title: programs.title,
  university: programs.university,
  city: programs.city,
  countryCode: countries.code,
  countryName: countries.name,
  level: programs.level,
  fieldOfStudy: programs.fieldOfStudy,
  durationMonths: programs.durationMonths,
  tuitionAmount: programs.tuitionAmount,
  tuitionCurrency: programs.tuitionCurrency,
  intakes: programs.intakes,
  rating: programs.rating,
  scholarship: programs.scholarship,
};

/** Listed programs: active and not archived (the partial indexes' condition). */
export const listedProgram = and(eq(programs.isActive, true), isNull(programs.archivedAt))!;

/** A row as a card reads it: numbers as numbers, intakes in order (extra fields kept). */
export function toProgramCard<
  R extends Omit<StudyProgramItem, "rating" | "tuitionAmount"> & {
    rating: number | string | null;
    tuitionAmount: number | string;
  },
>(r: R): Omit<R, "rating" | "tuitionAmount"> & StudyProgramItem {
  return {
    ...r,
    rating: r.rating == null ? null : Number(r.rating),
    tuitionAmount: Number(r.tuitionAmount),
    intakes: [...r.intakes].sort(),
  };
}

/**
 * The newest listed study programs, with the country's name for the flag label (home #study, the
 * student-placement page). Outside a transaction, read once and kept until the programs or countries change.
 */
export function listStudyPrograms(
  options: { limit?: number } = {},
  on?: Db,
): Promise<StudyProgramItem[]> {
  const limit = options.limit ?? 24;
  if (on && on !== db()) return readStudyPrograms(limit, on);
  return cached({
    name: "studyPrograms",
    key: String(limit),
    max: 4,
    dependsOn: ["programs", "countries"],
    ttlMs: PUBLIC_TTL_MS,
    load: () => readStudyPrograms(limit, db()),
  });
}

async function readStudyPrograms(limit: number, on: Db): Promise<StudyProgramItem[]> {
  const rows = await on
    .select(programCardColumns)
    .from(programs)
    .innerJoin(countries, eq(countries.id, programs.countryId))
    .where(listedProgram)
    .orderBy(desc(programs.createdAt), programs.id)
    .limit(limit);
  return rows.map(toProgramCard);
}
