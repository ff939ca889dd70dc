import http from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loader as adminLayoutLoader } from "~/app/routes/admin/layout";
import { action, loader } from "~/app/routes/dashboard/payment";
import { auditLog, payments } from "~/server/db/schema";
import { PaystackPaymentProvider, paystackSignature } from "~/server/payments/paystack.server";
import { setPaymentProvider } from "~/server/payments/provider.server";
import { SimulatedPaymentProvider } from "~/server/payments/simulated.server";
import { getSiteSettings, updateSiteSettings } from "~/server/settings/settings.server";
import { setRegistrationPaid } from "~/server/users/staff.server";
import { createTestUser, runAs, type TestUser } from "./harness";
import { setupPaymentTests } from "./payment-harness";
import { listenLocally } from "./local-http";

const { ctx, app, paymentsOf, isPaid, receiptsTo, paymentMessagesTo, expectPaidOnce } =
  setupPaymentTests();

const SECRET = "sk_test_local_secret_key";

/** Answers like Paystack's API: initialize and verify, with the outcome each test sets. */
type FakeTransaction = { status: string; amount?: number; currency?: string };
const fake = {
  initialized: [] as Record<string, unknown>[],
  outcome: new Map<string, FakeTransaction>(),
  authHeaders: [] as string[],
  url: "",
};
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    fake.authHeaders.push(req.headers.authorization ?? "");
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      if (req.method === "POST" && req.url === "/transaction/initialize") {
        const body = JSON.parse(Buffer.concat(chunks).toString());
        fake.initialized.push(body);
        res.end(
          JSON.stringify({
            status: true,
            message: "Authorization URL created",
            data: {
              authorization_url: `https://checkout.paystack.test/${body.reference}`,
              access_code: "code",
              reference: body.reference,
            },
          }),
        );
        return;
      }
      const match = req.url?.match(/^\/transaction\/verify\/(.+)$/);
      if (req.method === "GET" && match) {
        const reference = decodeURIComponent(match[1]!);
        const init = fake.initialized.find((i) => i.reference === reference);
        const outcome = fake.outcome.get(reference);
        if (!init || !outcome) {
          res.statusCode = 400;
          res.end(JSON.stringify({ status: false, message: "Transaction reference not found" }));
          return;
        }
        res.end(
          JSON.stringify({
            status: true,
            message: "Verification successful",
            data: transactionData(reference, outcome, init),
          }),
        );
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ status: false, message: "not found" }));
    });
  });
  fake.url = await listenLocally(server);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function transactionData(
  reference: string,
  outcome: FakeTransaction,
  init: Record<string, unknown> = {},
) {
  return {
    id: 4099260516,
    status: outcome.status,
    reference,
    amount: outcome.amount ?? init.amount,
    currency: outcome.currency ?? init.currency,
    channel: "mobile_money",
    paid_at: outcome.status === "success" ? "2026-11-21T10:00:00.000Z" : null,
  };
}

function pay(user: TestUser, extra: Record<string, string> = {}) {
  return runAs(user, action, "/dashboard/payment", { form: { ...extra } });
}

