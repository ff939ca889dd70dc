import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import { isStaff } from "~/domain/enums";
import { isUuid } from "~/domain/ids";
import { paginate } from "~/domain/pagination";
import type { ProgramSearch } from "~/domain/program-search";
import { containsPattern } from "~/domain/like-patterns";
import type { Viewer } from "~/server/auth/guards.server";
import { cached, PUBLIC_TTL_MS } from "~/server/cache/cached.server";
import {
  listedProgram,
  programCardColumns,
  toProgramCard,
} from "~/server/content/study-programs.server";
import { db, queryRows } from "~/server/db/client.server";
import { countries, programs } from "~/server/db/schema";

function searchWhere(search: ProgramSearch): SQL {
  const parts: (SQL | undefined)[] = [listedProgram];
  if (search.country) parts.push(eq(countries.code, search.country));
  if (search.level) parts.push(eq(programs.level, search.level));
  if (search.field) parts.push(eq(programs.fieldOfStudy, search.field));
  if (search.scholarship) parts.push(eq(programs.scholarship, true));
  if (search.q) parts.push(sql`${programs.searchText} like lower(${containsPattern(search.q)})`);
  if (search.intake) {
    // Any intake in that month: the month's first day and the next month's.
    const [y, m] = search.intake.split("-").map(Number) as [number, number];
    const start = `${search.intake}-01`;
    const end = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
    parts.push(
      sql`exists (select 1 from unnest(${programs.intakes}) as d where d >= ${start}::date and d < ${end}::date)`,
    );
  }
  return and(...parts)!;
}

/**
 * Listed programs matching /study's filters, newest first, a page at a time. Everyone sees the
 * same list (programs have no premium tier), so visitors' pages are served from the page cache.
 */
export async function listProgramsForVisitors(options: {
  search: ProgramSearch;
  pageSize: number;
}) {
  const where = searchWhere(options.search);
  const page = await paginate({
    page: options.search.page ?? 1,
    pageSize: options.pageSize,
    count: async () => {
      const [row] = await db()
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(programs)
        .innerJoin(countries, eq(countries.id, programs.countryId))
        .where(where);
      return row!.n;
    },
    rows: (limit, offset) =>
      db()
        .select(programCardColumns)
        .from(programs)
        .innerJoin(countries, eq(countries.id, programs.countryId))
        .where(where)
        .orderBy(desc(programs.createdAt), programs.id)
        .limit(limit)
        .offset(offset),
  });
  return { ...page, items: page.items.map(toProgramCard) };
}

/**
 * What /study's filters offer: the countries that have listed programs, and the months with an
 * intake from today on (YYYY-MM, the next 24 at most). Kept until the programs or countries change.
 */
export function listProgramFilterOptions() {
  return cached({
    name: "programFilterOptions",
    dependsOn: ["programs", "countries"],
    // The months offered start today: the time limit moves them on.
    ttlMs: PUBLIC_TTL_MS,
    load: async () => {
      const [countryRows, months] = await Promise.all([
        db()
          .selectDistinct({ code: countries.code, name: countries.name })
          .from(programs)
          .innerJoin(countries, eq(countries.id, programs.countryId))
          .where(listedProgram)
          .orderBy(asc(countries.name)),
        queryRows<{ month: string }>(sql`
        select distinct to_char(d, 'YYYY-MM') as month
        from ${programs}, unnest(${programs.intakes}) as d
        where ${listedProgram} and d >= current_date
        order by 1 limit 24`),
      ]);
      return { countries: countryRows, intakeMonths: months.map((r) => r.month) };
    },
  });
}

/** One program's page: a listed program for everyone; staff also see one off the site. */
export async function getProgramForViewer(options: { viewer: Viewer | null; id: string }) {
  if (!isUuid(options.id)) return null;
  const [row] = await db()
    .select({
      ...programCardColumns,
      languageOfInstruction: programs.languageOfInstruction,
      applicationDeadline: programs.applicationDeadline,
      entryRequirements: programs.entryRequirements,
      requiredDocuments: programs.requiredDocuments,
      scholarshipDetails: programs.scholarshipDetails,
      description: programs.description,
      isActive: programs.isActive,
      archivedAt: programs.archivedAt,
      updatedAt: programs.updatedAt,
    })
    .from(programs)
    .innerJoin(countries, eq(countries.id, programs.countryId))
    .where(eq(programs.id, options.id));
  if (!row) return null;
  const listed = row.isActive && !row.archivedAt;
  if (!listed && !isStaff(options.viewer?.role)) return null;
  const { archivedAt, updatedAt, ...rest } = row;
  return {
    ...toProgramCard(rest),
    listed,
    archivedAt: archivedAt ? archivedAt.toISOString() : null,
    updatedAt: updatedAt.toISOString(),
  };
}
export type ProgramDetail = NonNullable<Awaited<ReturnType<typeof getProgramForViewer>>>;
