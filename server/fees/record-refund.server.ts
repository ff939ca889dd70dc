import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { OfficeScope } from "~/domain/offices";
import type { Viewer } from "~/server/auth/guards.server";
import { db } from "~/server/db/client.server";
import { payments, staffTodos } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { applicantInScope } from "~/server/offices/scope.server";
import { paymentProviderNamed, type RefundResult } from "~/server/payments/provider.server";
import { RefundRefusedError, recordRefund } from "~/server/payments/staff.server";

// An admin records the refund a to-do asks for (decision record 35): through
// the payment's provider when it can refund (Paystack, simulated), else as a refund made by hand
// (Paynow, Mark Paid). The provider is asked outside any transaction, once: the to-do is claimed
// first, as decision record 26's automatic refund claims its payment.

export type TodoRefundOutcome =
  | { kind: "refunded"; amountMinor: number; throughProvider: boolean }
  | { kind: "notFound" }
  | { kind: "done" }
  /** Another admin's refund of it is with the provider right now. */
  | { kind: "inProgress" }
  | { kind: "tooMuch"; maxMinor: number }
  | { kind: "notCompleted" }
  | { kind: "providerFailed" };

/** A claim older than this is taken to have died with its process (the provider call timed out). */
const CLAIM_MS = 5 * 60 * 1000;

export async function recordRefundFromTodo(o: {
  actor: Pick<Viewer, "id">;
  scope: OfficeScope;
  todoId: string;
  /** Null: the whole payment. */
  amountMinor: number | null;
  reason: string;
}): Promise<TodoRefundOutcome> {
  const [row] = await db()
    .select({
      doneAt: staffTodos.doneAt,
      claimedAt: staffTodos.claimedAt,
      paymentId: payments.id,
      status: payments.status,
      amountMinor: payments.amountMinor,
      provider: payments.provider,
      reference: payments.paymentReference,
    })
    .from(staffTodos)
    .innerJoin(payments, eq(payments.id, staffTodos.paymentId))
    .where(and(eq(staffTodos.id, o.todoId), applicantInScope(o.scope, staffTodos.userId)));
  if (!row) return { kind: "notFound" };
  if (row.doneAt) return { kind: "done" };
  if (row.status !== "completed") return { kind: "notCompleted" };
  const amountMinor = o.amountMinor ?? row.amountMinor;
  if (amountMinor > row.amountMinor) return { kind: "tooMuch", maxMinor: row.amountMinor };

  const provider = paymentProviderNamed(row.provider);
  let answer: RefundResult | null = null;
  if (provider?.refund) {
    const now = new Date();
    const [claimed] = await db()
      .update(staffTodos)
      .set({ claimedAt: now })
      .where(
        and(
          eq(staffTodos.id, o.todoId),
          isNull(staffTodos.doneAt),
          or(
            isNull(staffTodos.claimedAt),
            lt(staffTodos.claimedAt, new Date(now.getTime() - CLAIM_MS)),
          ),
        ),
      )
      .returning({ id: staffTodos.id });
    if (!claimed) return { kind: "inProgress" };
    const log = { todoId: o.todoId, paymentId: row.paymentId, provider: row.provider };
    try {
      answer = await provider.refund(row.reference, amountMinor);
    } catch (error) {
      logger().error({ ...log, err: error }, "the provider refused a refund staff asked for");
      await db()
        .update(staffTodos)
        .set({ claimedAt: null })
        .where(and(eq(staffTodos.id, o.todoId), eq(staffTodos.claimedAt, now)));
      return { kind: "providerFailed" };
    }
  }
  try {
    await recordRefund(row.paymentId, {
      kind: "staff",
      actor: o.actor,
      reason: o.reason,
      amountMinor,
      provider: answer,
      todoId: o.todoId,
    });
  } catch (error) {
    if (!(error instanceof RefundRefusedError)) throw error;
    if (answer) {
      logger().error(
        { todoId: o.todoId, paymentId: row.paymentId, providerRefund: answer },
        "the provider refunded, but the payment had been refunded meanwhile: check the provider",
      );
    }
    return error.reason === "todoDone" ? { kind: "done" } : { kind: "notCompleted" };
  }
  return { kind: "refunded", amountMinor, throughProvider: Boolean(answer) };
}
