import { and, eq, sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { payments } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { paymentProviderNamed } from "./provider.server";
import { RefundRefusedError, recordRefund } from "./staff.server";

export type AutomaticRefundOutcome = "refunded" | "refundDue" | "notOurs";

/**
 * Gives an overpayment (a payment that arrived for someone whose fee was already paid) back
 * through its provider, when the provider can refund; otherwise, or when the refund call fails,
 * it stays an overpayment with refundDue for staff to refund by hand. Called after the payment's
 * transaction has committed: the provider is never called inside a transaction.
 *
 * Exactly once: the payment is claimed first (`autoRefund` set in its metadata by a conditional
 * update), so a replayed webhook, a second caller or a retry after a failure never asks the
 * provider for a second refund.
 */
export async function refundOverpaymentAutomatically(
  paymentId: string,
): Promise<AutomaticRefundOutcome> {
  const [payment] = await db().select().from(payments).where(eq(payments.id, paymentId));
  if (!payment || payment.metadata?.overpayment !== true) return "notOurs";
  const provider = paymentProviderNamed(payment.provider);
  const log = { paymentId, reference: payment.paymentReference, provider: payment.provider };
  if (!provider?.refund) {
    logger().warn(log, "the provider cannot refund: staff refund this overpayment by hand");
    return "refundDue";
  }
  const [claimed] = await db()
    .update(payments)
    .set({
      metadata: sql`${payments.metadata} || ${JSON.stringify({
        autoRefund: { startedAt: new Date().toISOString() },
      })}::jsonb`,
    })
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.status, "completed"),
        sql`${payments.metadata} ->> 'overpayment' = 'true'`,
        sql`not (${payments.metadata} ? 'autoRefund')`,
      ),
    )
    .returning({ id: payments.id });
  if (!claimed) return "notOurs";

  let answer: Awaited<ReturnType<NonNullable<typeof provider.refund>>>;
  try {
    answer = await provider.refund(payment.paymentReference, payment.amountMinor);
  } catch (error) {
    logger().error({ ...log, err: error }, "automatic refund failed: staff refund it by hand");
    await db()
      .update(payments)
      .set({
        metadata: sql`${payments.metadata} || ${JSON.stringify({
          autoRefund: { failedAt: new Date().toISOString() },
        })}::jsonb`,
      })
      .where(eq(payments.id, paymentId));
    return "refundDue";
  }
  try {
    await recordRefund(paymentId, { kind: "automatic", provider: answer });
  } catch (error) {
    // Staff recorded a refund of it meanwhile: the provider now holds two refunds of one payment.
    const refused = error instanceof RefundRefusedError;
    logger().error(
      { ...log, err: error, providerRefund: answer },
      refused
        ? "refunded automatically, but staff had already recorded a refund: check the provider"
        : "refunded automatically, but recording the refund failed",
    );
    return "refunded";
  }
  logger().info({ ...log, providerRefund: answer }, "overpayment refunded automatically");
  return "refunded";
}
