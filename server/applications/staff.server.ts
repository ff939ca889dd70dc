import { cached } from "~/server/cache/cached.server";
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  or,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  APPLICATION_STATUSES,
  type ApplicationKind,
  type ApplicationStatus,
  statusesForKind,
  USER_ADMIN_ROLES,
} from "~/domain/enums";
import type { StaffApplicationFilter } from "~/domain/applications";
import { containsPattern } from "~/domain/like-patterns";
import { formatDate } from "~/domain/format";
import { dateLocale } from "~/server/i18n/translate.server";
import { isUuid } from "~/domain/ids";
import { cappedPage, exactPage, reachablePage } from "~/domain/pagination";
import { recordAudit } from "~/server/audit/audit.server";
import type { Viewer } from "~/server/auth/guards.server";
import { type Db, db, preparedQuery, queryRows } from "~/server/db/client.server";
import {
  applicationsInStatus,
  applicationsOfKindInStatus,
  readCounts,
} from "~/server/db/record-counts.server";
import {
  applicationStatusHistory,
  countries,
  interviewBookings,
  jobApplications,
  jobs,
  profiles,
  programs,
} from "~/server/db/schema";
import { applicationColumns } from "~/server/applications/columns.server";
import { assertStatusFacts } from "~/server/applications/application-facts.server";
import { enqueueApplicantMail, inTransactionWithMail } from "~/server/mail/outbox.server";
import {
  applicationStatusChangedEmail,
  departureSetEmail,
  statusLabel,
} from "~/server/applications/application-mail.server";
import { formatAgencyDateTime } from "~/server/mail/render.server";
import { interviewScheduledEmail } from "~/server/interviews/interview-mail.server";
import { notifyUser } from "~/server/notifications/notifications.server";
import type { OfficeScope } from "~/domain/offices";
import { applicantInScope, officeScopeFor } from "~/server/offices/scope.server";
import { openRefundTodoForStatus } from "~/server/fees/refund-todos.server";
import { feeOwedReader } from "~/server/fees/fee-policies.server";
import { assertVersion, updateAtVersion } from "~/server/db/versions.server";

type Actor = Pick<Viewer, "id" | "role">;

export class ApplicationNotFoundError extends Error {}

/** A status of the other kind's stages (a study stage for a job application, or the reverse). */
export class StatusNotForKindError extends Error {
  constructor(kind: ApplicationKind, status: string) {
    super(`A ${kind} application cannot be set to ${status}.`);
  }
}

/**
 * Interview Scheduled always comes with its date: an applicant told "check the date below" must
 * find one. Thrown before anything is written.
 */
export class InterviewDateRequiredError extends Error {
  constructor() {
    super(
      "Interview Scheduled needs the interview's date and time: schedule the interview instead.",
    );
  }
}

/** People whose name or e-mail contains the search text (their trigram indexes find them). */
export function matchingPeople(like: string | Placeholder, on: Db = db()) {
  return on
    .select({ id: profiles.id })
    .from(profiles)
    .where(or(ilike(profiles.fullName, like), ilike(profiles.email, like)));
}

// A staff search asks it first on every page: built once, and planned for each pattern.
const matchingPeopleQuery = preparedQuery(
  (db) =>
    matchingPeople(sql.placeholder("like"), db)
      .limit(sql.placeholder("limit"))
      .prepare("passage_matching_people"),
  { planEachRun: true },
);

/**
 * What was applied for contains the search text: job_applications.applied_for_search, the
 * lower-cased job title (or program title, university and city) that triggers keep beside each
 * application (migration 0021), so no join to jobs or programs is needed to test a row.
 */
function appliedForMatches(q: string): SQL {
  return sql`${jobApplications.appliedForSearch} like lower(${containsPattern(q)})`;
}

/** Applications of a matching person, or for a matching job or program. */
function matchesSearch(q: string): SQL {
  return or(
    inArray(jobApplications.userId, matchingPeople(containsPattern(q))),
    appliedForMatches(q),
  )!;
}

