import {
  and,
  asc,
  count,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  not,
  notInArray,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { FINAL_APPLICATION_STATUSES } from "~/domain/applications";
import type { OfficeScope } from "~/domain/offices";
import { agencyDateTimeInputValue } from "~/domain/interview";
import { applicationTitle } from "~/server/applications/columns.server";
import { type Db, db } from "~/server/db/client.server";
import {
  applicantTasks,
  contactInquiries,
  documents,
  documentTypes,
  jobApplications,
  messageThreads,
  profiles,
} from "~/server/db/schema";
import { agencyToday } from "~/server/jobs/saved-jobs.server";
import { overdueTasksWhere } from "~/server/tasks/tasks.server";
import { sensitiveShownSql } from "~/server/documents/sensitive.server";
import { agencyDayBounds } from "~/server/interviews/slots.server";
import { applicantInScope } from "~/server/offices/scope.server";
import { staffThreadsWhere, waitingSince, waitingSubject } from "~/server/messages/threads.server";

// The back-office's work queues (decision record 41): what waits for a staff member of some
// offices, each queue counted and listed by the same `where`, so its count is what it shows.
// Applicants' conversations waiting for a reply are the threads of decision record 47.
// Overdue tasks (decision record 51) are the owner's: those of the applicants the viewer owns, and
// of the unowned ones the tasks the viewer gave.

/** How many of each queue the dashboard lists (the count says how many there are in all). */
export const QUEUE_PREVIEW = 5;

type Queue<T> = { count: number; items: T[] };
type Staff = { id: string; role: string };

const applicantName = sql<string>`coalesce(nullif(${profiles.fullName}, ''), ${profiles.email})`;

/**
 * Documents waiting for review: pending, oldest first (the longest waiting lead). Special personal
 * information waits only for those who may review it: the applicant's owner and admins (decision
 * record 49).
 */
function documentsWaiting(scope: OfficeScope, viewer: Staff): SQL {
  const reviewable = sensitiveShownSql(viewer, {
    sensitive: sql`(select ${documentTypes.sensitive} from ${documentTypes}
                     where ${documentTypes.key} = ${documents.documentType})`,
    ownerId: sql`(select o.owner_id from profiles o where o.id = ${documents.userId})`,
  });
  return and(
    eq(documents.status, "pending"),
    applicantInScope(scope, documents.userId),
    reviewable,
  )!;
}

/** Applications nobody owns that are still going (not departed, withdrawn or rejected). */
function applicationsWithoutOwner(scope: OfficeScope): SQL {
  return and(
    isNull(jobApplications.ownerId),
    notInArray(jobApplications.status, [...FINAL_APPLICATION_STATUSES]),
    applicantInScope(scope, jobApplications.userId),
  )!;
}

/**
 * Contact messages nobody has answered (status pending). A message from an applicant's address
 * belongs to that applicant's office; one from an address with no account is the agency's (every
 * office's staff see it, as in the inbox).
 */
function messagesWaiting(scope: OfficeScope): SQL {
  const pending = eq(contactInquiries.status, "pending");
  const inScope = applicantInScope(scope, profiles.id);
  if (!inScope) return pending;
  const outside = db().select({ email: profiles.email }).from(profiles).where(not(inScope));
  return and(pending, notInArray(sql`lower(${contactInquiries.email})`, outside))!;
}

/** Interviews today (the agency's day): every application at Interview Scheduled dated today. */
function interviewsOn(scope: OfficeScope, now: Date): SQL {
  const { start, end } = agencyDayBounds(agencyDateTimeInputValue(now).slice(0, 10));
  return and(
    eq(jobApplications.status, "interview_scheduled"),
    gte(jobApplications.interviewDate, start),
    lt(jobApplications.interviewDate, end),
    applicantInScope(scope, jobApplications.userId),
  )!;
}

/**
 * Open tasks past their due day that are the viewer's to chase: of the applicants they own, and
 * of applicants nobody owns, the tasks they gave; in their offices.
 */
function overdueTasksOf(scope: OfficeScope, viewerId: string, now: Date): SQL {
  const owned = db()
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.ownerId, viewerId));
  const unowned = db().select({ id: profiles.id }).from(profiles).where(isNull(profiles.ownerId));
  return and(
    overdueTasksWhere(agencyToday(now)),
    or(
      inArray(applicantTasks.applicantId, owned),
      and(eq(applicantTasks.createdBy, viewerId), inArray(applicantTasks.applicantId, unowned)),
    ),
    applicantInScope(scope, applicantTasks.applicantId),
  )!;
}

