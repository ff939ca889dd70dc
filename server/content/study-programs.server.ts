import { asc, eq } from "drizzle-orm";
import type { StudyProgramItem } from "~/domain/content";
import { keptUntilChange } from "~/server/cache/until-change.server";
import { type Db, db } from "~/server/db/client.server";
import { countries, studyPrograms } from "~/server/db/schema";

/**
 * Active study programs in their display order, with the country's name for the flag label.
 * Outside a transaction, read once and kept until public content changes.
 */
export function listStudyPrograms(
  options: { limit?: number } = {},
  on?: Db,
): Promise<StudyProgramItem[]> {
  const limit = options.limit ?? 24;
  if (on && on !== db()) return readStudyPrograms(limit, on);
  return keptUntilChange(`studyPrograms:${limit}`, () => readStudyPrograms(limit, db()));
}

async function readStudyPrograms(limit: number, on: Db): Promise<StudyProgramItem[]> {
  const rows = await on
    .select({
      id: studyPrograms.id,
      title: studyPrograms.title,
      university: studyPrograms.university,
      countryCode: studyPrograms.countryCode,
      countryName: countries.name,
      duration: studyPrograms.duration,
      tuition: studyPrograms.tuition,
      intake: studyPrograms.intake,
      rating: studyPrograms.rating,
      scholarship: studyPrograms.scholarship,
    })
    .from(studyPrograms)
    .leftJoin(countries, eq(countries.code, studyPrograms.countryCode))
    .where(eq(studyPrograms.isActive, true))
    .orderBy(asc(studyPrograms.sortOrder), asc(studyPrograms.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    countryName: r.countryName ?? r.countryCode,
    rating: Number(r.rating),
  }));
}