/**
 * `user_id = any(ids)` with the ids as one JSON parameter: a thousand ids cost one bound value to
 * send and parse instead of a thousand. As an array (not `in (select …)`) it is an index
 * condition, which PostgreSQL can OR with the trigram index's (a BitmapOr), where a subquery
 * would make it test every row.
 */
function userIdIn(rows: { id: string }[]) {
  const ids = JSON.stringify(rows.map((r) => r.id));
  return sql`${jobApplications.userId} = any(array(select jsonb_array_elements_text(${ids}::jsonb)))`;
}

const NIL = "00000000-0000-0000-0000-000000000000";

/** The owner filter: one staff member's applications, or the unassigned ones ("none"). */
function ownerWhere(owner: string | null | undefined): SQL | undefined {
  if (!owner) return undefined;
  return owner === "none" ? isNull(jobApplications.ownerId) : eq(jobApplications.ownerId, owner);
}

/** Applications of applicants in the viewer's offices (or the one office the list asks for). */
function inOffices(scope: OfficeScope, office?: string | null) {
  return applicantInScope(scope, jobApplications.userId, office ?? null);
}

export function filterWhere(
  filter: StaffApplicationFilter,
  scope: OfficeScope,
  office?: string | null,
): SQL | undefined {
  const parts: SQL[] = [];
  const offices = inOffices(scope, office);
  if (offices) parts.push(offices);
  if (filter.status) parts.push(eq(jobApplications.status, filter.status));
  if (filter.kind) parts.push(eq(jobApplications.kind, filter.kind));
  const owner = ownerWhere(filter.owner);
  if (owner) parts.push(owner);
  // Ids of a bulk form's rows: anything that is not an application id matches nothing.
  if (filter.ids) parts.push(inArray(jobApplications.id, filter.ids.filter(isUuid).concat([NIL])));
  const q = filter.q?.trim();
  if (q) parts.push(matchesSearch(q));
  if (filter.appliedFrom) {
    parts.push(gte(jobApplications.appliedAt, new Date(`${filter.appliedFrom}T00:00:00Z`)));
  }
  return parts.length ? and(...parts) : undefined;
}

const owner = alias(profiles, "owner");

const listColumns = {
  ...applicationColumns,
  userId: profiles.id,
  applicantName: profiles.fullName,
  applicantEmail: profiles.email,
  applicantCountry: profiles.country,
  applicantPhone: profiles.phoneNumber,
  paid: profiles.registrationFeePaid,
  applicantOffice: profiles.office,
  kind: jobApplications.kind,
  jobId: jobs.id,
  // What was applied for: the job's title, or the program's (see `kind`).
  jobTitle: sql<string>`coalesce(${jobs.title}, ${programs.title})`,
  jobSector: jobs.sector,
  jobType: jobs.jobType,
  jobCountry: countries.name,
  programId: programs.id,
  university: programs.university,
  intake: jobApplications.intake,
  ownerId: jobApplications.ownerId,
  ownerName: owner.fullName,
  // Applied to a job not advertised to residents of their country (decision record 35): staff
  // see a warning, read from the column as recorded when they applied.
  directApplication: jobApplications.directApplication,
};

const newestAppliedFirst = [desc(jobApplications.appliedAt), asc(jobApplications.id)] as const;

/**
 * Applications with their applicant, job or program, and country: what every staff view of them
 * reads (both kinds: decision record 22).
 */
function selectApplications(on: Db = db()) {
  return on
    .select(listColumns)
    .from(jobApplications)
    .innerJoin(profiles, eq(profiles.id, jobApplications.userId))
    .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .leftJoin(programs, eq(programs.id, jobApplications.programId))
    .leftJoin(countries, sql`${countries.id} = coalesce(${jobs.countryId}, ${programs.countryId})`)
    .leftJoin(owner, eq(owner.id, jobApplications.ownerId));
}

/**
 * The applications of every applicant in the viewer's offices (`scope`), for staff: reads across
 * users on purpose. Newest applied
 * first; the (applied_at, id) and (status, applied_at) indexes keep pages fast.
 *
 * With `countUpTo`, matches are counted only up to that many (the list then says "more than …"
 * and pages on with Next): one query reads at most countUpTo + 1 matching ids (by the matching
 * people's ids, and by what was applied for through its trigram index), and when that is all
 * there is, the page is taken from them. Only a broad match (more than countUpTo) walks the
 * applied_at index, where its rows are dense.
 */
