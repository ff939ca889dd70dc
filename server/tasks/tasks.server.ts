import { and, asc, desc, eq, gte, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import { STAFF_ROLES } from "~/domain/enums";
import type { NewTask, TaskAnswer } from "~/domain/tasks";
import { recordAudit } from "~/server/audit/audit.server";
import type { Viewer } from "~/server/auth/guards.server";
import { type Db, db } from "~/server/db/client.server";
import { applicantTasks, documents, documentTypes, profiles } from "~/server/db/schema";
import { agencyToday } from "~/server/jobs/saved-jobs.server";
import {
  enqueueApplicantMail,
  inRoundAloneWithMail,
  inTransactionWithMail,
} from "~/server/mail/outbox.server";
import { notifyUser } from "~/server/notifications/notifications.server";
import { applicantInScope, officeScopeFor } from "~/server/offices/scope.server";
import { startScheduler } from "~/server/scheduler.server";
import { taskAssignedEmail, taskOverdueEmail } from "./task-mail.server";

// Tasks staff give an applicant (decision record 51): given and cancelled from the applicant's
// page by staff of the applicant's offices (audited), completed by the applicant on their
// dashboard (an upload task by an upload through the document rules, uploadDocument), told by
// notification and e-mail when given and once when overdue.

type Actor = Pick<Viewer, "id" | "role">;

/** No such applicant in the actor's offices (or an erased account, or staff): nothing given. */
export class TaskApplicantNotFoundError extends Error {}
/** An upload task names a document type that is not active. */
export class TaskDocumentTypeError extends Error {}
/** The task is not one of the viewer's open tasks of that kind (done, cancelled, someone else's). */
export class TaskNotOpenError extends Error {}

/** Where the applicant's tasks are: first on their dashboard. */
export const TASKS_PATH = "/dashboard#tasks";

/** Staff give an applicant of their offices a task; the applicant is notified and mailed. */
export async function createTask({
  actor,
  input,
}: {
  actor: Actor;
  input: Omit<NewTask, "documentType"> & { documentType?: string };
}) {
  return inTransactionWithMail(async (tx) => {
    const [applicant] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(
        and(
          eq(profiles.id, input.applicantId),
          isNull(profiles.erasedAt),
          notInArray(profiles.role, [...STAFF_ROLES, "agent"]),
          applicantInScope(await officeScopeFor(actor, tx), profiles.id),
        ),
      );
    if (!applicant) throw new TaskApplicantNotFoundError();
    const documentType = input.kind === "upload" ? (input.documentType ?? null) : null;
    if (documentType) {
      const [type] = await tx
        .select({ key: documentTypes.key })
        .from(documentTypes)
        .where(and(eq(documentTypes.key, documentType), eq(documentTypes.active, true)));
      if (!type) throw new TaskDocumentTypeError();
    }
    const [task] = await tx
      .insert(applicantTasks)
      .values({
        applicantId: applicant.id,
        kind: input.kind,
        title: input.title,
        instructions: input.instructions,
        documentType,
        dueOn: input.dueOn,
        createdBy: actor.id,
      })
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: "task.create",
      targetType: "profile",
      targetId: applicant.id,
      details: { taskId: task!.id, title: input.title, kind: input.kind, dueOn: input.dueOn },
    });
    await notifyUser(tx, {
      userId: applicant.id,
      kind: "task_assigned",
      text: (t) => ({
        title: t("task.assigned.notificationTitle", { title: input.title }),
        body: t("task.assigned.notificationBody", { title: input.title }),
      }),
      link: TASKS_PATH,
    });
    await enqueueApplicantMail(tx, {
      userId: applicant.id,
      render: (r) =>
        taskAssignedEmail({
          ...r,
          title: input.title,
          instructions: input.instructions,
          dueOn: input.dueOn,
        }),
    });
    return task!;
  });
}