describe("the simulated provider", () => {
  beforeEach(() => setPaymentProvider(new SimulatedPaymentProvider(0)));

  it("records one completed payment from our settings and opens premium jobs, once", async () => {
    const user = await createTestUser();
    const unpaid = await runAs(user, loader, "/dashboard/payment");
    expect(unpaid.data).toMatchObject({
      paid: false,
      fee: { amountMinor: 9900, currency: "USD" },
      history: [],
    });

    // Whatever the browser sends about the amount is ignored.
    const outcome = await pay(user, { amount: "1", currency: "ZWL" });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/dashboard/payment?result=success");
    expect(await isPaid(user.id)).toBe(true);
    const rows = await paymentsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amountMinor: 9900,
      currency: "USD",
      paymentMethod: "credit_card",
      provider: "simulated",
      status: "completed",
    });
    expect(rows[0]!.paymentReference).toMatch(/^PAY_/);
    expect(rows[0]!.paymentDate).toBeInstanceOf(Date);

    const again = await pay(user);
    expect(again.location).toBe("/dashboard/payment");
    expect(await paymentsOf(user.id)).toHaveLength(1);
    expect(await paymentMessagesTo(user)).toEqual({ receipts: 1, notices: 1 });

    const page = await runAs(user, loader, "/dashboard/payment?result=success");
    expect(page.data).toMatchObject({
      paid: true,
      result: "success",
      history: [{ reference: rows[0]!.paymentReference, status: "completed" }],
    });
  });

  it("shows the Payment Required notice, and never a success the server did not record", async () => {
    const user = await createTestUser();
    const page = await runAs(
      user,
      loader,
      "/dashboard/payment?notice=payment-required&result=success",
    );
    expect(page.data).toMatchObject({ notice: true, result: null, paid: false });
  });

  it("keeps staff and visitors out", async () => {
    const staff = await createTestUser({ role: "admin" });
    expect((await pay(staff)).location).toBe("/admin");
    const visitor = await runAs(null, action, "/dashboard/payment", { form: {} });
    expect(visitor.location).toMatch(/^\/auth\?redirectTo=/);
  });

  it("takes one fee however many Pay clicks arrive at once: one payment, one receipt", async () => {
    // A delay like the demo's, so the clicks overlap the checkout in progress.
    setPaymentProvider(new SimulatedPaymentProvider(150));
    const user = await createTestUser();
    const outcomes = await Promise.all(Array.from({ length: 8 }, async () => pay(user)));
    for (const o of outcomes) {
      expect(o.status).toBe(302);
      expect([
        "/dashboard/payment?result=success",
        "/dashboard/payment?result=pending",
        "/dashboard/payment",
      ]).toContain(o.location);
    }
    expect(await isPaid(user.id)).toBe(true);
    const rows = await paymentsOf(user.id);
    expect(rows.map((r) => r.status)).toEqual(["completed"]);
    expect(await paymentMessagesTo(user)).toEqual({ receipts: 1, notices: 1 });
  });

  it("tells staff in the back-office that payments are simulated", async () => {
    const admin = await createTestUser({ role: "admin" });
    const page = await runAs(admin, adminLayoutLoader, "/admin");
    expect(page.data).toMatchObject({ simulatedPayments: true });
  });

  it("has no webhook", async () => {
    const response = await app.request("/webhooks/paystack", { method: "POST", body: "{}" });
    expect(response.status).toBe(404);
  });
});