export async function listAllApplicationsForStaff(options: {
  filter: StaffApplicationFilter;
  scope: OfficeScope;
  /** One of the scope's offices, or null for all of them. */
  office?: string | null;
  page: number;
  pageSize: number;
  countUpTo?: number;
}) {
  const { filter, pageSize, countUpTo, scope, office } = options;
  // A capped list is read no deeper than its cap (domain/pagination.ts reachablePages).
  const page =
    countUpTo === undefined ? options.page : reachablePage(options.page, pageSize, countUpTo);
  const offset = (page - 1) * pageSize;
  const q = filter.q?.trim();

  if (countUpTo === undefined) {
    const where = filterWhere(filter, scope, office);
    const ids = await db()
      .select({ id: jobApplications.id })
      .from(jobApplications)
      .where(where)
      .orderBy(...newestAppliedFirst)
      .limit(pageSize)
      .offset(offset);
    const rows = await hydrateApplications(ids.map((r) => r.id));
    const [total] = await db().select({ n: count() }).from(jobApplications).where(where);
    return exactPage({ items: rows, page, pageSize, total: total!.n });
  }

  // Which ids make the page, and how many match (up to countUpTo + 1): kept until the
  // applications or their people change, under everything the search depends on.
  const key = JSON.stringify([
    q ?? "",
    filter.status ?? "",
    filter.kind ?? "",
    filter.owner ?? "",
    office ?? "",
    scope.offices,
    scope.all ? null : scope.allOffices,
    offset,
    pageSize,
    countUpTo,
  ]);
  // Paging through a search, or opening and closing a row's dialogs (each reloads the list), then
  // costs the versions' small read instead of counting up to a thousand matches again.
  const { n, ids } = await cached({
    name: "applicationSearch",
    key,
    // Each a count and a page of ids: well under a kilobyte.
    max: 1000,
    dependsOn: ["application_search"],
    ttlMs: 5 * 60_000,
    // Read in this request: a staff member's change shows on their next page, whichever process.
    maxAgeMs: 0,
    load: () => searchApplications({ q, filter, scope, office, offset, pageSize, countUpTo }),
  });
  const rows = await hydrateApplications(ids.slice(0, pageSize));
  if (n <= countUpTo) return exactPage({ items: rows, page, pageSize, total: n });
  return { ...cappedPage({ rows: ids, page, pageSize, cap: countUpTo }), items: rows };
}

/**
 * How many applications match (counted up to countUpTo + 1) and the ids of the asked page, in
 * one round trip after the matching people's.
 */
async function searchApplications(options: {
  q: string | undefined;
  filter: StaffApplicationFilter;
  scope: OfficeScope;
  office: string | null | undefined;
  offset: number;
  pageSize: number;
  countUpTo: number;
}): Promise<{ n: number; ids: string[] }> {
  const { q, filter, scope, office, offset, pageSize, countUpTo } = options;
  // The matching people first (at most countUpTo + 1, through their trigram indexes), so the
  // applications are read by their user index with the planner knowing how many ids it looks up;
  // what was applied for is tested on the applications themselves. Then at most countUpTo + 1
  // matching applications: when that is all there is, the page comes from them.
  let match: SQL | undefined;
  if (q) {
    const people = await matchingPeopleQuery().execute({
      like: containsPattern(q),
      limit: countUpTo + 1,
    });
    match =
      people.length === 0
        ? appliedForMatches(q)
        : people.length <= countUpTo
          ? or(userIdIn(people), appliedForMatches(q))
          : matchesSearch(q);
  }
  const where = and(
    filter.status ? eq(jobApplications.status, filter.status) : undefined,
    filter.kind ? eq(jobApplications.kind, filter.kind) : undefined,
    ownerWhere(filter.owner),
    inOffices(scope, office),
    match,
  );
  // One round trip either way. A broad match (more than countUpTo) has its rows dense in the
  // applied_at index, so its page comes from walking that index, testing each application as it
  // comes (a few hundred rows for a page, no joins); PostgreSQL runs that branch's subquery only
  // when the count says so.
  const whereSql = where ? sql`where ${where}` : sql``;
  const [found] = await queryRows<{ n: number; ids: string | null }>(sql`
    with m as materialized (
      select ${jobApplications.id} as id, ${jobApplications.appliedAt} as applied_at
      from ${jobApplications} ${whereSql}
      limit ${countUpTo + 1}
    ), c as (select count(*)::int as n from m)
    select c.n, case when c.n <= ${countUpTo} then array_to_string(array(
      select m.id from m order by m.applied_at desc, m.id limit ${pageSize} offset ${offset}
    ), ',') else array_to_string(array(
      select ${jobApplications.id} from ${jobApplications} ${whereSql}
      order by ${jobApplications.appliedAt} desc, ${jobApplications.id}
      limit ${pageSize + 1} offset ${offset}
    ), ',') end as ids
    from c`);
  return { n: Number(found!.n), ids: found!.ids ? found!.ids.split(",") : [] };
}