/** Staff cancel an open task of an applicant of their offices. Audited; false when not found. */
export async function cancelTask({ actor, taskId }: { actor: Actor; taskId: string }) {
  return db().transaction(async (tx) => {
    const [task] = await tx
      .update(applicantTasks)
      .set({ status: "cancelled", cancelledAt: sql`now()`, cancelledBy: actor.id })
      .where(
        and(
          eq(applicantTasks.id, taskId),
          eq(applicantTasks.status, "open"),
          applicantInScope(await officeScopeFor(actor, tx), applicantTasks.applicantId),
        ),
      )
      .returning({ id: applicantTasks.id, applicantId: applicantTasks.applicantId });
    if (!task) return false;
    const [row] = await tx
      .select({ title: applicantTasks.title })
      .from(applicantTasks)
      .where(eq(applicantTasks.id, task.id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: "task.cancel",
      targetType: "profile",
      targetId: task.applicantId,
      details: { taskId: task.id, title: row?.title ?? "" },
    });
    return true;
  });
}

const taskColumns = {
  id: applicantTasks.id,
  kind: applicantTasks.kind,
  title: applicantTasks.title,
  instructions: applicantTasks.instructions,
  documentType: applicantTasks.documentType,
  dueOn: applicantTasks.dueOn,
  status: applicantTasks.status,
  answer: applicantTasks.answer,
  documentId: applicantTasks.documentId,
  documentName: documents.fileName,
  createdAt: applicantTasks.createdAt,
  completedAt: applicantTasks.completedAt,
  cancelledAt: applicantTasks.cancelledAt,
};

/**
 * One applicant's tasks for staff, newest first. The caller has already found the applicant in
 * the viewer's offices (the applicant page's record).
 */
export async function listTasksOfApplicantForStaff(applicantId: string, limit = 100) {
  const giver = sql<string | null>`(select p.full_name from ${profiles} p
    where p.id = ${applicantTasks.createdBy})`;
  return db()
    .select({ ...taskColumns, createdByName: giver })
    .from(applicantTasks)
    .leftJoin(documents, eq(documents.id, applicantTasks.documentId))
    .where(eq(applicantTasks.applicantId, applicantId))
    .orderBy(desc(applicantTasks.createdAt), desc(applicantTasks.id))
    .limit(limit);
}
export type StaffTaskRow = Awaited<ReturnType<typeof listTasksOfApplicantForStaff>>[number];

/** How long a task done stays on the applicant's dashboard, under the open ones. */
const DONE_SHOWN_DAYS = 14;

/**
 * The viewer's own tasks for their dashboard: the open ones, soonest due first, then those done
 * in the last two weeks, newest first. Cancelled ones are not shown.
 */
export async function listTasksForApplicant({ viewer }: { viewer: Pick<Viewer, "id"> }) {
  const since = new Date(Date.now() - DONE_SHOWN_DAYS * 86_400_000);
  const rows = await db()
    .select(taskColumns)
    .from(applicantTasks)
    .leftJoin(documents, eq(documents.id, applicantTasks.documentId))
    .where(
      and(
        eq(applicantTasks.applicantId, viewer.id),
        or(
          eq(applicantTasks.status, "open"),
          and(eq(applicantTasks.status, "done"), gte(applicantTasks.completedAt, since)),
        ),
      ),
    )
    .orderBy(asc(applicantTasks.dueOn), asc(applicantTasks.createdAt))
    .limit(50);
  return {
    open: rows.filter((r) => r.status === "open"),
    done: rows
      .filter((r) => r.status === "done")
      .sort((a, b) => (b.completedAt?.getTime() ?? 0) - (a.completedAt?.getTime() ?? 0)),
  };
}
export type ApplicantTaskRow = Awaited<ReturnType<typeof listTasksForApplicant>>["open"][number];

/** Marks the viewer's open task of `kind` done (with what completes it), or throws. */
async function completeOwnTask(
  tx: Db,
  o: {
    userId: string;
    taskId: string;
    kind: "upload" | "answer" | "acknowledge";
    set?: { answer?: string; documentId?: string };
    documentType?: string;
  },
) {
  const [done] = await tx
    .update(applicantTasks)
    .set({ status: "done", completedAt: sql`now()`, ...o.set })
    .where(
      and(
        eq(applicantTasks.id, o.taskId),
        eq(applicantTasks.applicantId, o.userId),
        eq(applicantTasks.status, "open"),
        eq(applicantTasks.kind, o.kind),
        o.documentType ? eq(applicantTasks.documentType, o.documentType) : undefined,
      ),
    )
    .returning({ id: applicantTasks.id });
  if (!done) throw new TaskNotOpenError();
  return done;
}