describe("Paystack", () => {
  beforeEach(() =>
    setPaymentProvider(new PaystackPaymentProvider({ secretKey: SECRET, baseUrl: fake.url })),
  );

  async function startCheckout(user: TestUser) {
    const outcome = await pay(user, { amount: "100" });
    expect(outcome.status).toBe(302);
    const init = fake.initialized.at(-1)!;
    expect(outcome.location).toBe(`https://checkout.paystack.test/${init.reference}`);
    return String(init.reference);
  }

  /** A new applicant sent to Paystack's checkout page. */
  async function newCheckout() {
    const user = await createTestUser();
    return { user, reference: await startCheckout(user) };
  }

  /** The applicant's browser back from Paystack's checkout page, as Paystack sends it. */
  async function backFromCheckout(user: TestUser, reference: string) {
    return runAs(user, loader, `/dashboard/payment?trxref=${reference}&reference=${reference}`);
  }

  function webhook(body: string, signature: string | null) {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (signature !== null) headers["x-paystack-signature"] = signature;
    return app.request("/webhooks/paystack", { method: "POST", body, headers });
  }

  function chargeSuccess(reference: string, amount = 9900, currency = "USD") {
    return JSON.stringify({
      event: "charge.success",
      data: transactionData(reference, { status: "success", amount, currency }),
    });
  }

  it("initializes with our amount and currency, and leaves the applicant unpaid until verified", async () => {
    const { user, reference } = await newCheckout();
    expect(fake.initialized.at(-1)).toMatchObject({
      email: user.email,
      amount: 9900,
      currency: "USD",
      callback_url: "http://localhost:3000/dashboard/payment",
    });
    expect(fake.authHeaders.at(-1)).toBe(`Bearer ${SECRET}`);
    expect(await isPaid(user.id)).toBe(false);
    expect(await paymentsOf(user.id)).toMatchObject([
      { paymentReference: reference, status: "pending" },
    ]);
  });

  it("refuses a webhook with a bad signature; a good one marks paid; a replay changes nothing", async () => {
    const { user, reference } = await newCheckout();
    const body = chargeSuccess(reference);

    expect((await webhook(body, null)).status).toBe(401);
    expect((await webhook(body, "0".repeat(128))).status).toBe(401);
    expect((await webhook(body, paystackSignature(body, "some-other-secret"))).status).toBe(401);
    // Signed, then altered: the signature covers the exact bytes.
    const altered = body.replace('"amount":9900', '"amount":99000');
    expect((await webhook(altered, paystackSignature(body, SECRET))).status).toBe(401);
    expect(await isPaid(user.id)).toBe(false);

    const good = await webhook(body, paystackSignature(body, SECRET));
    expect(good.status).toBe(200);
    expect(await isPaid(user.id)).toBe(true);

    const replay = await webhook(body, paystackSignature(body, SECRET));
    expect(replay.status).toBe(200);
    const rows = await paymentsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: "completed",
      paymentMethod: "mobile_money",
      provider: "paystack",
      amountMinor: 9900,
    });
    expect(await paymentMessagesTo(user)).toEqual({ receipts: 1, notices: 1 });
  });

  it("records a payment once when verify on return and the webhook arrive together", async () => {
    const { user, reference } = await newCheckout();
    fake.outcome.set(reference, { status: "success" });
    const body = chargeSuccess(reference);
    const signature = paystackSignature(body, SECRET);

    const [back, refresh, hook1, hook2] = await Promise.all([
      backFromCheckout(user, reference),
      backFromCheckout(user, reference),
      webhook(body, signature),
      webhook(body, signature),
    ]);
    expect(back.location).toBe("/dashboard/payment?result=success");
    expect(refresh.location).toBe("/dashboard/payment?result=success");
    expect([hook1.status, hook2.status]).toEqual([200, 200]);

    await expectPaidOnce(user);
  });

  it("leaves the applicant unpaid after an abandoned checkout and shows Payment Failed", async () => {
    const { user, reference } = await newCheckout();
    fake.outcome.set(reference, { status: "abandoned" });
    const back = await backFromCheckout(user, reference);
    expect(back.location).toBe("/dashboard/payment?result=failed");
    expect(await isPaid(user.id)).toBe(false);
    expect(await paymentsOf(user.id)).toMatchObject([{ status: "abandoned" }]);
    const page = await runAs(user, loader, "/dashboard/payment?result=failed");
    expect(page.data).toMatchObject({ result: "failed", paid: false });
  });

  it("charges a card payer in South Africa in rand when the fee is set in ZAR", async () => {
    const admin = await createTestUser({ role: "admin" });
    const settings = await getSiteSettings();
    await updateSiteSettings({
      actor: admin,
      value: {
        ...settings,
        payments: { ...settings.payments, otherFees: [{ currency: "ZAR", amountMinor: 179900 }] },
      },
    });
    try {
      const joburg = await createTestUser({ country: "South Africa" });
      await pay(joburg, { method: "card" });
      expect(fake.initialized.at(-1)).toMatchObject({ amount: 179900, currency: "ZAR" });
      const harare = await createTestUser({ country: "Zimbabwe" });
      await pay(harare, { method: "card" });
      expect(fake.initialized.at(-1)).toMatchObject({ amount: 9900, currency: "USD" });
    } finally {
      await updateSiteSettings({ actor: admin, value: settings });
    }
  });

  it("keeps one open checkout per person: parallel and later clicks reuse it", async () => {
    const user = await createTestUser();
    const before = fake.initialized.length;
    const outcomes = await Promise.all(Array.from({ length: 5 }, async () => pay(user)));
    expect(fake.initialized.length - before).toBe(1);
    const init = fake.initialized.at(-1)!;
    const checkout = `https://checkout.paystack.test/${init.reference}`;
    for (const o of outcomes) expect(o.location).toBe(checkout);
    const again = await pay(user);
    expect(again.location).toBe(checkout);
    expect(fake.initialized.length - before).toBe(1);
    expect(await paymentsOf(user.id)).toMatchObject([
      { paymentReference: init.reference, status: "pending" },
    ]);
  });

  it("records a second payment for someone already paid as an overpayment to refund, never a second fee", async () => {
    const user = await createTestUser();
    const admin = await createTestUser({ role: "admin" });
    // Two checkouts paid at once: one opened long ago (past the reuse window), one now.
    const old = "PAY_OLD_" + user.id.slice(0, 8);
    await ctx.db.insert(payments).values({
      userId: user.id,
      paymentReference: old,
      amountMinor: 9900,
      currency: "USD",
      provider: "paystack",
      paymentMethod: "pending",
      status: "pending",
      createdAt: new Date(Date.now() - 6 * 60 * 60 * 1000),
    });
    const current = await startCheckout(user);
    expect(current).not.toBe(old);
    const bodies = [chargeSuccess(old), chargeSuccess(current)];
    const answers = await Promise.all(bodies.map((b) => webhook(b, paystackSignature(b, SECRET))));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);

    expect(await isPaid(user.id)).toBe(true);
    const rows = await paymentsOf(user.id);
    expect(rows.map((r) => r.status)).toEqual(["completed", "completed"]);
    const fees = rows.filter((r) => !r.metadata?.overpayment);
    const extra = rows.filter((r) => r.metadata?.overpayment);
    expect(fees).toHaveLength(1);
    expect(extra).toHaveLength(1);
    // One receipt and one notice, for the fee only.
    expect(await paymentMessagesTo(user)).toEqual({ receipts: 1, notices: 1 });
    // Audited for staff, shown to staff in the back-office and to the applicant in the history.
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "payment.overpayment"));
    expect(audits.filter((a) => a.targetId === user.id)).toHaveLength(1);
    const staffPage = await runAs(admin, adminLayoutLoader, "/admin");
    expect((staffPage.data as { overpayments: number }).overpayments).toBeGreaterThanOrEqual(1);
    const page = await runAs(user, loader, "/dashboard/payment");
    const history = (page.data as { history: { reference: string; refundDue: boolean }[] }).history;
    expect(history.filter((h) => h.refundDue).map((h) => h.reference)).toEqual([
      extra[0]!.paymentReference,
    ]);

    // Staff marked someone paid by hand, then their card payment arrives: an overpayment too.
    const manual = await createTestUser();
    const ref = await startCheckout(manual);
    await setRegistrationPaid({ actor: admin, userId: manual.id, paid: true });
    const late = chargeSuccess(ref);
    expect((await webhook(late, paystackSignature(late, SECRET))).status).toBe(200);
    const manualRows = await paymentsOf(manual.id);
    expect(manualRows.find((r) => r.paymentReference === ref)?.metadata).toMatchObject({
      overpayment: true,
    });
    expect(await receiptsTo(manual.email)).toHaveLength(0);
  });

  it("does not accept a smaller amount or another currency, nor someone else's reference", async () => {
    const { user, reference } = await newCheckout();
    const cheap = chargeSuccess(reference, 100);
    expect((await webhook(cheap, paystackSignature(cheap, SECRET))).status).toBe(200);
    expect(await isPaid(user.id)).toBe(false);

    const { user: other, reference: otherRef } = await newCheckout();
    fake.outcome.set(otherRef, { status: "success" });
    const stolen = await backFromCheckout(user, otherRef);
    expect(stolen.location).toBe("/dashboard/payment?result=failed");
    expect(await isPaid(user.id)).toBe(false);
    expect(await isPaid(other.id)).toBe(false);
  });
});