/**
 * The page's ids come from job_applications alone, so PostgreSQL walks the (applied_at, id)
 * index and stops after one page; the joins then run for those rows only.
 */
async function hydrateApplications(ids: string[]) {
  if (ids.length === 0) return [];
  return withFeeDue(await applicationsByIdQuery().execute({ ids }));
}

/**
 * Each row with `feeDue`: whether its applicant's fee policy asks a fee up front for what they
 * applied for (decision record 33), so no screen calls someone who owes nothing unpaid.
 */
async function withFeeDue<R extends { applicantOffice: string | null; kind: ApplicationKind }>(
  rows: R[],
): Promise<(R & { feeDue: boolean })[]> {
  const owes = await feeOwedReader();
  return rows.map((r) => ({
    ...r,
    feeDue: owes(r.applicantOffice, r.kind === "program" ? "study" : "jobs"),
  }));
}

// Every list of the back office reads its page this way: built once, the ids as one array value
// (so its SQL is the same for any number of rows).
const applicationsByIdQuery = preparedQuery((db) =>
  selectApplications(db)
    .where(sql`${jobApplications.id} = any(${sql.placeholder("ids")}::uuid[])`)
    .orderBy(...newestAppliedFirst)
    .prepare("passage_applications_by_id"),
);
export type StaffApplicationRow = Awaited<ReturnType<typeof hydrateApplications>>[number];

/** The filtered list for a CSV download, capped so one click cannot exhaust the server. */
export async function exportApplicationsForStaff(
  filter: StaffApplicationFilter,
  scope: OfficeScope,
  office: string | null = null,
  limit = 50_000,
) {
  return withFeeDue(
    await selectApplications()
      .where(filterWhere(filter, scope, office))
      .orderBy(...newestAppliedFirst)
      .limit(limit),
  );
}

/** Counts kept exact by triggers (record_counts): applications per status, paid profiles. */
async function readRecordCounts() {
  const counts = await readCounts([
    ...APPLICATION_STATUSES.map(applicationsInStatus),
    "profiles:paid",
  ]);
  const applications = (status: ApplicationStatus) => counts[applicationsInStatus(status)] ?? 0;
  return {
    applications,
    totalApplications: APPLICATION_STATUSES.reduce((sum, s) => sum + applications(s), 0),
    paidProfiles: counts["profiles:paid"] ?? 0,
  };
}

export async function getApplicationStatsForStaff(scope: OfficeScope) {
  if (!scope.all) return countApplicationStatsInScope(scope);
  const counts = await readRecordCounts();
  return {
    total: counts.totalApplications,
    interviews: counts.applications("interview_scheduled"),
    departed: counts.applications("departed"),
    paidUsers: counts.paidProfiles,
  };
}

/**
 * The cards for staff who see some offices only: counted afresh (the kept counts are of everyone),
 * through the office index and the applications' user index.
 */