/** The applicant answers their question task. */
export async function answerTask({
  viewer,
  input,
}: {
  viewer: Pick<Viewer, "id">;
  input: TaskAnswer;
}) {
  return db().transaction((tx) =>
    completeOwnTask(tx, {
      userId: viewer.id,
      taskId: input.taskId,
      kind: "answer",
      set: { answer: input.answer },
    }),
  );
}

/** The applicant acknowledges they read the text of their task. */
export async function acknowledgeTask({
  viewer,
  taskId,
}: {
  viewer: Pick<Viewer, "id">;
  taskId: string;
}) {
  return db().transaction((tx) =>
    completeOwnTask(tx, { userId: viewer.id, taskId, kind: "acknowledge" }),
  );
}

/**
 * An upload task completed by the document just stored for its owner, in the upload's own
 * transaction (uploadDocument): the task must be the owner's, open, and ask for that type.
 */
export async function completeUploadTask(
  tx: Db,
  o: { userId: string; taskId: string; documentId: string; documentType: string },
) {
  return completeOwnTask(tx, {
    userId: o.userId,
    taskId: o.taskId,
    kind: "upload",
    set: { documentId: o.documentId },
    documentType: o.documentType,
  });
}

/** Whether `taskId` is the user's open upload task for that type (checked before the file is stored). */
export async function isOpenUploadTask(o: {
  userId: string;
  taskId: string;
  documentType: string;
}) {
  const [row] = await db()
    .select({ id: applicantTasks.id })
    .from(applicantTasks)
    .where(
      and(
        eq(applicantTasks.id, o.taskId),
        eq(applicantTasks.applicantId, o.userId),
        eq(applicantTasks.status, "open"),
        eq(applicantTasks.kind, "upload"),
        eq(applicantTasks.documentType, o.documentType),
      ),
    );
  return Boolean(row);
}

// Any fixed number: the advisory lock lets one process at a time do a round.
export const TASK_ROUND_LOCK_ID = 7_316_245;

/**
 * Tells each applicant, once, of their open tasks whose due day has passed: the update that sets
 * `overdue_reminded_at` selects on it being null, so a round in another process (or a second one
 * here) finds nothing left to claim; the notification and e-mail go in the same transaction.
 */
async function remindOverdue(tx: Db, today: string) {
  const claimed = await tx
    .update(applicantTasks)
    .set({ overdueRemindedAt: sql`now()` })
    .where(
      and(
        eq(applicantTasks.status, "open"),
        lt(applicantTasks.dueOn, today),
        isNull(applicantTasks.overdueRemindedAt),
      ),
    )
    .returning({
      applicantId: applicantTasks.applicantId,
      title: applicantTasks.title,
      dueOn: applicantTasks.dueOn,
    });
  for (const task of claimed) {
    await notifyUser(tx, {
      userId: task.applicantId,
      kind: "task_overdue",
      text: (t) => ({
        title: t("task.overdue.notificationTitle", { title: task.title }),
        body: t("task.overdue.notificationBody", { title: task.title }),
      }),
      link: TASKS_PATH,
    });
    await enqueueApplicantMail(tx, {
      userId: task.applicantId,
      render: (r) => taskOverdueEmail({ ...r, title: task.title, dueOn: task.dueOn }),
    });
  }
  return claimed.length;
}

/** One round of overdue reminders; several processes may run it at once (see remindOverdue). */
export async function runTaskReminderRound(options: { now?: Date; on?: Db } = {}) {
  const today = agencyToday(options.now ?? new Date());
  return inRoundAloneWithMail(
    TASK_ROUND_LOCK_ID,
    async (tx) => ({ reminded: await remindOverdue(tx, today) }),
    options.on ?? db(),
  );
}

/** Runs a round every hour in this process. Started by server/main.ts. */
export function startTaskReminderScheduler(options: { intervalMs?: number } = {}) {
  return startScheduler({
    name: "taskReminders",
    intervalMs: options.intervalMs ?? 60 * 60_000,
    run: async () => {
      await runTaskReminderRound();
    },
    failure: "task reminder round failed",
  });
}

/** Open tasks past their due day, for the work queue (server/queues): the `where` it counts by. */
export function overdueTasksWhere(today: string) {
  return and(eq(applicantTasks.status, "open"), lt(applicantTasks.dueOn, today))!;
}
