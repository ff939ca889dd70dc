import {
  and,
  count,
  desc,
  eq,
  inArray,
  isNull,
  ne,
  notExists,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { premiumAccess } from "~/domain/jobs";
import { containsPattern } from "~/domain/like-patterns";
import { chargesUpFront } from "~/domain/fee-policy";
import type { DocumentTypeDef, Localized } from "~/domain/document-types";
import { profileCompletion } from "~/domain/profile";
import { listDocumentTypes } from "~/server/documents/document-types.server";
import { registrationPolicyOf } from "~/server/fees/cost-sheet.server";
import type { Viewer } from "~/server/auth/guards.server";
import { db, preparedQuery, queryRows } from "~/server/db/client.server";
import { countryColumns, jobCardColumns } from "~/server/jobs/columns.server";
import {
  applicationStatusHistory,
  countries,
  documents,
  jobAlerts,
  jobApplications,
  jobs,
  profiles,
  programs,
  savedJobs,
} from "~/server/db/schema";
import {
  listedProgram,
  programCardColumns,
  toProgramCard,
} from "~/server/content/study-programs.server";
import {
  listJobsForViewer,
  newestJobsFirst,
  premiumVisibleSql,
} from "~/server/jobs/listing.server";
import {
  advertisedSql,
  type NotAdvertised,
  notAdvertisedTo,
} from "~/server/restrictions/recruitment-restrictions.server";
import { residenceCodeOf } from "~/domain/recruitment-restrictions";
import { countUnreadMessages } from "~/server/messages/unread.server";
import {
  countUnreadNotifications,
  listNotificationsForUser,
} from "~/server/notifications/notifications.server";
import { getOwnProfile } from "~/server/profiles/profile.server";
import { getSiteSettings } from "~/server/settings/settings.server";

const RECOMMENDATIONS = 4;
const LATEST_JOBS = 4;

/** How many of a person's newest saved jobs and alerts, and alert keywords, count as preferences. */
const PREFERENCE_SOURCES = 20;
const PREFERENCE_KEYWORDS = 5;

/**
 * What an applicant has shown they want, beyond Profile Settings: the sector and country of their
 * newest saved jobs, and the sector, country and words of their alerts (paused ones too: pausing
 * says "not now by e-mail", not "not interested"). One small query over two short, indexed lists.
 */
async function readShownPreferences(userId: string) {
  const rows = await queryRows<{
    sector: string | null;
    country: string | null;
    words: string | null;
  }>(sql`
    (select ${jobs.sector}::text as sector, ${countries.code} as country, null::text as words
       from ${savedJobs}
       join ${jobs} on ${jobs.id} = ${savedJobs.jobId}
       left join ${countries} on ${countries.id} = ${jobs.countryId}
      where ${savedJobs.userId} = ${userId}
      order by ${savedJobs.createdAt} desc
      limit ${PREFERENCE_SOURCES})
    union all
    (select ${jobAlerts.sector}::text, ${jobAlerts.countryCode}, ${jobAlerts.query}
       from ${jobAlerts}
      where ${jobAlerts.userId} = ${userId}
      order by ${jobAlerts.createdAt} desc
      limit ${PREFERENCE_SOURCES})`);
  const distinct = (values: (string | null)[]) =>
    [...new Set(values.filter((v) => !!v))] as string[];
  return {
    sectors: distinct(rows.map((r) => r.sector)),
    countries: distinct(rows.map((r) => r.country)),
    words: distinct(rows.map((r) => r.words?.trim().toLowerCase() ?? null)).slice(
      0,
      PREFERENCE_KEYWORDS,
    ),
  };
}

/**
 * Recommendations, in one sentence: active jobs the applicant can open and has not applied to yet,
 * in a country or sector they prefer, newest first; with no preference (or nothing matching), the
 * newest such jobs. Students get study programs in their preferred country (or all programs)
 * instead. "Prefer" counts every signal alike, any one of them is enough (OR): the preferred
 * country and sector of Profile Settings; the countries and sectors of their saved jobs and of
 * their job alerts; and an alert's words, found in a job's title (as /jobs matches a title).
 */
async function recommendJobs(
  viewer: Pick<
    Viewer,
    "id" | "role" | "registrationFeePaid" | "premiumUnlocked" | "openDestinations"
  >,
  prefs: { preferredCountryCode: string | null; preferredSector: string | null },
  notAdvertised: NotAdvertised,
) {
  const notApplied = notExists(
    db()
      .select({ id: jobApplications.id })
      .from(jobApplications)
      .where(and(eq(jobApplications.jobId, jobs.id), eq(jobApplications.userId, viewer.id))),
  );
  const base: SQL[] = [eq(jobs.isActive, true), isNull(jobs.archivedAt), notApplied];
  // Premium jobs they may open: all, or those of destinations that ask them no fee.
  const access = premiumAccess(viewer);
  if (access !== true) base.push(premiumVisibleSql(access));
  const advertised = advertisedSql(notAdvertised);
  if (advertised) base.push(advertised);
  const shown = await readShownPreferences(viewer.id);
  const countryCodes = [...new Set([prefs.preferredCountryCode, ...shown.countries])].filter(
    (c): c is string => !!c,
  );
  const sectors = [...new Set([prefs.preferredSector, ...shown.sectors])].filter(
    (s): s is string => !!s,
  );
  const preference: SQL[] = [];
  if (countryCodes.length) preference.push(inArray(countries.code, countryCodes));
  if (sectors.length) preference.push(inArray(jobs.sector, sectors as never[]));
  for (const word of shown.words) {
    preference.push(sql`${jobs.titleSearch} like ${containsPattern(word)}`);
  }
  const query = (extra: SQL[]) =>
    db()
      .select({
        ...jobCardColumns,
        isPublic: jobs.isPublic,
        ...countryColumns,
      })
      .from(jobs)
      .leftJoin(countries, eq(jobs.countryId, countries.id))
      .where(and(...base, ...extra))
      .orderBy(...newestJobsFirst)
      .limit(RECOMMENDATIONS);

  if (preference.length) {
    const matched = await query([or(...preference)!]);
    if (matched.length) return { basis: "preferences" as const, jobs: matched };
  }
  return { basis: "newest" as const, jobs: await query([]) };
}

/**
 * Listed programs the student has not applied to, those in their preferred country and field of
 * study first (both, then either), newest first within each; with no preference, the newest.
 */
async function recommendPrograms(
  viewer: Pick<Viewer, "id">,
  prefs: { preferredCountryCode: string | null; preferredFieldOfStudy: string | null },
) {
  const notApplied = notExists(
    db()
      .select({ id: jobApplications.id })
      .from(jobApplications)
      .where(
        and(eq(jobApplications.programId, programs.id), eq(jobApplications.userId, viewer.id)),
      ),
  );
  const country = prefs.preferredCountryCode
    ? sql`(${countries.code} = ${prefs.preferredCountryCode})::int`
    : sql`0`;
  const field = prefs.preferredFieldOfStudy
    ? sql`(${programs.fieldOfStudy} = ${prefs.preferredFieldOfStudy})::int`
    : sql`0`;
  const rows = await db()
    .select(programCardColumns)
    .from(programs)
    .innerJoin(countries, eq(countries.id, programs.countryId))
    .where(and(listedProgram, notApplied))
    .orderBy(sql`${country} + ${field} desc`, desc(programs.createdAt), programs.id)
    .limit(RECOMMENDATIONS);
  return rows.map(toProgramCard);
}

export async function getApplicantDashboard(viewer: Viewer) {
  const profile = await getOwnProfile(viewer);
  const prefs = {
    preferredCountryCode: profile?.preferredCountryCode ?? null,
    preferredSector: profile?.preferredSector ?? null,
  };
  // Jobs not advertised to residents of their country (decision record 35) are neither
  // recommended nor among the newest shown here; the board still lists them.
  const notAdvertised = await notAdvertisedTo(residenceCodeOf(profile?.country));
  const [
    applicationCount,
    ownDocuments,
    unreadMessages,
    notifications,
    unreadNotifications,
    latest,
    recentChanges,
  ] = await Promise.all([
    countApplications(viewer.id),
    documentsNewestFirstQuery().execute({ userId: viewer.id }),
    countUnreadMessages(viewer.id),
    listNotificationsForUser({ viewer, limit: 5 }),
    countUnreadNotifications(viewer.id),
    // Only the newest few are shown: count no further than them (an exact count reads every job).
    listJobsForViewer({
      viewer,
      search: {},
      pageSize: LATEST_JOBS,
      countUpTo: LATEST_JOBS,
      notAdvertised,
    }),
    listRecentStatusChanges(viewer.id),
  ]);
  const student = viewer.role === "student_applicant";
  const recommended = student
    ? {
        basis: "programs" as const,
        jobs: [],
        programs: await recommendPrograms(viewer, {
          preferredCountryCode: prefs.preferredCountryCode,
          preferredFieldOfStudy: await readPreferredField(viewer.id),
        }),
      }
    : { ...(await recommendJobs(viewer, prefs, notAdvertised)), programs: [] };

  // Whether their fee policy asks for a fee up front at all (decision record 33).
  const feeDue = chargesUpFront(await registrationPolicyOf(viewer.id));
  return {
    stats: {
      applications: applicationCount,
      documents: ownDocuments.length,
      unreadMessages,
      unreadNotifications,
      feePaid: viewer.registrationFeePaid,
      feeDue,
      // A student may apply to programs before paying when the settings say programs are free,
      // or their policy for study asks no fee up front (a student's policy is the study one).
      programsNeedFee: student ? (await getSiteSettings()).study.requireFee && feeDue : true,
      // Under no up-front fee, premium jobs open exactly when registration is complete.
      registrationComplete: viewer.premiumUnlocked,
    },
    completion: profileCompletion(profile ?? {}),
    latestJobs: latest.items,
    recommended,
    notifications: notifications.map((n) => ({
      id: n.id,
      kind: n.kind,
      title: n.title,
      body: n.body,
      link: n.link,
      read: Boolean(n.readAt),
      createdAt: n.createdAt.toISOString(),
    })),
    recentChanges,
    rejectedDocuments: rejectedDocuments(ownDocuments, await listDocumentTypes()),
  };
}

// The dashboard's own reads, built once (and kept planned, decision record 11): it is where an
// applicant lands after signing in.
const applicationsCountQuery = preparedQuery((db) =>
  db
    .select({ n: count() })
    .from(jobApplications)
    .where(eq(jobApplications.userId, sql.placeholder("userId")))
    .prepare("passage_dashboard_applications"),
);

async function countApplications(userId: string): Promise<number> {
  const [row] = await applicationsCountQuery().execute({ userId });
  return row?.n ?? 0;
}

/** The applicant's documents (not those replaced by a newer upload), newest first. */
const documentsNewestFirstQuery = preparedQuery((db) =>
  db
    .select({
      type: documents.documentType,
      status: documents.status,
      reason: documents.reviewReason,
    })
    .from(documents)
    .where(and(eq(documents.userId, sql.placeholder("userId")), ne(documents.status, "replaced")))
    .orderBy(desc(documents.uploadedAt), desc(documents.id))
    .prepare("passage_dashboard_documents_newest"),
);
type OwnDocument = Awaited<
  ReturnType<ReturnType<typeof documentsNewestFirstQuery>["execute"]>
>[number];

/**
 * Document types whose newest upload staff rejected, with the reason: each is the applicant's most
 * urgent next step until they upload a new one (which is then pending, and drops off this list).
 */
function rejectedDocuments(rows: OwnDocument[], types: DocumentTypeDef[]) {
  const seen = new Set<string>();
  const rejected: { type: string; names: Localized | null; reason: string | null }[] = [];
  for (const row of rows) {
    if (seen.has(row.type)) continue;
    seen.add(row.type);
    if (row.status === "rejected") {
      const names = types.find((t) => t.key === row.type)?.names ?? null;
      rejected.push({ type: row.type, names, reason: row.reason });
    }
  }
  return rejected;
}

async function readPreferredField(userId: string) {
  const [row] = await db()
    .select({ field: profiles.preferredFieldOfStudy })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.field ?? null;
}

/** The latest status changes of the applicant's own applications (after the first entry). */
const recentStatusChangesQuery = preparedQuery((db) =>
  db
    .select({
      toStatus: applicationStatusHistory.toStatus,
      createdAt: applicationStatusHistory.createdAt,
      // What was applied for: a job's title or a program's.
      jobTitle: sql<string>`coalesce(${jobs.title}, ${programs.title})`,
    })
    .from(applicationStatusHistory)
    .innerJoin(jobApplications, eq(applicationStatusHistory.applicationId, jobApplications.id))
    .leftJoin(jobs, eq(jobApplications.jobId, jobs.id))
    .leftJoin(programs, eq(jobApplications.programId, programs.id))
    .where(
      inArray(
        applicationStatusHistory.applicationId,
        db
          .select({ id: jobApplications.id })
          .from(jobApplications)
          .where(eq(jobApplications.userId, sql.placeholder("userId"))),
      ),
    )
    .orderBy(desc(applicationStatusHistory.createdAt))
    .limit(5)
    .prepare("passage_dashboard_status_changes"),
);

async function listRecentStatusChanges(userId: string) {
  const rows = await recentStatusChangesQuery().execute({ userId });
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