async function countApplicationStatsInScope(scope: OfficeScope) {
  const [apps] = await db()
    .select({
      total: count(),
      interviews: sql<number>`count(*) filter (where ${jobApplications.status} = 'interview_scheduled')`,
      departed: sql<number>`count(*) filter (where ${jobApplications.status} = 'departed')`,
    })
    .from(jobApplications)
    .where(inOffices(scope));
  const [paid] = await db()
    .select({ n: count() })
    .from(profiles)
    .where(and(eq(profiles.registrationFeePaid, true), applicantInScope(scope, profiles.id)));
  return {
    total: Number(apps!.total),
    interviews: Number(apps!.interviews),
    departed: Number(apps!.departed),
    paidUsers: Number(paid!.n),
  };
}

const changer = alias(profiles, "changer");

/**
 * One application with its status history, for the details dialog; a program application also
 * with the documents its program asks for.
 */
export async function getApplicationDetailsForStaff(applicationId: string, scope: OfficeScope) {
  const [found] = await selectApplications().where(
    and(eq(jobApplications.id, applicationId), inOffices(scope)),
  );
  if (!found) return null;
  const [app] = await withFeeDue([found]);
  const [program] = app.programId
    ? await db()
        .select({ requiredDocuments: programs.requiredDocuments })
        .from(programs)
        .where(eq(programs.id, app.programId))
    : [];
  const history = await listStatusHistoryForStaff([applicationId]);
  return { app, history, requiredDocuments: program?.requiredDocuments ?? [] };
}

/**
 * The status history of these applications, newest first, with who made each change. Callers have
 * read the applications through the viewer's scope.
 */
export async function listStatusHistoryForStaff(applicationIds: string[]) {
  if (applicationIds.length === 0) return [];
  return db()
    .select({
      id: applicationStatusHistory.id,
      applicationId: applicationStatusHistory.applicationId,
      fromStatus: applicationStatusHistory.fromStatus,
      toStatus: applicationStatusHistory.toStatus,
      note: applicationStatusHistory.note,
      createdAt: applicationStatusHistory.createdAt,
      changedByName: changer.fullName,
    })
    .from(applicationStatusHistory)
    .leftJoin(changer, eq(changer.id, applicationStatusHistory.changedBy))
    .where(inArray(applicationStatusHistory.applicationId, applicationIds))
    .orderBy(desc(applicationStatusHistory.createdAt));
}

/** Every application of one applicant of the viewer's offices (none outside them), newest first. */
export async function listApplicationsOfApplicantForStaff(userId: string, scope: OfficeScope) {
  return selectApplications()
    .where(and(eq(jobApplications.userId, userId), inOffices(scope)))
    .orderBy(...newestAppliedFirst);
}
export type StaffApplicationDetails = NonNullable<
  Awaited<ReturnType<typeof getApplicationDetailsForStaff>>
>;

/** The application, locked; one outside the actor's offices is not found. */
async function lockApplication(tx: Db, applicationId: string, actor: Actor) {
  const scope = await officeScopeFor(actor, tx);
  const [row] = await tx
    .select({
      id: jobApplications.id,
      kind: jobApplications.kind,
      status: jobApplications.status,
      userId: jobApplications.userId,
      programId: jobApplications.programId,
      interviewDate: jobApplications.interviewDate,
      version: jobApplications.version,
      updatedAt: jobApplications.updatedAt,
      jobTitle: sql<string>`coalesce(${jobs.title}, ${programs.title} || ', ' || ${programs.university})`,
    })
    .from(jobApplications)
    .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .leftJoin(programs, eq(programs.id, jobApplications.programId))
    .where(and(eq(jobApplications.id, applicationId), inOffices(scope)))
    .for("update", { of: jobApplications });
  if (!row) throw new ApplicationNotFoundError();
  return row;
}

/** An application as the audit log names it (who changed it last, decision record 37). */
const target = (id: string) => ({ type: "application", id });

type Hooks = { afterHistory?: () => Promise<void> | void };

/**
 * Sets any status from any other (the spec enforces no order), except that Interview Scheduled
 * needs a valid interview date (InterviewDateRequiredError) and a status that states a fact
 * needs it true in the data (StatusFactFalseError, decision record 32). The change, its history row, the
 * audit entry, the in-app notification and the queued e-mail commit together or not at all.
 */
