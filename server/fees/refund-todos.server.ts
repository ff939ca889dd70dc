import { and, asc, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import {
  type FeePolicy,
  noOfferOutcomeDue,
  OFFER_STATUSES,
  refundOutcomeOfStatus,
} from "~/domain/fee-policy";
import type { OfficeScope } from "~/domain/offices";
import { recordAudit } from "~/server/audit/audit.server";
import { type Db, db } from "~/server/db/client.server";
import {
  applicationStatusHistory,
  jobApplications,
  jobs,
  payments,
  profiles,
  programs,
  staffTodos,
} from "~/server/db/schema";
import { applicantInScope } from "~/server/offices/scope.server";
import { startScheduler } from "~/server/scheduler.server";
import { feePolicyFor, listFeePolicies } from "./fee-policies.server";

// Refunds that follow the rule (decision record 35). A fee policy's refund rule
// names outcomes; when an application reaches one, staff get one to-do (staff_todos) to refund
// the fee. A status outcome is seen in the status change's own transaction; "no offer within N
// days" by a round every hour. The to-do's key (kind, payment) keeps it to one per fee, however
// many times or ways the outcome is reached.

export const REFUND_TODO_AUDIT_ACTION = "refund_todo.open";

type FeePayment = {
  id: string;
  userId: string;
  paymentDate: Date | null;
  createdAt: Date;
  metadata: Record<string, unknown> | null;
};

/** The person's fee: their first completed payment that is not an overpayment. */
async function feePaymentOf(tx: Db, userId: string): Promise<FeePayment | null> {
  const [row] = await tx
    .select({
      id: payments.id,
      userId: payments.userId,
      paymentDate: payments.paymentDate,
      createdAt: payments.createdAt,
      metadata: payments.metadata,
    })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.status, "completed"),
        sql`coalesce(${payments.metadata} ->> 'overpayment', 'false') <> 'true'`,
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * The policy a fee was paid under: the one whose cost sheet the payment names (its current
 * version: an admin's later outcomes apply), else the person's policy for jobs today.
 */
async function policyOfPayment(
  tx: Db,
  payment: FeePayment,
  office: string | null,
  policies?: FeePolicy[],
): Promise<FeePolicy> {
  const sheet = payment.metadata?.costSheet as { policyId?: unknown } | undefined;
  if (typeof sheet?.policyId === "string") {
    const all = policies ?? (await listFeePolicies(tx));
    const named = all.find((p) => p.id === sheet.policyId);
    if (named) return named;
  }
  return feePolicyFor({ office, path: "jobs" }, tx);
}

/** Inserts the to-do unless the fee already has one; audited (by the system) when it is new. */
async function openTodo(
  tx: Db,
  o: {
    userId: string;
    paymentId: string;
    applicationId: string | null;
    outcome: string;
    policy: FeePolicy;
  },
): Promise<boolean> {
  const [row] = await tx
    .insert(staffTodos)
    .values({
      kind: "refund",
      userId: o.userId,
      paymentId: o.paymentId,
      applicationId: o.applicationId,
      outcome: o.outcome,
      policyId: o.policy.id || null,
      policyVersion: o.policy.version,
    })
    .onConflictDoNothing({ target: [staffTodos.kind, staffTodos.paymentId] })
    .returning({ id: staffTodos.id });
  if (!row) return false;
  await recordAudit(tx, {
    actorId: null,
    action: REFUND_TODO_AUDIT_ACTION,
    targetType: "user",
    targetId: o.userId,
    details: {
      todoId: row.id,
      paymentId: o.paymentId,
      applicationId: o.applicationId,
      outcome: o.outcome,
      policyId: o.policy.id || null,
      policyVersion: o.policy.version,
    },
  });
  return true;
}

/**
 * In the transaction of a status change (staff's, bulk, or the applicant's withdrawal): when the
 * new status is an outcome the refund rule of the person's fee names, staff get the refund to-do.
 * Returns whether a new one was opened.
 */
export async function openRefundTodoForStatus(
  tx: Db,
  o: { userId: string; applicationId: string; status: string },
): Promise<boolean> {
  const payment = await feePaymentOf(tx, o.userId);
  if (!payment) return false;
  const [person] = await tx
    .select({ office: profiles.office })
    .from(profiles)
    .where(eq(profiles.id, o.userId));
  const policy = await policyOfPayment(tx, payment, person?.office ?? null);
  const outcome = refundOutcomeOfStatus(policy.refundOutcomes, o.status);
  if (!outcome) return false;
  return openTodo(tx, {
    userId: o.userId,
    paymentId: payment.id,
    applicationId: o.applicationId,
    outcome,
    policy,
  });
}

/**
 * "No offer within N days": every fee still completed and without a to-do, paid at least the
 * shortest such N days ago, whose person has no application that ever reached an offer. Returns
 * how many to-dos it opened. The insert's key keeps two processes' rounds to one to-do each.
 */
export async function openNoOfferRefundTodos(now = new Date(), on: Db = db()): Promise<number> {
  const policies = await listFeePolicies(on === db() ? undefined : on);
  const days = policies.flatMap((p) =>
    p.refundOutcomes.noOfferDays != null ? [p.refundOutcomes.noOfferDays] : [],
  );
  if (days.length === 0) return 0;
  const shortest = Math.min(...days);
  const before = new Date(now.getTime() - shortest * 24 * 60 * 60 * 1000);
  const candidates = await on
    .select({
      id: payments.id,
      userId: payments.userId,
      paymentDate: payments.paymentDate,
      createdAt: payments.createdAt,
      metadata: payments.metadata,
      office: profiles.office,
      hadOffer: sql<boolean>`exists (select 1 from ${applicationStatusHistory} h join ${jobApplications} a on a.id = h.application_id where a.user_id = ${payments.userId} and h.to_status in (${sql.join(
        OFFER_STATUSES.map((s) => sql`${s}`),
        sql`, `,
      )}))`,
    })
    .from(payments)
    .innerJoin(profiles, eq(profiles.id, payments.userId))
    .where(
      and(
        eq(payments.status, "completed"),
        sql`coalesce(${payments.metadata} ->> 'overpayment', 'false') <> 'true'`,
        lte(sql`coalesce(${payments.paymentDate}, ${payments.createdAt})`, before.toISOString()),
        sql`not exists (select 1 from ${staffTodos} t where t.payment_id = ${payments.id})`,
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(500);
  let opened = 0;
  for (const c of candidates) {
    if (c.hadOffer) continue;
    const policy = await policyOfPayment(on, c, c.office, policies);
    const outcome = noOfferOutcomeDue(policy.refundOutcomes, {
      paidAt: c.paymentDate ?? c.createdAt,
      now,
      hadOffer: c.hadOffer,
    });
    if (!outcome) continue;
    const made = await on.transaction((tx) =>
      openTodo(tx, { userId: c.userId, paymentId: c.id, applicationId: null, outcome, policy }),
    );
    if (made) opened += 1;
  }
  return opened;
}

/** Every hour, in each process; the to-do's key keeps it to one per fee. */
export function startRefundOutcomeScheduler(intervalMs = 60 * 60 * 1000) {
  return startScheduler({
    name: "refund-outcomes",
    intervalMs,
    run: async () => {
      await openNoOfferRefundTodos();
    },
    failure: "refund outcome round failed",
  });
}

const todoColumns = {
  id: staffTodos.id,
  outcome: staffTodos.outcome,
  createdAt: staffTodos.createdAt,
  claimedAt: staffTodos.claimedAt,
  doneAt: staffTodos.doneAt,
  userId: staffTodos.userId,
  applicantName: profiles.fullName,
  applicantEmail: profiles.email,
  office: profiles.office,
  applicationId: staffTodos.applicationId,
  jobTitle: sql<
    string | null
  >`coalesce(${jobs.title}, ${programs.title} || ', ' || ${programs.university})`,
  paymentId: payments.id,
  amountMinor: payments.amountMinor,
  currency: payments.currency,
  provider: payments.provider,
  receiptNumber: payments.receiptNumber,
  paymentStatus: payments.status,
  policyVersion: staffTodos.policyVersion,
};

/**
 * The open refund to-dos of the applicants of the viewer's offices, oldest first (reads across
 * applicants on purpose: the back-office's to-do list; the route lets only staff call it).
 */
export async function listOpenTodosForStaff(o: { scope: OfficeScope; limit?: number }) {
  return db()
    .select(todoColumns)
    .from(staffTodos)
    .innerJoin(profiles, eq(profiles.id, staffTodos.userId))
    .innerJoin(payments, eq(payments.id, staffTodos.paymentId))
    .leftJoin(jobApplications, eq(jobApplications.id, staffTodos.applicationId))
    .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .leftJoin(programs, eq(programs.id, jobApplications.programId))
    .where(and(isNull(staffTodos.doneAt), applicantInScope(o.scope, staffTodos.userId)))
    .orderBy(asc(staffTodos.createdAt))
    .limit(o.limit ?? 200);
}
export type StaffTodoRow = Awaited<ReturnType<typeof listOpenTodosForStaff>>[number];

/** The latest closed ones, for the list's "done" part. */
export async function listDoneTodosForStaff(o: { scope: OfficeScope; limit?: number }) {
  return db()
    .select(todoColumns)
    .from(staffTodos)
    .innerJoin(profiles, eq(profiles.id, staffTodos.userId))
    .innerJoin(payments, eq(payments.id, staffTodos.paymentId))
    .leftJoin(jobApplications, eq(jobApplications.id, staffTodos.applicationId))
    .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .leftJoin(programs, eq(programs.id, jobApplications.programId))
    .where(and(sql`${staffTodos.doneAt} is not null`, applicantInScope(o.scope, staffTodos.userId)))
    .orderBy(desc(staffTodos.doneAt))
    .limit(o.limit ?? 10);
}

/** How many open to-dos the viewer's offices have (the sidebar's count). */
export async function countOpenTodosForStaff(scope: OfficeScope): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(staffTodos)
    .where(and(isNull(staffTodos.doneAt), applicantInScope(scope, staffTodos.userId)));
  return row?.n ?? 0;
}

/** The to-dos of these payments (unused ids are fine), for screens that show a payment. */
export async function todosOfPayments(paymentIds: string[]) {
  if (paymentIds.length === 0) return [];
  return db()
    .select({ paymentId: staffTodos.paymentId, id: staffTodos.id, doneAt: staffTodos.doneAt })
    .from(staffTodos)
    .where(inArray(staffTodos.paymentId, paymentIds));
}
