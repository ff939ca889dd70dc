import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { isStaff, type SalaryPeriod } from "~/domain/enums";
import { isUuid } from "~/domain/ids";
import { canSeePremiumJob, type JobSearch, premiumAccess } from "~/domain/jobs";
import type { JobCard } from "~/domain/job-search";
import { containsPattern } from "~/domain/like-patterns";
import { cappedPage, exactPage, lastPage, type Page, reachablePage } from "~/domain/pagination";
import type { Viewer } from "~/server/auth/guards.server";
import { cached, PUBLIC_TTL_MS } from "~/server/cache/cached.server";
import { db, queryRows } from "~/server/db/client.server";
import { countries, employers, jobs } from "~/server/db/schema";
import { publicEmployer } from "~/domain/employers";
import {
  advertisedSql,
  type NotAdvertised,
} from "~/server/restrictions/recruitment-restrictions.server";
import { countryColumns, jobColumns } from "./columns.server";

type JobViewer = Pick<
  Viewer,
  "role" | "premiumUnlocked" | "noFeeDestinations" | "openDestinations"
> | null;

// Written as the partial indexes' own predicate (no bound parameters), so the planner can use them.
const listedJob = sql`${jobs.isActive} and ${jobs.archivedAt} is null`;

/** Case-insensitive substring match on a lower-cased copy: the same rows ILIKE would match. */
const contains = (
  lowerCopy: typeof jobs.titleSearch | typeof jobs.descriptionSearch,
  pattern: string,
) => sql`${lowerCopy} like lower(${pattern})`;

/**
 * The WHERE clause of a search. A viewer who may not see premium content does not match premium
 * jobs by their description either: otherwise searching for a word would reveal what a locked
 * description says. Countries whose name matches are looked up first (a small table), so every
 * branch of the OR is on jobs' own indexed columns; the country filter is a sub-select, so jobs are
 * filtered by country_id without joining countries row by row.
 */
async function searchWhere(
  search: Partial<JobSearch>,
  access: PremiumAccess,
  notAdvertised: NotAdvertised = [],
): Promise<SQL> {
  const parts: SQL[] = [listedJob];
  const advertised = advertisedSql(notAdvertised);
  if (advertised) parts.push(advertised);
  if (search.q) {
    const pattern = containsPattern(search.q);
    const inDescription = contains(jobs.descriptionSearch, pattern);
    const countryIds = (
      await db().select({ id: countries.id }).from(countries).where(ilike(countries.name, pattern))
    ).map((c) => c.id);
    parts.push(
      or(
        contains(jobs.titleSearch, pattern),
        access === true ? inDescription : and(premiumVisibleSql(access), inDescription),
        countryIds.length ? inArray(jobs.countryId, countryIds) : undefined,
      )!,
    );
  }
  if (search.country) {
    parts.push(
      sql`${jobs.countryId} = (select ${countries.id} from ${countries} where ${countries.code} = ${search.country})`,
    );
  }
  if (search.sector) parts.push(eq(jobs.sector, search.sector));
  if (search.type) parts.push(eq(jobs.jobType, search.type));
  return and(...parts)!;
}

// "nulls last" matches the jobs_listed_* indexes (created_at desc nulls last, id), so the newest
// page is read straight from an index instead of sorting every listed job.
export const newestJobsFirst = [sql`${jobs.createdAt} desc nulls last`, asc(jobs.id)] as const;

/** Which premium jobs a viewer sees (domain/jobs.ts premiumAccess), with what a locked one asks. */
type PremiumAccess = true | readonly string[];

const visibleTo = (access: PremiumAccess, countryCode: string | null) =>
  access === true || (countryCode !== null && access.includes(countryCode));

/**
 * Whether the job in the query is one the viewer sees whole: a free job, or a premium one of a
 * destination open to them (as a subquery on jobs alone: searchWhere has no countries join).
 */
export function premiumVisibleSql(access: PremiumAccess): SQL {
  if (access === true) return sql`true`;
  if (access.length === 0) return sql`${jobs.isPublic}`;
  return sql`(${jobs.isPublic} or ${jobs.countryId} in (select ${countries.id} from ${countries} where ${countries.code} in (${sql.join(
    access.map((c) => sql`${c}`),
    sql`, `,
  )})))`;
}

/**
 * One page of cards. Premium content (salary, description) is only selected from the database for
 * rows the viewer may see; a locked row carries the teaser fields, and says what opens it when
 * that is not the viewer's usual ask (a destination with no fee: a complete registration).
 */
