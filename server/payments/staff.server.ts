import { and, desc, eq, gte, isNull, lt, ne, type SQL, sql } from "drizzle-orm";
import type { PaymentFilter } from "~/domain/payments";
import { formatMoney } from "~/domain/settings";
import { recordAudit } from "~/server/audit/audit.server";
import type { Viewer } from "~/server/auth/guards.server";
import { type Db, db } from "~/server/db/client.server";
import { paginateSelect } from "~/server/db/paginate.server";
import { lockRowById } from "~/server/db/lock-row.server";
import { payments, profiles, staffTodos } from "~/server/db/schema";
import { enqueueApplicantMail, inTransactionWithMail } from "~/server/mail/outbox.server";
import { paymentRefundedEmail } from "~/server/payments/payment-mail.server";
import { notifyUser } from "~/server/notifications/notifications.server";
import { moneyLocale } from "~/server/i18n/translate.server";
import type { RefundResult } from "./provider.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import type { OfficeScope } from "~/domain/offices";
import { applicantInScope } from "~/server/offices/scope.server";

/** Midnight at the start of `day` (YYYY-MM-DD) in the agency's time zone (CAT, UTC+2 all year). */
function agencyDayStart(day: string) {
  return new Date(`${day}T00:00:00+02:00`);
}

function filterWhere(f: PaymentFilter, scope: OfficeScope): SQL | undefined {
  const at = sql`coalesce(${payments.paymentDate}, ${payments.createdAt})`;
  const conditions = [
    applicantInScope(scope, payments.userId),
    f.provider ? eq(payments.provider, f.provider) : undefined,
    f.status ? eq(payments.status, f.status) : undefined,
    f.userId ? eq(payments.userId, f.userId) : undefined,
    // (ISO strings: `at` is raw SQL, so drizzle does not map a Date for it, and postgres.js refuses one.)
    f.from ? gte(at, agencyDayStart(f.from).toISOString()) : undefined,
    f.to
      ? lt(at, new Date(agencyDayStart(f.to).getTime() + 24 * 60 * 60 * 1000).toISOString())
      : undefined,
  ].filter((c): c is SQL => c !== undefined);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const columns = {
  id: payments.id,
  userId: payments.userId,
  payerName: profiles.fullName,
  payerEmail: profiles.email,
  amountMinor: payments.amountMinor,
  currency: payments.currency,
  provider: payments.provider,
  method: payments.paymentMethod,
  status: payments.status,
  reference: payments.paymentReference,
  receiptNumber: payments.receiptNumber,
  paidAt: payments.paymentDate,
  createdAt: payments.createdAt,
  metadata: payments.metadata,
};

/**
 * Every payment attempt of every applicant of the viewer's offices, newest first, for staff (the
 * back-office payments list): reads across users on purpose; the route lets only staff call it.
 */
export async function listAllPaymentsForStaff(options: {
  filter: PaymentFilter;
  scope: OfficeScope;
  page: number;
  pageSize: number;
}) {
  const where = filterWhere(options.filter, options.scope);
  return paginateSelect(
    payments,
    where,
    { page: options.page, pageSize: options.pageSize },
    db()
      .select(columns)
      .from(payments)
      .innerJoin(profiles, eq(profiles.id, payments.userId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .$dynamic(),
  );
}
export type StaffPaymentRow = Awaited<ReturnType<typeof listAllPaymentsForStaff>>["items"][number];

/** The same rows for the CSV download (staff only, capped). */
export function exportPaymentsForStaff(filter: PaymentFilter, scope: OfficeScope, limit = 50_000) {
  return db()
    .select(columns)
    .from(payments)
    .innerJoin(profiles, eq(profiles.id, payments.userId))
    .where(filterWhere(filter, scope))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
}

export class RefundRefusedError extends Error {
  constructor(readonly reason: "notFound" | "notCompleted" | "todoDone") {
    super(`refund refused: ${reason}`);
  }
}

/** Audited (with no actor: the system) when an overpayment was given back through its provider. */
export const AUTOMATIC_REFUND_AUDIT_ACTION = "payment.refund_automatic";

/** Who gave a payment back: staff (recording a refund made by hand), or the provider for us. */
export type RefundBy =
  | {
      kind: "staff";
      actor: Pick<Viewer, "id">;
      reason: string;
      /** Less than the payment for a partial refund; the whole payment when not given. */
      amountMinor?: number;
      /** What the provider said when it took the refund; none for a refund made by hand. */
      provider?: RefundResult | null;
      /** The refund to-do this closes, when a refund rule's outcome asked for it. */
      todoId?: string;
    }
  | { kind: "automatic"; provider: RefundResult };

/**
 * An admin records that a completed payment was refunded (the money goes back through the
 * provider's own dashboard; this keeps our books true). The payment turns `refunded`, keeps its
 * receipt number, and is audited. The applicant loses premium access only when the refund policy
 * in the settings says so, the refunded payment was their fee (not an overpayment), and no other
 * completed payment of theirs remains.
 */
export async function refundPayment(options: {
  actor: Pick<Viewer, "id">;
  paymentId: string;
  reason: string;
}) {
  return recordRefund(options.paymentId, {
    kind: "staff",
    actor: options.actor,
    reason: options.reason,
  });
}

/**
 * The books of a refund, however it was made: by staff (refundPayment), or automatically through
 * the provider for an overpayment (automatic-refund.server.ts; audited with no actor, the system).
 */
export async function recordRefund(paymentId: string, by: RefundBy) {
  const settings = await getSiteSettings();
  return inTransactionWithMail(async (tx) => {
    const payment = await lockRowById(tx, payments, paymentId);
    if (!payment) throw new RefundRefusedError("notFound");
    if (payment.status !== "completed") throw new RefundRefusedError("notCompleted");
    // The profile next, in the same order as recordVerifiedPayment takes its locks.
    const [profile] = await tx
      .select({ paid: profiles.registrationFeePaid })
      .from(profiles)
      .where(eq(profiles.id, payment.userId))
      .for("update");
    const now = new Date();
    const amountMinor =
      by.kind === "staff" && by.amountMinor != null
        ? Math.min(by.amountMinor, payment.amountMinor)
        : payment.amountMinor;
    const partial = amountMinor < payment.amountMinor;
    const refund =
      by.kind === "staff"
        ? {
            by: by.actor.id,
            at: now.toISOString(),
            reason: by.reason,
            amountMinor,
            ...(by.provider ? by.provider : by.todoId ? { manual: true } : {}),
          }
        : { by: null, at: now.toISOString(), automatic: true, amountMinor, ...by.provider };
    if (by.kind === "staff" && by.todoId) {
      const [closed] = await tx
        .update(staffTodos)
        .set({ doneAt: now, doneBy: by.actor.id, claimedAt: null })
        .where(
          and(
            eq(staffTodos.id, by.todoId),
            eq(staffTodos.paymentId, payment.id),
            isNull(staffTodos.doneAt),
          ),
        )
        .returning({ id: staffTodos.id });
      if (!closed) throw new RefundRefusedError("todoDone");
    }
    await tx
      .update(payments)
      .set({
        status: "refunded",
        metadata: sql`coalesce(${payments.metadata}, '{}'::jsonb) || ${JSON.stringify({
          refund,
          refundDue: false,
        })}::jsonb`,
      })
      .where(eq(payments.id, payment.id));
    const overpayment = payment.metadata?.overpayment === true;
    const [other] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.userId, payment.userId),
          eq(payments.status, "completed"),
          ne(payments.id, payment.id),
        ),
      )
      .limit(1);
    const removesAccess =
      settings.payments.refundRemovesAccess &&
      !partial &&
      !overpayment &&
      !other &&
      Boolean(profile?.paid);
    if (removesAccess) {
      await tx
        .update(profiles)
        .set({ registrationFeePaid: false })
        .where(eq(profiles.id, payment.userId));
    }
    await recordAudit(tx, {
      actorId: by.kind === "staff" ? by.actor.id : null,
      action: by.kind === "staff" ? "payment.refund" : AUTOMATIC_REFUND_AUDIT_ACTION,
      targetType: "user",
      targetId: payment.userId,
      details: {
        paymentId: payment.id,
        reference: payment.paymentReference,
        receiptNumber: payment.receiptNumber,
        amount: formatMoney(payment.amountMinor, payment.currency),
        amountMinor: payment.amountMinor,
        refundedMinor: amountMinor,
        currency: payment.currency,
        provider: payment.provider,
        ...(by.kind === "staff"
          ? {
              reason: by.reason,
              ...(by.todoId ? { todoId: by.todoId, providerRefund: by.provider ?? "manual" } : {}),
            }
          : { providerRefund: by.provider }),
        accessRemoved: removesAccess,
      },
    });
    // Every refund staff record is told to the applicant, whether a refund rule's to-do asked
    // for it or an admin gave money back from the payments list.
    if (by.kind === "staff") {
      await tellApplicantOfRefund(tx, {
        userId: payment.userId,
        amountMinor,
        currency: payment.currency,
        reference: payment.paymentReference,
        receiptNumber: payment.receiptNumber,
        reason: by.reason,
        throughProvider: Boolean(by.provider),
      });
    }
    return { accessRemoved: removesAccess, amountMinor };
  });
}

/** The applicant's notice and e-mail of a refund staff recorded, in its transaction. */
async function tellApplicantOfRefund(
  tx: Db,
  o: {
    userId: string;
    amountMinor: number;
    currency: string;
    reference: string;
    receiptNumber: string | null;
    reason: string;
    throughProvider: boolean;
  },
) {
  await notifyUser(tx, {
    userId: o.userId,
    kind: "payment_refunded",
    link: "/dashboard/payment",
    text: (t, lng) => ({
      title: t("refund.notificationTitle"),
      body: t("refund.notificationBody", {
        amount: formatMoney(o.amountMinor, o.currency, moneyLocale(lng)),
        reference: o.reference,
      }),
    }),
  });
  await enqueueApplicantMail(tx, {
    userId: o.userId,
    // About their money: sent even to someone who turned other e-mails off.
    evenIfTurnedOff: true,
    render: (recipient) => paymentRefundedEmail({ ...recipient, ...o }),
  });
}