export async function changeApplicationStatus(
  options: {
    actor: Actor;
    applicationId: string;
    status: ApplicationStatus;
    note?: string | null;
    interviewDate?: Date | null;
    interviewLocation?: string | null;
    /** The version the change was made on: refused (StaleEditError) if the application moved on. */
    expectedVersion?: number;
    /**
     * An admin lets a gated stage through with checklist items missing (decision record 44): the
     * reason is audited and becomes the history's note. Ignored for anyone but an admin.
     */
    gateOverride?: { reason: string } | null;
  },
  hooks: Hooks = {},
) {
  if (
    options.status === "interview_scheduled" &&
    !(options.interviewDate instanceof Date && Number.isFinite(options.interviewDate.getTime()))
  ) {
    throw new InterviewDateRequiredError();
  }
  return inTransactionWithMail(async (tx) => {
    const app = await lockApplication(tx, options.applicationId, options.actor);
    // Made on an older version (another tab, a colleague): refused before anything is checked.
    await assertVersion(tx, app, options.expectedVersion, target(app.id), { status: app.status });
    // Each kind has its own stages: nothing is written for a status of the other kind's.
    if (!statusesForKind(app.kind).includes(options.status)) {
      throw new StatusNotForKindError(app.kind, options.status);
    }
    // A status that states a fact (the fee paid, the documents verified) only while it is true.
    const overrideReason = (USER_ADMIN_ROLES as readonly string[]).includes(options.actor.role)
      ? options.gateOverride?.reason.trim().slice(0, 500) || null
      : null;
    const overridden = await assertStatusFacts(tx, app, options.status, {
      overrideGate: Boolean(overrideReason),
    });
    const override = overrideReason && overridden.length > 0 ? overrideReason : null;
    const set: Partial<typeof jobApplications.$inferInsert> = { status: options.status };
    if (options.interviewDate !== undefined) {
      set.interviewDate = options.interviewDate;
      set.interviewLocation = options.interviewLocation?.trim() || null;
      // Staff set the time themselves: a slot the applicant had booked is theirs no longer.
      await tx.delete(interviewBookings).where(eq(interviewBookings.applicationId, app.id));
    }
    await updateAtVersion(tx, jobApplications, {
      where: eq(jobApplications.id, app.id),
      version: app.version,
      set,
      target: target(app.id),
      current: { status: jobApplications.status },
    });
    await tx.insert(applicationStatusHistory).values({
      applicationId: app.id,
      fromStatus: app.status,
      toStatus: options.status,
      changedBy: options.actor.id,
      note: override ? [override, options.note].filter(Boolean).join("\n") : (options.note ?? null),
    });
    await hooks.afterHistory?.();
    if (override) {
      await recordAudit(tx, {
        actorId: options.actor.id,
        action: "application.gate_override",
        targetType: "application",
        targetId: app.id,
        details: { from: app.status, to: options.status, reason: override, items: overridden },
      });
    }
    // An outcome the refund rule of the person's fee names: staff get one refund to-do.
    await openRefundTodoForStatus(tx, {
      userId: app.userId,
      applicationId: app.id,
      status: options.status,
    });
    const interview = options.interviewDate != null;
    const place = options.interviewLocation?.trim() || null;
    await recordAudit(tx, {
      actorId: options.actor.id,
      action: interview ? "application.schedule_interview" : "application.status_change",
      targetType: "application",
      targetId: app.id,
      details: {
        from: app.status,
        to: options.status,
        ...(interview
          ? { interviewDate: options.interviewDate!.toISOString(), interviewLocation: place }
          : {}),
      },
    });
    await notifyUser(tx, {
      userId: app.userId,
      kind: interview ? "interview_scheduled" : "application_status",
      text: (t, lng) => {
        if (!interview) {
          const values = { jobTitle: app.jobTitle, status: statusLabel(t, options.status) };
          return {
            title: t("statusChanged.notificationTitle", values),
            body: t("statusChanged.notificationBody", values),
          };
        }
        const when = formatAgencyDateTime(options.interviewDate!, lng);
        return {
          title: t("interview.notificationTitle"),
          body: place
            ? t("interview.notificationBodyWithPlace", { jobTitle: app.jobTitle, when, place })
            : t("interview.notificationBody", { jobTitle: app.jobTitle, when }),
        };
      },
      link: "/dashboard/applications",
    });
    await enqueueApplicantMail(tx, {
      userId: app.userId,
      render: (recipient) =>
        interview
          ? interviewScheduledEmail({
              ...recipient,
              jobTitle: app.jobTitle,
              interviewDate: options.interviewDate!,
              location: place,
              applicationId: app.id,
            })
          : applicationStatusChangedEmail({
              ...recipient,
              jobTitle: app.jobTitle,
              status: options.status,
            }),
    });
    return { from: app.status, to: options.status };
  });
}