async function selectCards(
  access: PremiumAccess,
  noFee: readonly string[],
  where: SQL,
  limit: number,
  offset = 0,
) {
  const visible = premiumVisibleSql(access);
  const rows = await db()
    .select({
      id: jobs.id,
      title: jobs.title,
      isPublic: jobs.isPublic,
      sector: jobs.sector,
      jobType: jobs.jobType,
      employmentType: jobs.employmentType,
      ...countryColumns,
      salaryRange: sql<string | null>`case when ${visible} then ${jobs.salaryRange} end`,
      salaryMin: sql<number | null>`case when ${visible} then ${jobs.salaryMin} end`.mapWith(
        jobs.salaryMin,
      ),
      salaryMax: sql<number | null>`case when ${visible} then ${jobs.salaryMax} end`.mapWith(
        jobs.salaryMax,
      ),
      salaryCurrency: sql<string | null>`case when ${visible} then ${jobs.salaryCurrency} end`,
      salaryPeriod: sql<SalaryPeriod | null>`case when ${visible} then ${jobs.salaryPeriod} end`,
      excerpt: sql<string | null>`case when ${visible} then left(${jobs.description}, 220) end`,
      createdAt: sql<string | null>`case when ${visible} then ${jobs.createdAt} end`,
    })
    .from(jobs)
    .leftJoin(countries, eq(jobs.countryId, countries.id))
    .where(where)
    .orderBy(...newestJobsFirst)
    .limit(limit)
    .offset(offset);
  return rows.map((r): JobCard => ({
    ...r,
    locked: !r.isPublic && !visibleTo(access, r.countryCode),
    ...(!r.isPublic && r.countryCode && noFee.includes(r.countryCode)
      ? { opensWithRegistration: true }
      : {}),
    createdAt: r.createdAt ? new Date(r.createdAt).toISOString() : null,
  }));
}

async function countExactly(where: SQL) {
  const [row] = await db()
    .select({
      total: count(),
      publicCount: sql<number>`count(*) filter (where ${jobs.isPublic})`.mapWith(Number),
    })
    .from(jobs)
    .where(where);
  return { total: row?.total ?? 0, publicCount: row?.publicCount ?? 0 };
}

/** A page of jobs, and the free and premium jobs among the matches (null when capped). */
export type JobList = Page<JobCard> & { counts: { public: number; premium: number } | null };

/**
 * A page of the board: the search (with its page), the page's size and the count's cap; and the
 * jobs not to advertise to this viewer (their residence's restrictions, decision record 35): the
 * places that offer jobs to a signed-in applicant pass them, the board's own search does not.
 */
type BoardQuery = {
  search: Partial<JobSearch>;
  pageSize: number;
  countUpTo?: number;
  notAdvertised?: NotAdvertised;
};

/**
 * Listed jobs, newest first, one page at a time. A page past the end shows the last page.
 *
 * With `countUpTo`, matches are counted only up to that many (the board's "more than 1,000"): one
 * query reads at most countUpTo + 1 matching rows; when they are all there is, it also picks the
 * page from them, so a rare word never walks the whole board in date order looking for twelve.
 * Without it, the count is exact (pages that show "See all N jobs").
 */
export function listJobsForViewer(options: BoardQuery & { viewer: JobViewer }): Promise<JobList> {
  const { viewer, pageSize, countUpTo } = options;
  const notAdvertised = options.notAdvertised ?? [];
  const access = premiumAccess(viewer);
  // Which locked cards open with a complete registration instead (a destination with no fee).
  const noFee = access === true ? [] : (viewer?.noFeeDestinations ?? []);
  // A capped list is read no deeper than its cap: ?page=99999 is its last reachable page, and
  // shares that page's kept result.
  const search =
    countUpTo === undefined
      ? options.search
      : { ...options.search, page: reachablePage(options.search.page ?? 1, pageSize, countUpTo) };
  // What a page of results depends on: whether the viewer sees premium content, the search and
  // the page. Everyone alike in that sees the same page, read once until a job changes.
  const key = JSON.stringify([
    access,
    noFee,
    search.q ?? "",
    search.country ?? "",
    search.sector ?? "",
    search.type ?? "",
    search.page ?? 1,
    pageSize,
    countUpTo ?? null,
    // Residents of one country share it (a group, never one person).
    notAdvertised,
  ]);
  return cached({
    name: "jobSearchResults",
    key,
    // Searches kept per process; a page of cards is a few KB, so this holds a few MB at most.
    max: 1000,
    dependsOn: ["jobs", "countries"],
    ttlMs: PUBLIC_TTL_MS,
    load: () => readJobs({ access, noFee, search, pageSize, countUpTo, notAdvertised }),
  });
}

