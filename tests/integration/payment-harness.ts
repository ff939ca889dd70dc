import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "~/server/db/client.server";
import { notifications, payments, profiles } from "~/server/db/schema";
import { registerPaymentEndpoints } from "~/server/payments/http.server";
import { confirmCostSheet, registrationPolicyOf } from "~/server/fees/cost-sheet.server";
import { recordVerifiedPayment } from "~/server/payments/payments.server";
import { setupEndpointTests } from "./endpoint-harness";
import type { TestUser } from "./harness";

/**
 * A payments test file's database and the payment webhooks on an app of their own, with what the
 * tests ask about an applicant afterwards: their payment rows, whether the fee counts as paid,
 * and how they were told (e-mailed receipts, in-app notices). Call once at the top of a file.
 */
export function setupPaymentTests() {
  const { ctx, app } = setupEndpointTests([registerPaymentEndpoints]);

  const paymentsOf = (userId: string) =>
    ctx.db.select().from(payments).where(eq(payments.userId, userId));
  async function isPaid(userId: string) {
    const [p] = await ctx.db.select().from(profiles).where(eq(profiles.id, userId));
    return p!.registrationFeePaid;
  }
  async function receiptsTo(email: string) {
    const mails = await ctx.mailsTo(email);
    return mails.filter((m) => m.subject.startsWith("Payment received"));
  }
  async function paymentMessagesTo(user: TestUser) {
    const rows = await ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    return {
      receipts: (await receiptsTo(user.email)).length,
      notices: rows.filter((n) => n.kind === "payment_received").length,
    };
  }
  /** What a payment recorded once leaves: the fee paid, one payment row, one receipt, one notice. */
  async function expectPaidOnce(user: TestUser) {
    expect(await isPaid(user.id)).toBe(true);
    expect(await paymentsOf(user.id)).toHaveLength(1);
    expect(await paymentMessagesTo(user)).toEqual({ receipts: 1, notices: 1 });
  }
  return { ctx, app, paymentsOf, isPaid, receiptsTo, paymentMessagesTo, expectPaidOnce };
}

/**
 * A verified $99.00 payment by `user` under `reference`, recorded as a provider's confirmation
 * records it (receipt number, e-mail and notice included); returns its row.
 */
export async function recordTestPayment(
  db: Db,
  user: Pick<TestUser, "id">,
  reference: string,
  {
    method = "credit_card",
    provider = "simulated",
  }: Partial<Pick<Parameters<typeof recordVerifiedPayment>[0], "method" | "provider">> = {},
) {
  await recordVerifiedPayment({
    userId: user.id,
    reference,
    amountMinor: 9900,
    currency: "USD",
    method,
    provider,
  });
  const [row] = await db.select().from(payments).where(eq(payments.paymentReference, reference));
  return row!;
}

/** The applicant reads and confirms the cost sheet of their fee policy, as the payment page asks. */
export async function confirmTestCostSheet(user: Pick<TestUser, "id">) {
  const policy = await registrationPolicyOf(user.id);
  const outcome = await confirmCostSheet({
    actor: user,
    policyId: policy.id,
    version: policy.version,
  });
  expect(outcome.kind).toBe("confirmed");
}