export function scheduleInterview(options: {
  actor: Actor;
  applicationId: string;
  interviewDate: Date;
  interviewLocation?: string | null;
}) {
  return changeApplicationStatus({
    actor: options.actor,
    applicationId: options.applicationId,
    status: "interview_scheduled",
    interviewDate: options.interviewDate,
    interviewLocation: options.interviewLocation ?? null,
  });
}

export async function updateAdminComments(options: {
  actor: Actor;
  applicationId: string;
  adminComments: string | null;
  /** The version the comment was written on: refused (StaleEditError) if it changed since. */
  expectedVersion?: number;
}) {
  await db().transaction(async (tx) => {
    const scope = await officeScopeFor(options.actor, tx);
    const updated = await updateAtVersion(tx, jobApplications, {
      where: and(eq(jobApplications.id, options.applicationId), inOffices(scope)),
      version: options.expectedVersion,
      set: { adminComments: options.adminComments },
      target: target(options.applicationId),
      current: { adminComments: jobApplications.adminComments },
    });
    if (!updated) throw new ApplicationNotFoundError();
    await recordAudit(tx, {
      actorId: options.actor.id,
      action: "application.comment",
      targetType: "application",
      targetId: options.applicationId,
    });
  });
}

/**
 * Sets (or changes, or clears with null) the day the applicant travels and what they need to know.
 * The change, its audit entry, the applicant's notification and e-mail commit together; setting
 * the same day and details again changes nothing and tells nobody.
 */
export async function setDeparture(options: {
  actor: Actor;
  applicationId: string;
  departureDate: string | null;
  details: string | null;
  /** The version the departure was set on: refused (StaleEditError) if it changed since. */
  expectedVersion?: number;
}) {
  return inTransactionWithMail(async (tx) => {
    const app = await lockApplication(tx, options.applicationId, options.actor);
    const [before] = await tx
      .select({ date: jobApplications.departureDate, details: jobApplications.departureDetails })
      .from(jobApplications)
      .where(eq(jobApplications.id, app.id));
    await assertVersion(tx, app, options.expectedVersion, target(app.id), {
      departureDate: before?.date ?? null,
      departureDetails: before?.details ?? null,
    });
    const details = options.departureDate ? options.details?.trim() || null : null;
    if (before?.date === options.departureDate && (before?.details ?? null) === details) {
      return { changed: false };
    }
    await tx
      .update(jobApplications)
      .set({ departureDate: options.departureDate, departureDetails: details })
      .where(eq(jobApplications.id, app.id));
    await recordAudit(tx, {
      actorId: options.actor.id,
      action: "application.set_departure",
      targetType: "application",
      targetId: app.id,
      details: { from: before?.date ?? null, to: options.departureDate },
    });
    await notifyUser(tx, {
      userId: app.userId,
      kind: "departure",
      text: (t, lng) =>
        options.departureDate
          ? {
              title: t("departure.notificationTitle"),
              body: t("departure.notificationBody", {
                jobTitle: app.jobTitle,
                date: formatDate(options.departureDate, dateLocale(lng), "date"),
              }),
            }
          : {
              title: t("departure.clearedSubject", { jobTitle: app.jobTitle }),
              body: t("departure.clearedBody", { jobTitle: app.jobTitle }),
            },
      link: "/dashboard/applications",
    });
    await enqueueApplicantMail(tx, {
      userId: app.userId,
      render: (recipient) =>
        departureSetEmail({
          ...recipient,
          jobTitle: app.jobTitle,
          departureDate: options.departureDate,
          details,
        }),
    });
    return { changed: true };
  });
}

