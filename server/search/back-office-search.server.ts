import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { APPLICANT_ROLES } from "~/domain/enums";
import { containsPattern } from "~/domain/like-patterns";
import type { OfficeScope } from "~/domain/offices";
import { phoneDigitsOf, type BackOfficeQuery } from "~/domain/back-office-search";
import { matchingPeople } from "~/server/applications/staff.server";
import { db } from "~/server/db/client.server";
import { countries, jobs, profiles } from "~/server/db/schema";
import { applicantInScope } from "~/server/offices/scope.server";
import { listAllProgramsForStaff } from "~/server/programs/admin.server";

// The back-office's one search box (decision record 41): applicants of the viewer's offices by
// name, e-mail or phone, and jobs and programs by title, each list a few rows long. It asks the
// indexes the staff lists already use (people's name and e-mail trigrams, the jobs' title copy,
// the programs' search text) and keeps nothing.

/** Rows of each kind the results page shows (one more is read, to say there are more). */
export const SEARCH_RESULTS_PER_KIND = 10;

/** A phone number holding these digits, spaces and signs aside. */
function phoneHolds(digits: string): SQL {
  const pattern = containsPattern(digits);
  return or(
    sql`regexp_replace(${profiles.phoneNumber}, '[^0-9]', '', 'g') like ${pattern}`,
    sql`regexp_replace(${profiles.whatsappNumber}, '[^0-9]', '', 'g') like ${pattern}`,
  )!;
}

function applicantsMatching(query: BackOfficeQuery, scope: OfficeScope, limit: number) {
  const byNameOrEmail = inArray(profiles.id, matchingPeople(containsPattern(query.q)));
  const digits = phoneDigitsOf(query.q);
  return db()
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      email: profiles.email,
      phoneNumber: profiles.phoneNumber,
      office: profiles.office,
      role: profiles.role,
    })
    .from(profiles)
    .where(
      and(
        inArray(profiles.role, [...APPLICANT_ROLES]),
        isNull(profiles.erasedAt),
        digits ? or(byNameOrEmail, phoneHolds(digits)) : byNameOrEmail,
        applicantInScope(scope, profiles.id),
      ),
    )
    .orderBy(asc(profiles.fullName), asc(profiles.id))
    .limit(limit + 1);
}

function jobsMatching(query: BackOfficeQuery, limit: number) {
  return db()
    .select({
      id: jobs.id,
      title: jobs.title,
      countryName: countries.name,
      isActive: jobs.isActive,
      archivedAt: jobs.archivedAt,
    })
    .from(jobs)
    .leftJoin(countries, eq(countries.id, jobs.countryId))
    .where(sql`${jobs.titleSearch} like lower(${containsPattern(query.q)})`)
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit + 1);
}

/** The first rows of a list read one past `limit`, and whether there were more. */
function firstOf<T>(rows: T[], limit: number) {
  return { items: rows.slice(0, limit), more: rows.length > limit };
}

/**
 * What the back-office search finds for staff of `scope`: applicants (their offices only), jobs
 * and study programs (the agency's, archived ones included and marked).
 */
export async function searchBackOfficeForStaff(options: {
  query: BackOfficeQuery;
  scope: OfficeScope;
  limit?: number;
}) {
  const { query, scope } = options;
  const limit = options.limit ?? SEARCH_RESULTS_PER_KIND;
  const [applicants, jobRows, programPage] = await Promise.all([
    applicantsMatching(query, scope, limit),
    jobsMatching(query, limit),
    listAllProgramsForStaff({
      filter: { q: query.q, status: "all" },
      page: 1,
      pageSize: limit,
    }),
  ]);
  return {
    applicants: firstOf(applicants, limit),
    jobs: firstOf(jobRows, limit),
    programs: {
      items: programPage.items.map((p) => ({
        id: p.id,
        title: p.title,
        university: p.university,
        city: p.city,
        countryName: p.countryName,
        isActive: p.isActive,
        archivedAt: p.archivedAt,
      })),
      more: programPage.total > limit,
    },
  };
}

export type BackOfficeResults = Awaited<ReturnType<typeof searchBackOfficeForStaff>>;
