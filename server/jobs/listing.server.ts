import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { type EmploymentType, isStaff, type JobType, type Sector } from "../../domain/enums";
import { canSeePremium, containsPattern, type JobSearch } from "../../domain/jobs";
import type { Viewer } from "../auth/guards.server";
import { db } from "../db/client.server";
import { countries, jobs } from "../db/schema";

type JobViewer = Pick<Viewer, "role" | "registrationFeePaid"> | null;

const listedJob = and(eq(jobs.isActive, true), isNull(jobs.archivedAt))!;

/**
 * The WHERE clause of a search. A viewer who may not see premium content does not match premium
 * jobs by their description either: otherwise searching for a word would reveal what a locked
 * description says. Countries whose name matches are looked up first (a small table), so every
 * branch of the OR is on jobs' own indexed columns and PostgreSQL can combine the trigram indexes.
 */
async function searchWhere(search: Partial<JobSearch>, unlocked: boolean): Promise<SQL> {
  const parts: SQL[] = [listedJob];
  if (search.q) {
    const pattern = containsPattern(search.q);
    const inDescription = ilike(jobs.description, pattern);
    const countryIds = (
      await db().select({ id: countries.id }).from(countries).where(ilike(countries.name, pattern))
    ).map((c) => c.id);
    parts.push(
      or(
        ilike(jobs.title, pattern),
        unlocked ? inDescription : and(eq(jobs.isPublic, true), inDescription),
        countryIds.length ? inArray(jobs.countryId, countryIds) : undefined,
      )!,
    );
  }
  if (search.country) parts.push(eq(countries.code, search.country));
  if (search.sector) parts.push(eq(jobs.sector, search.sector));
  if (search.type) parts.push(eq(jobs.jobType, search.type));
  return and(...parts)!;
}

// "nulls last" matches jobs_listing_idx (created_at desc nulls last, id), so the newest page is
// read straight from the index instead of sorting every active job.
export const newestJobsFirst = [sql`${jobs.createdAt} desc nulls last`, asc(jobs.id)] as const;

export type JobCard = {
  id: string;
  title: string;
  isPublic: boolean;
  /** True when the viewer sees only the teaser: the other content fields are null. */
  locked: boolean;
  sector: Sector;
  jobType: JobType;
  employmentType: EmploymentType;
  countryName: string | null;
  countryCode: string | null;
  salaryRange: string | null;
  excerpt: string | null;
  createdAt: string | null;
};

/**
 * Active jobs, newest first, one page at a time. Premium content (salary, description) is only
 * selected from the database for rows the viewer may see; a locked row carries the teaser fields.
 */
export async function listJobsForViewer(options: {
  viewer: JobViewer;
  search: Partial<JobSearch>;
  pageSize: number;
}) {
  const { viewer, search, pageSize } = options;
  const unlocked = canSeePremium(viewer);
  const where = await searchWhere(search, unlocked);

  const [totals] = await db()
    .select({
      total: count(),
      publicCount: sql<number>`count(*) filter (where ${jobs.isPublic})`.mapWith(Number),
    })
    .from(jobs)
    .leftJoin(countries, eq(jobs.countryId, countries.id))
    .where(where);
  const total = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, search.page ?? 1), pageCount);

  const visible = unlocked ? sql`true` : sql`${jobs.isPublic}`;
  const rows = await db()
    .select({
      id: jobs.id,
      title: jobs.title,
      isPublic: jobs.isPublic,
      sector: jobs.sector,
      jobType: jobs.jobType,
      employmentType: jobs.employmentType,
      countryName: countries.name,
      countryCode: countries.code,
      salaryRange: sql<string | null>`case when ${visible} then ${jobs.salaryRange} end`,
      excerpt: sql<string | null>`case when ${visible} then left(${jobs.description}, 220) end`,
      createdAt: sql<string | null>`case when ${visible} then ${jobs.createdAt} end`,
    })
    .from(jobs)
    .leftJoin(countries, eq(jobs.countryId, countries.id))
    .where(where)
    .orderBy(...newestJobsFirst)
    .limit(pageSize)
    .offset((page - 1) * pageSize);

  const items: JobCard[] = rows.map((r) => ({
    ...r,
    locked: !unlocked && !r.isPublic,
    createdAt: r.createdAt ? new Date(r.createdAt).toISOString() : null,
  }));
  return {
    items,
    total,
    page,
    pageCount,
    pageSize,
    counts: { public: totals?.publicCount ?? 0, premium: total - (totals?.publicCount ?? 0) },
  };
}

export async function listActiveCountries() {
  return db()
    .select({ code: countries.code, name: countries.name })
    .from(countries)
    .where(eq(countries.isActive, true))
    .orderBy(asc(countries.name));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type JobAccess =
  | { kind: "not_found" }
  | { kind: "sign_in_required" }
  | { kind: "payment_required" }
  | { kind: "ok"; job: JobDetail };

export type JobDetail = NonNullable<Awaited<ReturnType<typeof readFullJob>>>;

/**
 * One job for a viewer. Visibility is decided from id and flags alone; the full row is read only
 * when the viewer may see it, so a premium job's content never reaches a locked viewer's response.
 * Staff may open any job, including inactive ones (to check what applicants see).
 */
export async function getJobForViewer(viewer: JobViewer, id: string): Promise<JobAccess> {
  if (!UUID.test(id)) return { kind: "not_found" };
  const [flags] = await db()
    .select({ isPublic: jobs.isPublic, isActive: jobs.isActive, archivedAt: jobs.archivedAt })
    .from(jobs)
    .where(eq(jobs.id, id));
  if (!flags) return { kind: "not_found" };
  const staff = isStaff(viewer?.role);
  if ((!flags.isActive || flags.archivedAt) && !staff) return { kind: "not_found" };
  if (!flags.isPublic && !canSeePremium(viewer)) {
    return { kind: viewer ? "payment_required" : "sign_in_required" };
  }
  const job = await readFullJob(id);
  return job ? { kind: "ok", job } : { kind: "not_found" };
}

async function readFullJob(id: string) {
  const [row] = await db()
    .select({
      id: jobs.id,
      title: jobs.title,
      description: jobs.description,
      sector: jobs.sector,
      jobType: jobs.jobType,
      employmentType: jobs.employmentType,
      salaryRange: jobs.salaryRange,
      salaryMin: jobs.salaryMin,
      salaryMax: jobs.salaryMax,
      salaryCurrency: jobs.salaryCurrency,
      salaryPeriod: jobs.salaryPeriod,
      requirements: jobs.requirements,
      benefits: jobs.benefits,
      isPublic: jobs.isPublic,
      isActive: jobs.isActive,
      archivedAt: jobs.archivedAt,
      createdAt: jobs.createdAt,
      countryName: countries.name,
      countryCode: countries.code,
    })
    .from(jobs)
    .leftJoin(countries, eq(jobs.countryId, countries.id))
    .where(eq(jobs.id, id));
  if (!row) return null;
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
  };
}
