import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loader as adminLayoutLoader } from "~/app/routes/admin/layout";
import { loader as adminPaymentsLoader } from "~/app/routes/admin/payments";
import { action, loader } from "~/app/routes/dashboard/payment";
import { notifications, payments } from "~/server/db/schema";
import { PaynowPaymentProvider } from "~/server/payments/paynow.server";
import { PaystackPaymentProvider, paystackSignature } from "~/server/payments/paystack.server";
import { setPaymentProvider, setPaymentProviders } from "~/server/payments/provider.server";
import { SimulatedPaymentProvider } from "~/server/payments/simulated.server";
import { getSiteSettings, updateSiteSettings } from "~/server/settings/settings.server";
import { setRegistrationPaid } from "~/server/users/staff.server";
import { BASE_URL, createTestUser, runAs, runRoute, sessionCookie, type TestUser } from "./harness";
import { confirmTestCostSheet, setupPaymentTests } from "./payment-harness";
import { startFakePaynow } from "./paynow-fake";
import { paystackChargeSuccess as chargeSuccess, startFakePaystack } from "./paystack-fake";

const { ctx, app, paymentsOf, isPaid, receiptsTo, paymentMessagesTo, expectPaidOnce } =
  setupPaymentTests();

const SECRET = "sk_test_local_secret_key";
let fake: Awaited<ReturnType<typeof startFakePaystack>>;

beforeAll(async () => {
  fake = await startFakePaystack(SECRET);
});
afterAll(async () => {
  await fake.close();
});

type HistoryEntry = { reference: string; refundDue: boolean; refundedAutomatically: boolean };
type StaffList = {
  payments: { items: { reference: string; status: string; overpayment: string | null }[] };
};

async function pay(user: TestUser, extra: Record<string, string> = {}) {
  await confirmTestCostSheet(user);
  return runAs(user, action, "/dashboard/payment", { form: { ...extra } });
}

/**
 * The applicant's browser back from Paystack's checkout page, as Paystack sends it: the page
 * (which only reads) shows it is checking and posts "check", which asks Paystack.
 */