/** What the board shows besides its kind: the list's filters, one office, each column's page. */
export type PipelineQuery = {
  filter?: Omit<StaffApplicationFilter, "status" | "kind" | "ids">;
  office?: string | null;
  /** Each column's page (1 when absent). */
  pages?: Partial<Record<ApplicationStatus, number>>;
};

/**
 * How many applications of a kind each status holds, as the applications list counts them with
 * the same filter: for a viewer of every office with no filter, the counts kept by triggers
 * (record_counts, `applications_by_kind:<kind>:<status>`, migration 0022); else counted afresh.
 */
async function pipelineTotals(
  scope: OfficeScope,
  kind: ApplicationKind,
  statuses: readonly ApplicationStatus[],
  query: PipelineQuery,
): Promise<Map<ApplicationStatus, number>> {
  const filter = { ...query.filter, kind };
  const filtered = Object.entries(query.filter ?? {}).some(([, value]) => Boolean(value));
  if (scope.all && !query.office && !filtered) {
    const keyOf = (status: ApplicationStatus) => applicationsOfKindInStatus(kind, status);
    const counts = await readCounts(statuses.map(keyOf));
    return new Map(statuses.map((status) => [status, counts[keyOf(status)] ?? 0]));
  }
  const rows = await db()
    .select({ status: jobApplications.status, n: count() })
    .from(jobApplications)
    .where(filterWhere(filter, scope, query.office))
    .groupBy(jobApplications.status);
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/**
 * One kind's applications grouped by its stages for the board: a page of each column (newest
 * first) and each column's total, both under the list's filters, so a column's count is what
 * the list shows for that status.
 */
export async function listPipelineForStaff(
  scope: OfficeScope,
  perColumn = 20,
  kind: ApplicationKind = "job",
  query: PipelineQuery = {},
) {
  const statuses = statusesForKind(kind);
  const scoped = filterWhere({ ...query.filter, kind }, scope, query.office);
  const totalOf = await pipelineTotals(scope, kind, statuses, query);
  // A page past a column's end shows its last page.
  const pageOf = (status: ApplicationStatus) =>
    Math.max(
      1,
      Math.min(query.pages?.[status] ?? 1, Math.ceil((totalOf.get(status) ?? 0) / perColumn)),
    );
  // Every column's page at once (one index walk per status, through the (status, applied_at)
  // index), then those cards' details together.
  const newest = await queryRows<{ id: string }>(sql`
      select newest.id from unnest(array[${sql.join(
        statuses.map((status) => sql`${status}`),
        sql`, `,
      )}]::application_status[], array[${sql.join(
        statuses.map((status) => sql`${(pageOf(status) - 1) * perColumn}`),
        sql`, `,
      )}]::int[]) as column_status(status, skip)
      cross join lateral (
        select ${jobApplications.id} as id from ${jobApplications}
        where ${jobApplications.status} = column_status.status and ${scoped}
        order by ${jobApplications.appliedAt} desc, ${jobApplications.id}
        limit ${perColumn} offset column_status.skip
      ) as newest`);
  const cards = await hydrateApplications(newest.map((r) => r.id));
  return statuses.map((status) => ({
    status,
    total: totalOf.get(status) ?? 0,
    page: pageOf(status),
    // Newest first within a column, as the details come back newest first overall.
    cards: cards
      .filter((r) => r.status === status)
      .map((r) => ({
        id: r.id,
        status: r.status,
        appliedAt: r.appliedAt,
        interviewDate: r.interviewDate,
        applicantName: r.applicantName,
        userId: r.userId,
        jobTitle: r.jobTitle,
        kind: r.kind,
        paid: r.paid,
        feeDue: r.feeDue,
        version: r.version,
      })),
  }));
}
