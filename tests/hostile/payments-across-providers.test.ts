import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments } from "~/server/db/schema";
import { PaynowPaymentProvider } from "~/server/payments/paynow.server";
import { PaystackPaymentProvider } from "~/server/payments/paystack.server";
import { setPaymentProviders } from "~/server/payments/provider.server";
import { createTestUser, sessionCookie } from "~/tests/integration/harness";
import { confirmTestCostSheet } from "~/tests/integration/payment-harness";
import { startFakePaynow } from "~/tests/integration/paynow-fake";
import { paystackChargeSuccess, startFakePaystack } from "~/tests/integration/paystack-fake";
import { formPost, send, setupHostileApp, url } from "./app";

// Issue 38, finding 1: card in one tab and Paynow in another opened two live checkouts, and both
// could be paid (25 parallel clicks, 20 card and 5 Paynow: 2 completed payments).
const ctx = setupHostileApp();

const SECRET = "sk_test_hostile_secret";
const PAYNOW_ID = "31337";
const PAYNOW_KEY = "5b1f0c7e-hostile-key";
let paystack: Awaited<ReturnType<typeof startFakePaystack>>;
let paynow: Awaited<ReturnType<typeof startFakePaynow>>;

beforeAll(async () => {
  paystack = await startFakePaystack(SECRET);
  paynow = await startFakePaynow(PAYNOW_ID, PAYNOW_KEY);
  setPaymentProviders([
    new PaystackPaymentProvider({ secretKey: SECRET, baseUrl: paystack.url }),
    new PaynowPaymentProvider({
      integrationId: PAYNOW_ID,
      integrationKey: PAYNOW_KEY,
      baseUrl: paynow.url,
      currency: "USD",
      resultUrl: url("/webhooks/paynow"),
    }),
  ]);
});
afterAll(async () => {
  await paystack.close();
  await paynow.close();
});

/** The payer pays checkout `row` at its provider, and the provider tells our server. */
async function payAtProvider(row: typeof payments.$inferSelect) {
  const reference = row.paymentReference;
  const request =
    row.provider === "paystack"
      ? new Request(url("/webhooks/paystack"), {
          method: "POST",
          headers: paystack.webhookHeaders(paystackChargeSuccess(reference)),
          body: paystackChargeSuccess(reference),
        })
      : (paynow.approve(reference),
        new Request(url("/webhooks/paynow"), {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: paynow.statusUpdate(reference),
        }));
  expect((await send(ctx.app, request)).status).toBe(200);
}

describe("parallel payments across two providers (finding 38.1)", () => {
  it("20 card and 5 Paynow clicks at once open one checkout; paying every one takes one fee and leaves nothing Paystack could give back to refund by hand", async () => {
    const user = await createTestUser();
    const cookie = await sessionCookie(user);
    await confirmTestCostSheet(user);
    const click = (method: string) =>
      send(ctx.app, formPost("/dashboard/payment", { method }, { cookie }));
    const methods = Array.from({ length: 25 }, (_, i) => (i % 5 === 2 ? "paynow" : "card"));
    const responses = await Promise.all(methods.map(click));
    for (const r of responses) expect(r.status).toBeLessThan(500);
    const rowsOf = () => ctx.db.select().from(payments).where(eq(payments.userId, user.id));
    expect((await rowsOf()).filter((r) => r.status === "pending")).toHaveLength(1);

    // Later, in another tab, the other way to pay: it supersedes the open checkout.
    const [open] = (await rowsOf()).filter((r) => r.status === "pending");
    await click(open!.provider === "paystack" ? "paynow" : "card");
    const rows = await rowsOf();
    expect(rows.filter((r) => r.status === "pending")).toHaveLength(1);
    expect(new Set(rows.map((r) => r.provider))).toEqual(new Set(["paystack", "paynow"]));

    // Every checkout any tab was sent to is paid, Paynow's first (Paynow cannot refund).
    const handedOut = rows.filter((r) => typeof r.metadata?.checkoutUrl === "string");
    const paynowFirst = [...handedOut].sort(
      (a, b) => Number(a.provider === "paystack") - Number(b.provider === "paystack"),
    );
    for (const row of paynowFirst) await payAtProvider(row);
    // And Paystack's webhooks come again.
    for (const row of handedOut.filter((r) => r.provider === "paystack")) await payAtProvider(row);

    const after = await rowsOf();
    const fees = after.filter((r) => r.status === "completed" && !r.metadata?.overpayment);
    expect(fees).toHaveLength(1);
    // Every Paystack payment beyond the fee was given back automatically, once; none is left
    // for staff to refund by hand.
    const refunded = after.filter((r) => r.status === "refunded");
    expect(refunded.length).toBeGreaterThan(0);
    for (const r of refunded) {
      expect(r).toMatchObject({
        provider: "paystack",
        metadata: { overpayment: true, refundDue: false, refund: { automatic: true } },
      });
    }
    expect(paystack.refunds.map((r) => r.transaction).sort()).toEqual(
      refunded.map((r) => r.paymentReference).sort(),
    );
    expect(after.filter((r) => r.provider === "paystack" && r.status === "completed")).toEqual(
      fees.filter((r) => r.provider === "paystack"),
    );
  });
});