async function backFromCheckout(user: TestUser, reference: string) {
  const back = `/dashboard/payment?trxref=${reference}&reference=${reference}`;
  const page = await runAs(user, loader, back);
  if (page.location) return page;
  expect(page.data).toMatchObject({ checking: { reference } });
  return runAs(user, action, back, { form: { intent: "check", reference } });
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

  it("tells a student their fee opens study programs, on the page, in the notice and the receipt", async () => {
    const student = await createTestUser({ role: "student_applicant" });
    await pay(student);
    const [notice] = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, student.id));
    expect(notice?.body).toContain("You can now apply to study programs.");
    expect(notice?.body).not.toContain("Premium jobs");
    const [receipt] = await receiptsTo(student.email);
    expect(receipt?.text).toContain("You can now apply to study programs.");
    const page = await runAs(student, loader, "/dashboard/payment?result=success");
    expect(page.data).toMatchObject({ student: true, result: "success" });
  });

  it("brings a person who paid on their way to a page back to that page, and only to this site", async () => {
    const user = await createTestUser();
    const sent = await runAs(
      user,
      loader,
      "/dashboard/payment?notice=payment-required&redirectTo=%2Fjobs%2Fabc",
    );
    const kept = sent.headers.getSetCookie().find((c) => c.startsWith("pay_return="));
    expect(kept).toBeTruthy();
    await pay(user);
    const cookie = kept!.split(";")[0]!;
    const session = await sessionCookie(user);
    const done = await runRoute(
      loader,
      new Request(`${BASE_URL}/dashboard/payment?result=success`, {
        headers: { cookie: `${session}; ${cookie}` },
      }),
    );
    expect(done.data).toMatchObject({ result: "success", next: "/jobs/abc" });
    // Taken once: the cookie is dropped.
    expect(done.headers.getSetCookie().some((c) => /^pay_return=;.*Max-Age=0/i.test(c))).toBe(true);

    const offsite = await runAs(user, loader, "/dashboard/payment?redirectTo=%2F%2Fevil.example");
    expect(offsite.headers.getSetCookie().some((c) => c.startsWith("pay_return="))).toBe(false);
  });

  it("shows the Payment Required notice, and never a success the server did not record", async () => {
    const user = await createTestUser();
    const page = await runAs(
      user,
      loader,
      "/dashboard/payment?notice=payment-required&result=success",
    );
    expect(page.data).toMatchObject({ notice: "payment", result: null, paid: false });
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

  function webhook(body: string, signature: string | null) {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (signature !== null) headers["x-paystack-signature"] = signature;
    return app.request("/webhooks/paystack", { method: "POST", body, headers });
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
      // Someone in South Africa registered with the Harare office (Midrand charges no fee).
      const joburg = await createTestUser({ country: "South Africa", office: "Harare" });
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

  it("gives a second payment for someone already paid back through Paystack, never a second fee", async () => {
    const user = await createTestUser();
    const admin = await createTestUser({ role: "admin" });
    const banner = async () =>
      ((await runAs(admin, adminLayoutLoader, "/admin")).data as { overpayments: number })
        .overpayments;
    const bannerBefore = await banner();
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
    const fees = rows.filter((r) => r.status === "completed");
    const extra = rows.filter((r) => r.status === "refunded");
    expect(fees).toHaveLength(1);
    expect(extra).toHaveLength(1);
    expect(extra[0]!.metadata).toMatchObject({
      overpayment: true,
      refundDue: false,
      refund: { by: null, automatic: true, status: "pending" },
    });
    expect(fake.refunds.filter((r) => r.transaction === extra[0]!.paymentReference)).toEqual([
      { transaction: extra[0]!.paymentReference, amount: 9900 },
    ]);
    // One receipt and one notice, for the fee only.
    expect(await paymentMessagesTo(user)).toEqual({ receipts: 1, notices: 1 });
    // Staff are told it arrived and that it went back (by no one: the system), and are not asked
    // to refund it; the applicant's history says it was refunded.
    expect(await ctx.auditEntries(user.id, "payment.overpayment")).toHaveLength(1);
    expect(await ctx.auditEntries(user.id, "payment.refund_automatic")).toMatchObject([
      { actorId: null },
    ]);
    expect(await banner()).toBe(bannerBefore);
    const page = await runAs(user, loader, "/dashboard/payment");
    const history = (page.data as { history: HistoryEntry[] }).history;
    expect(history.filter((h) => h.refundDue)).toEqual([]);
    expect(history.filter((h) => h.refundedAutomatically).map((h) => h.reference)).toEqual([
      extra[0]!.paymentReference,
    ]);

    // Staff marked someone paid by hand, then their card payment arrives: an overpayment too.
    // Paystack refuses the refund this time: it stays due for staff, who are told.
    const manual = await createTestUser();
    const ref = await startCheckout(manual);
    await setRegistrationPaid({
      actor: admin,
      userId: manual.id,
      paid: true,
      reference: `CASH-${manual.id}`,
    });
    fake.refuseRefunds = true;
    try {
      const late = chargeSuccess(ref);
      expect((await webhook(late, paystackSignature(late, SECRET))).status).toBe(200);
    } finally {
      fake.refuseRefunds = false;
    }
    const manualRows = await paymentsOf(manual.id);
    expect(manualRows.find((r) => r.paymentReference === ref)).toMatchObject({
      status: "completed",
      metadata: { overpayment: true, refundDue: true },
    });
    // The receipt of the fee paid by hand (Mark Paid sends one, decision record 32); none for
    // the overpayment.
    expect(await receiptsTo(manual.email)).toHaveLength(1);
    expect(await banner()).toBe(bannerBefore + 1);
    const manualPage = await runAs(manual, loader, "/dashboard/payment");
    expect(
      (manualPage.data as { history: HistoryEntry[] }).history.filter((h) => h.refundDue),
    ).toMatchObject([{ reference: ref }]);
    const listed = await runAs(admin, adminPaymentsLoader, `/admin/payments?user=${manual.id}`);
    expect(
      (listed.data as StaffList).payments.items.find((i) => i.reference === ref),
    ).toMatchObject({ status: "completed", overpayment: "refundFailed" });
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

describe("one open checkout across providers", () => {
  const PAYNOW_ID = "21436";
  const PAYNOW_KEY = "9f3c1b2e-5d7a-4e11-8c0f-2b6a9d4e7f10";
  let paynowFake: Awaited<ReturnType<typeof startFakePaynow>>;
  beforeAll(async () => {
    paynowFake = await startFakePaynow(PAYNOW_ID, PAYNOW_KEY);
  });
  afterAll(async () => {
    await paynowFake.close();
  });
  beforeEach(() =>
    setPaymentProviders([
      new PaystackPaymentProvider({ secretKey: SECRET, baseUrl: fake.url }),
      new PaynowPaymentProvider({
        integrationId: PAYNOW_ID,
        integrationKey: PAYNOW_KEY,
        baseUrl: paynowFake.url,
        currency: "USD",
        resultUrl: "http://localhost:3000/webhooks/paynow",
      }),
    ]),
  );

  const paystackWebhook = (body: string) =>
    app.request("/webhooks/paystack", { method: "POST", body, headers: fake.webhookHeaders(body) });
  /** The payer pays Paynow's checkout `reference`, and Paynow posts its status update. */
  async function paidOnPaynow(reference: string) {
    paynowFake.approve(reference);
    const response = await app.request("/webhooks/paynow", {
      method: "POST",
      body: paynowFake.statusUpdate(reference),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(200);
  }
  async function rowOf(reference: string) {
    const [row] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.paymentReference, reference));
    return row!;
  }
  /** Opens a checkout by `method` (card: Paystack; paynow: Paynow's page); returns its reference. */
  async function checkout(user: TestUser, method: "card" | "paynow") {
    expect((await pay(user, { method })).status).toBe(302);
    const [open] = (await paymentsOf(user.id)).filter((r) => r.status === "pending");
    expect(open?.provider).toBe(method === "card" ? "paystack" : "paynow");
    return open!.paymentReference;
  }
  async function historyOf(user: TestUser) {
    return ((await runAs(user, loader, "/dashboard/payment")).data as { history: HistoryEntry[] })
      .history;
  }

  it("leaves one open checkout after parallel Pay clicks by card and by Paynow; paying them all takes one fee", async () => {
    const user = await createTestUser();
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => pay(user, { method: i % 3 === 0 ? "paynow" : "card" })),
    );
    for (const o of outcomes) expect(o.status).toBe(302);
    const rows = await paymentsOf(user.id);
    expect(rows.filter((r) => r.status === "pending")).toHaveLength(1);

    // The payer pays every checkout any tab was sent to, the open one first.
    const byAge = [...rows].sort(
      (a, b) => Number(b.status === "pending") - Number(a.status === "pending"),
    );
    for (const row of byAge) {
      if (row.provider === "paystack") {
        expect((await paystackWebhook(chargeSuccess(row.paymentReference))).status).toBe(200);
      } else {
        await paidOnPaynow(row.paymentReference);
      }
    }
    const after = await paymentsOf(user.id);
    expect(after.filter((r) => r.status === "completed" && !r.metadata?.overpayment)).toHaveLength(
      1,
    );
    // Nothing Paystack could give back is left for staff to refund by hand.
    expect(
      after.filter(
        (r) => r.provider === "paystack" && r.status === "completed" && r.metadata?.overpayment,
      ),
    ).toEqual([]);
    expect(await paymentMessagesTo(user)).toEqual({ receipts: 1, notices: 1 });
  });

  it("supersedes the open checkout when another provider is chosen; both paid, the card payment goes back once", async () => {
    const user = await createTestUser();
    const admin = await createTestUser({ role: "admin" });
    const paynowRef = await checkout(user, "paynow");
    const cardRef = await checkout(user, "card");
    expect(await rowOf(paynowRef)).toMatchObject({
      status: "abandoned",
      metadata: { superseded: true, supersededBy: cardRef },
    });
    expect((await paymentsOf(user.id)).filter((r) => r.status === "pending")).toHaveLength(1);

    // The Paynow tab was still open and is paid first: the fee, though its checkout was superseded.
    await paidOnPaynow(paynowRef);
    expect(await isPaid(user.id)).toBe(true);
    // Then the card tab: an overpayment, refunded through Paystack; replays and the return from
    // Paystack's page, together and again, refund nothing more.
    fake.outcome.set(cardRef, { status: "success" });
    const body = chargeSuccess(cardRef);
    const answers = await Promise.all([
      paystackWebhook(body),
      paystackWebhook(body),
      runAs(user, action, `/dashboard/payment?trxref=${cardRef}&reference=${cardRef}`, {
        form: { intent: "check", reference: cardRef },
      }),
      paystackWebhook(body),
    ]);
    expect(answers.map((a) => (a instanceof Response ? a.status : a.location))).toEqual([
      200,
      200,
      "/dashboard/payment?result=success",
      200,
    ]);
    expect((await paystackWebhook(body)).status).toBe(200);
    expect(fake.refunds.filter((r) => r.transaction === cardRef)).toEqual([
      { transaction: cardRef, amount: 9900 },
    ]);
    expect(await rowOf(paynowRef)).toMatchObject({ status: "completed", provider: "paynow" });
    expect(await rowOf(cardRef)).toMatchObject({
      status: "refunded",
      metadata: { overpayment: true, refundDue: false, refund: { automatic: true } },
    });
    expect(await paymentMessagesTo(user)).toEqual({ receipts: 1, notices: 1 });
    expect(await ctx.auditEntries(user.id, "payment.overpayment")).toHaveLength(1);
    expect(await ctx.auditEntries(user.id, "payment.refund_automatic")).toMatchObject([
      { actorId: null },
    ]);
    // Staff see it was refunded automatically; the applicant's history says so.
    const listed = await runAs(admin, adminPaymentsLoader, `/admin/payments?user=${user.id}`);
    expect((listed.data as StaffList).payments.items).toMatchObject([
      { reference: cardRef, status: "refunded", overpayment: "refundedAutomatically" },
      { reference: paynowRef, status: "completed", overpayment: null },
    ]);
    expect(await historyOf(user)).toMatchObject([
      { reference: cardRef, refundedAutomatically: true, refundDue: false },
      { reference: paynowRef, refundedAutomatically: false, refundDue: false },
    ]);
  });

  it("leaves a Paynow overpayment for staff to refund by hand (Paynow cannot refund), and tells them", async () => {
    const user = await createTestUser();
    const admin = await createTestUser({ role: "admin" });
    const banner = async () =>
      ((await runAs(admin, adminLayoutLoader, "/admin")).data as { overpayments: number })
        .overpayments;
    const bannerBefore = await banner();
    const cardRef = await checkout(user, "card");
    const paynowRef = await checkout(user, "paynow");
    expect(await rowOf(cardRef)).toMatchObject({
      status: "abandoned",
      metadata: { superseded: true, supersededBy: paynowRef },
    });

    // The superseded card checkout is paid, and the applicant comes back from Paystack's page:
    // asked, Paystack says paid, and it is the fee.
    fake.outcome.set(cardRef, { status: "success" });
    const back = await backFromCheckout(user, cardRef);
    expect(back.location).toBe("/dashboard/payment?result=success");
    expect(await isPaid(user.id)).toBe(true);
    // Then Paynow's page is paid too, and its update is sent twice.
    await paidOnPaynow(paynowRef);
    await paidOnPaynow(paynowRef);
    expect(await rowOf(paynowRef)).toMatchObject({
      status: "completed",
      metadata: { overpayment: true, refundDue: true },
    });
    expect(fake.refunds.filter((r) => r.transaction === paynowRef)).toEqual([]);
    expect(await ctx.auditEntries(user.id, "payment.overpayment")).toHaveLength(1);
    expect(await ctx.auditEntries(user.id, "payment.refund_automatic")).toEqual([]);
    expect(await banner()).toBe(bannerBefore + 1);
    const listed = await runAs(admin, adminPaymentsLoader, `/admin/payments?user=${user.id}`);
    expect((listed.data as StaffList).payments.items).toMatchObject([
      { reference: paynowRef, overpayment: "refundDue" },
      { reference: cardRef, overpayment: null },
    ]);
    expect((await historyOf(user)).filter((h) => h.refundDue)).toMatchObject([
      { reference: paynowRef },
    ]);
  });
});