async function readJobs(
  options: BoardQuery & { access: PremiumAccess; noFee: readonly string[] },
): Promise<JobList> {
  const { access, noFee, search, pageSize, countUpTo, notAdvertised } = options;
  const where = await searchWhere(search, access, notAdvertised);
  const cards = (w: SQL, limit: number, offset = 0) => selectCards(access, noFee, w, limit, offset);
  const requested = Math.max(1, search.page ?? 1);

  if (countUpTo === undefined) {
    const { total, publicCount } = await countExactly(where);
    const pageCount = lastPage(total, pageSize);
    const page = Math.min(requested, pageCount);
    const items = await cards(where, pageSize, (page - 1) * pageSize);
    return exact({ items, total, publicCount, page, pageSize });
  }

  // The page is taken from the matches only when they are all there (n <= countUpTo); the offset
  // is clamped to the last page in the same statement.
  const [probe] = await queryRows<{ n: number; p: number; ids: string | null }>(sql`
    with m as materialized (
      select ${jobs.id} as id, ${jobs.createdAt} as created_at, ${jobs.isPublic} as is_public
      from ${jobs} where ${where} limit ${countUpTo + 1}
    ), c as (
      select count(*)::int as n, (count(*) filter (where is_public))::int as p from m
    )
    select c.n, c.p, case when c.n <= ${countUpTo} then array_to_string(array(
      select m.id from m order by m.created_at desc nulls last, m.id
      limit ${pageSize}
      offset least(${(requested - 1) * pageSize}, (greatest(c.n - 1, 0) / ${pageSize}) * ${pageSize})
    ), ',') end as ids
    from c`);
  const n = Number(probe!.n);
  if (n <= countUpTo) {
    const ids = probe!.ids ? probe!.ids.split(",") : [];
    const items = ids.length ? await cards(inArray(jobs.id, ids), pageSize) : [];
    const page = Math.min(requested, lastPage(n, pageSize));
    return exact({ items, total: n, publicCount: Number(probe!.p), page, pageSize });
  }

  // More than countUpTo matches: they are dense enough for the newest-first index walk to find
  // a page quickly, and the page is never deeper than the cap (listJobsForViewer clamps it), so
  // no page walks more than countUpTo + pageSize rows. One extra row says whether there is a next.
  let page = requested;
  let rows = await cards(where, pageSize + 1, (page - 1) * pageSize);
  if (rows.length === 0 && page > 1) {
    // Jobs closed between the count and the page (a race): the first page instead.
    page = 1;
    rows = await cards(where, pageSize + 1, 0);
  }
  return { ...cappedPage({ rows, page, pageSize, cap: countUpTo }), counts: null };
}

function exact(o: {
  items: JobCard[];
  total: number;
  publicCount: number;
  page: number;
  pageSize: number;
}): JobList {
  const { publicCount, ...page } = o;
  return { ...exactPage(page), counts: { public: publicCount, premium: o.total - publicCount } };
}

/** The countries of the filters: reference data, kept until the countries change (server/cache/cached.server.ts). */
export function listActiveCountries() {
  return cached({
    name: "activeCountries",
    dependsOn: ["countries"],
    ttlMs: PUBLIC_TTL_MS,
    load: () =>
      db()
        .select({ code: countries.code, name: countries.name })
        .from(countries)
        .where(eq(countries.isActive, true))
        .orderBy(asc(countries.name)),
  });
}

export type JobAccess =
  | { kind: "not_found" }
  | { kind: "sign_in_required" }
  | { kind: "payment_required" }
  | { kind: "registration_required" }
  | { kind: "ok"; job: JobDetail };

export type JobDetail = NonNullable<Awaited<ReturnType<typeof readFullJob>>>;

/**
 * One job for a viewer. Visibility is decided from id and flags alone; the full row is read only
 * when the viewer may see it, so a premium job's content never reaches a locked viewer's response.
 * Staff may open any job, including inactive ones (to check what applicants see).
 */
export async function getJobForViewer({
  viewer,
  id,
}: {
  viewer: JobViewer;
  id: string;
}): Promise<JobAccess> {
  if (!isUuid(id)) return { kind: "not_found" };
  const [flags] = await db()
    .select({
      isPublic: jobs.isPublic,
      isActive: jobs.isActive,
      archivedAt: jobs.archivedAt,
      countryCode: countries.code,
    })
    .from(jobs)
    .leftJoin(countries, eq(jobs.countryId, countries.id))
    .where(eq(jobs.id, id));
  if (!flags) return { kind: "not_found" };
  const staff = isStaff(viewer?.role);
  if ((!flags.isActive || flags.archivedAt) && !staff) return { kind: "not_found" };
  if (!flags.isPublic && !canSeePremiumJob(viewer, flags.countryCode)) {
    if (!viewer) return { kind: "sign_in_required" };
    // A destination that asks them no fee: what opens it is their registration, not a payment.
    const noFee = flags.countryCode && viewer.noFeeDestinations.includes(flags.countryCode);
    return { kind: noFee ? "registration_required" : "payment_required" };
  }
  const job = await readFullJob(id);
  return job ? { kind: "ok", job } : { kind: "not_found" };
}

async function readFullJob(id: string) {
  const [row] = await db()
    .select({
      ...jobColumns,
      archivedAt: jobs.archivedAt,
      ...countryColumns,
      employerShownAs: jobs.employerShownAs,
      employerName: employers.name,
      employerWebsite: employers.website,
      employerVerified: sql<boolean>`${employers.verifiedAt} is not null`,
    })
    .from(jobs)
    .leftJoin(countries, eq(jobs.countryId, countries.id))
    .leftJoin(employers, eq(jobs.employerId, employers.id))
    .where(eq(jobs.id, id));
  if (!row) return null;
  // Only what the page shows of the employer: never its name when the job describes it instead.
  const { employerShownAs, employerName, employerWebsite, employerVerified, ...job } = row;
  return {
    ...job,
    employer: publicEmployer({ employerShownAs, employerName, employerWebsite, employerVerified }),
    createdAt: row.createdAt.toISOString(),
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
  };
}