async function countWhere(
  on: Db,
  table:
    | typeof documents
    | typeof jobApplications
    | typeof contactInquiries
    | typeof applicantTasks
    | typeof messageThreads,
  where: SQL | undefined,
) {
  const [row] = await on.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/**
 * The queues of a staff member's offices (`scope`), each with its count and its first
 * QUEUE_PREVIEW entries, and how many applications the viewer owns ("My applicants").
 * Reads across applicants on purpose: staff work on everyone of their offices.
 */
export async function readWorkQueuesForStaff(
  options: { viewer: Staff; scope: OfficeScope; now?: Date; limit?: number },
  on: Db = db(),
) {
  const { scope, viewer } = options;
  const now = options.now ?? new Date();
  const limit = options.limit ?? QUEUE_PREVIEW;
  const docsWhere = documentsWaiting(scope, viewer);
  const unownedWhere = applicationsWithoutOwner(scope);
  const messagesWhere = messagesWaiting(scope);
  // Applicants' conversations waiting for a reply: the same `where` as Messages' filter.
  const repliesWhere = staffThreadsWhere(scope, { waiting: true });
  const interviewsWhere = interviewsOn(scope, now);
  const tasksWhere = overdueTasksOf(scope, viewer.id, now);
  const mineWhere = and(
    eq(jobApplications.ownerId, viewer.id),
    applicantInScope(scope, jobApplications.userId),
  )!;

  const [
    documentsCount,
    documentItems,
    unownedCount,
    unownedItems,
    messagesCount,
    messageItems,
    repliesCount,
    replyItems,
    interviewsCount,
    interviewItems,
    tasksCount,
    taskItems,
    mine,
  ] = await Promise.all([
    countWhere(on, documents, docsWhere),
    on
      .select({
        id: documents.id,
        applicantId: documents.userId,
        applicantName,
        documentType: documents.documentType,
        at: documents.uploadedAt,
      })
      .from(documents)
      .innerJoin(profiles, eq(profiles.id, documents.userId))
      .where(docsWhere)
      .orderBy(asc(documents.uploadedAt), asc(documents.id))
      .limit(limit),
    countWhere(on, jobApplications, unownedWhere),
    on
      .select({
        id: jobApplications.id,
        applicantId: jobApplications.userId,
        applicantName,
        title: applicationTitle,
        status: jobApplications.status,
        at: jobApplications.appliedAt,
      })
      .from(jobApplications)
      .innerJoin(profiles, eq(profiles.id, jobApplications.userId))
      .where(unownedWhere)
      .orderBy(asc(jobApplications.appliedAt), asc(jobApplications.id))
      .limit(limit),
    countWhere(on, contactInquiries, messagesWhere),
    on
      .select({
        id: contactInquiries.id,
        name: contactInquiries.name,
        subject: contactInquiries.subject,
        at: contactInquiries.createdAt,
      })
      .from(contactInquiries)
      .where(messagesWhere)
      .orderBy(asc(contactInquiries.createdAt), asc(contactInquiries.id))
      .limit(limit),
    countWhere(on, messageThreads, repliesWhere),
    on
      .select({
        id: messageThreads.id,
        applicantId: messageThreads.applicantId,
        applicantName,
        subject: waitingSubject,
        at: waitingSince,
      })
      .from(messageThreads)
      .innerJoin(profiles, eq(profiles.id, messageThreads.applicantId))
      .where(repliesWhere)
      .orderBy(asc(waitingSince), asc(messageThreads.id))
      .limit(limit),
    countWhere(on, jobApplications, interviewsWhere),
    on
      .select({
        id: jobApplications.id,
        applicantId: jobApplications.userId,
        applicantName,
        title: applicationTitle,
        at: jobApplications.interviewDate,
        location: jobApplications.interviewLocation,
      })
      .from(jobApplications)
      .innerJoin(profiles, eq(profiles.id, jobApplications.userId))
      .where(interviewsWhere)
      .orderBy(asc(jobApplications.interviewDate), asc(jobApplications.id))
      .limit(limit),
    countWhere(on, applicantTasks, tasksWhere),
    on
      .select({
        id: applicantTasks.id,
        applicantId: applicantTasks.applicantId,
        applicantName,
        title: applicantTasks.title,
        dueOn: applicantTasks.dueOn,
      })
      .from(applicantTasks)
      .innerJoin(profiles, eq(profiles.id, applicantTasks.applicantId))
      .where(tasksWhere)
      .orderBy(asc(applicantTasks.dueOn), asc(applicantTasks.id))
      .limit(limit),
    countWhere(on, jobApplications, mineWhere),
  ]);
  return {
    documents: { count: documentsCount, items: documentItems },
    unowned: { count: unownedCount, items: unownedItems },
    messages: { count: messagesCount, items: messageItems },
    /** Applicants' conversations waiting for a reply, the one waiting longest first. */
    replies: { count: repliesCount, items: replyItems },
    interviews: {
      count: interviewsCount,
      items: interviewItems.map((i) => ({ ...i, at: i.at! })),
    },
    /** Overdue tasks of the viewer's applicants (owned, or unowned and given by them). */
    tasks: { count: tasksCount, items: taskItems },
    /** Applications the viewer owns, in their offices. */
    mine,
  } satisfies Record<string, Queue<unknown> | number>;
}

export type WorkQueues = Awaited<ReturnType<typeof readWorkQueuesForStaff>>;

/** Whether this staff member owns any application ("My applicants" is then their default view). */
export async function ownsAnyApplication(staffId: string, on: Db = db()): Promise<boolean> {
  const [row] = await on
    .select({ id: jobApplications.id })
    .from(jobApplications)
    .where(eq(jobApplications.ownerId, staffId))
    .limit(1);
  return Boolean(row);
}
