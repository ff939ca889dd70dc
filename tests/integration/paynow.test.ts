import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action, loader } from "~/app/routes/dashboard/payment";
import { payments } from "~/server/db/schema";
import { PaynowPaymentProvider } from "~/server/payments/paynow.server";
import { setPaymentProviders } from "~/server/payments/provider.server";
import { SimulatedPaymentProvider } from "~/server/payments/simulated.server";
import { createTestUser, runAs, type TestUser } from "./harness";
import { confirmTestCostSheet, setupPaymentTests } from "./payment-harness";
import { startFakePaynow } from "./paynow-fake";

const { ctx, app, paymentsOf, isPaid, paymentMessagesTo, expectPaidOnce } = setupPaymentTests();

const INTEGRATION_ID = "21436";
const INTEGRATION_KEY = "9f3c1b2e-5d7a-4e11-8c0f-2b6a9d4e7f10";
let fake: Awaited<ReturnType<typeof startFakePaynow>>;

function paynow(currency = "USD") {
  return new PaynowPaymentProvider({
    integrationId: INTEGRATION_ID,
    integrationKey: INTEGRATION_KEY,
    baseUrl: fake.url,
    currency,
    resultUrl: "http://localhost:3000/webhooks/paynow",
  });
}

beforeAll(async () => {
  fake = await startFakePaynow(INTEGRATION_ID, INTEGRATION_KEY);
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => setPaymentProviders([new SimulatedPaymentProvider(0), paynow()]));

async function pay(user: TestUser, form: Record<string, string>) {
  await confirmTestCostSheet(user);
  return runAs(user, action, "/dashboard/payment", { form });
}
function page(user: TestUser, query = "") {
  return runAs(user, loader, `/dashboard/payment${query}`);
}
/**
 * The page's "check" post: asks Paynow how the prompt (`prompt`) or checkout `reference` went. A
 * page load only reads our records.
 */
function check(user: TestUser, reference: string, prompt: boolean) {
  const form: Record<string, string> = { intent: "check", reference };
  if (prompt) form.prompt = "1";
  return runAs(user, action, `/dashboard/payment?waiting=${reference}`, { form });
}
/** Where the page waiting for the prompt `reference` sends the applicant once it checks. */
async function afterWaiting(user: TestUser, reference: string) {
  return (await check(user, reference, true)).location;
}
/** Makes the prompt `reference` four minutes old: past its wait. */
async function expirePrompt(reference: string) {
  await ctx.db
    .update(payments)
    .set({ createdAt: new Date(Date.now() - 4 * 60 * 1000) })
    .where(eq(payments.paymentReference, reference));
}
function resultUrl(body: string) {
  return app.request("/webhooks/paynow", {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

/** Sends an EcoCash prompt to 0771234567 and returns our reference for it. */
async function startEcocash(user: TestUser) {
  const outcome = await pay(user, { method: "ecocash", phone: "+263 77 123 4567" });
  expect(outcome.status).toBe(302);
  const reference = new URL(outcome.location!, "http://x").searchParams.get("waiting");
  expect(reference).toMatch(/^PAY_/);
  return reference!;
}

/** A new applicant whose EcoCash prompt is open on their phone. */
async function newPrompt() {
  const user = await createTestUser();
  return { user, reference: await startEcocash(user) };
}

describe("Paynow mobile money (express checkout)", () => {
  it("offers EcoCash and OneMoney first to someone in Zimbabwe, cards first elsewhere", async () => {
    const harare = await createTestUser({ country: "Zimbabwe" });
    // Someone in South Africa registered with the Harare office (Midrand charges no fee).
    const joburg = await createTestUser({ country: "South Africa", office: "Harare" });
    const methods = (d: unknown) =>
      (d as { methods: { method: string }[] }).methods.map((m) => m.method);
    expect(methods((await page(harare)).data)).toEqual(["ecocash", "onemoney", "paynow", "card"]);
    expect(methods((await page(joburg)).data)).toEqual(["card", "ecocash", "onemoney", "paynow"]);
  });

  it("sends the prompt with our amount and a hash Paynow accepts, then waits: pending → paid", async () => {
    const { user, reference } = await newPrompt();
    const tx = fake.byReference(reference);
    expect(tx).toMatchObject({
      amount: "99.00",
      phone: "0771234567",
      method: "ecocash",
      authEmail: user.email,
      resultUrl: "http://localhost:3000/webhooks/paynow",
    });
    expect(tx.returnUrl).toBe(`http://localhost:3000/dashboard/payment?reference=${reference}`);

    // The page waits while the phone has not answered, and says so.
    const waiting = await page(user, `?waiting=${reference}`);
    expect(waiting.data).toMatchObject({
      paid: false,
      waiting: { reference, wallet: "ecocash", phone: "0771234567", amountMinor: 9900 },
    });
    expect(await isPaid(user.id)).toBe(false);

    fake.approve(reference);
    // Loading the page writes nothing: it still waits until it checks (or Paynow's update comes).
    expect((await page(user, `?waiting=${reference}`)).data).toMatchObject({
      waiting: { reference },
    });
    expect(await isPaid(user.id)).toBe(false);
    const done = await check(user, reference, true);
    expect(done.location).toBe("/dashboard/payment?result=success");
    expect(await isPaid(user.id)).toBe(true);
    expect(await paymentsOf(user.id)).toMatchObject([
      {
        paymentReference: reference,
        status: "completed",
        provider: "paynow",
        paymentMethod: "ecocash",
        amountMinor: 9900,
        currency: "USD",
      },
    ]);
    expect(await paymentMessagesTo(user)).toEqual({ receipts: 1, notices: 1 });
  });

  it("pending → cancelled tells the applicant, takes nothing, and lets them send a new prompt", async () => {
    const { user, reference } = await newPrompt();
    fake.cancel(reference);
    const back = await check(user, reference, true);
    expect(back.location).toBe("/dashboard/payment?result=cancelled");
    // Recorded by the check: a reload of the waiting page goes to the outcome as well.
    expect((await page(user, `?waiting=${reference}`)).location).toBe(
      "/dashboard/payment?result=cancelled",
    );
    expect((await page(user, "?result=cancelled")).data).toMatchObject({
      result: "cancelled",
      paid: false,
      waiting: null,
    });
    expect(await paymentsOf(user.id)).toMatchObject([{ status: "abandoned" }]);

    const again = await startEcocash(user);
    expect(again).not.toBe(reference);
    fake.approve(again);
    expect(await afterWaiting(user, again)).toBe("/dashboard/payment?result=success");
    expect(await isPaid(user.id)).toBe(true);
  });

  it("a declined prompt is explained as declined", async () => {
    const { user, reference } = await newPrompt();
    fake.decline(reference);
    expect(await afterWaiting(user, reference)).toBe("/dashboard/payment?result=declined");
    expect(await isPaid(user.id)).toBe(false);
  });

  it("an unanswered prompt times out; approved late, it is still recorded once", async () => {
    const { user, reference } = await newPrompt();
    await expirePrompt(reference);
    expect(await afterWaiting(user, reference)).toBe("/dashboard/payment?result=timedOut");
    expect(await paymentsOf(user.id)).toMatchObject([{ status: "abandoned" }]);

    fake.approve(reference);
    expect((await resultUrl(fake.statusUpdate(reference))).status).toBe(200);
    expect(await isPaid(user.id)).toBe(true);
    expect(await paymentsOf(user.id)).toMatchObject([{ status: "completed" }]);
  });

  it("trying again after the prompt expired asks Paynow first: approved late, nothing is sent twice", async () => {
    const { user, reference } = await newPrompt();
    await expirePrompt(reference);
    // Approved on the phone just now; Paynow's status update has not arrived.
    fake.approve(reference);
    const before = fake.transactions.size;
    const again = await pay(user, { method: "ecocash", phone: "0771234567" });
    expect(again.location).toBe("/dashboard/payment?result=success");
    expect(fake.transactions.size).toBe(before);
    expect(await paymentsOf(user.id)).toMatchObject([{ status: "completed" }]);
  });

  it("a second click while the prompt is open sends no second prompt", async () => {
    const user = await createTestUser();
    const first = await startEcocash(user);
    const before = fake.transactions.size;
    const second = await startEcocash(user);
    expect(second).toBe(first);
    expect(fake.transactions.size).toBe(before);
  });

  it("survives a closed browser: the page finds the open prompt, the result URL completes it", async () => {
    const { user, reference } = await newPrompt();
    // The applicant comes back later to the plain address.
    expect((await page(user)).data).toMatchObject({ waiting: { reference } });
    // Meanwhile they approved and Paynow told our server, with no browser open.
    fake.approve(reference);
    expect((await resultUrl(fake.statusUpdate(reference))).status).toBe(200);
    expect(await isPaid(user.id)).toBe(true);
    expect(await paymentMessagesTo(user)).toEqual({ receipts: 1, notices: 1 });
  });

  it("checks the number against the wallet, with a message for each mistake", async () => {
    const user = await createTestUser();
    const cases: [Record<string, string>, string][] = [
      [{ method: "ecocash", phone: "" }, "errors.phoneRequired"],
      [{ method: "ecocash", phone: "12345" }, "errors.phoneInvalid"],
      [{ method: "ecocash", phone: "0711234567" }, "errors.notEcocash"],
      [{ method: "onemoney", phone: "0771234567" }, "errors.notOnemoney"],
    ];
    for (const [form, message] of cases) {
      const outcome = await pay(user, form);
      expect(outcome.status).toBe(400);
      expect(outcome.data).toMatchObject({ result: { error: { phone: [message] } } });
    }
    expect(await paymentsOf(user.id)).toEqual([]);
  });
});

describe("Paynow's result URL and poll", () => {
  it("refuses a forged status update, and believes a signed one only after polling", async () => {
    const { user, reference } = await newPrompt();
    const polls = fake.polls;

    // No hash, a hash made with another key, a signed message altered afterwards.
    const signed = fake.statusUpdate(reference, INTEGRATION_KEY, { status: "Paid" });
    const unsigned = signed.replace(/&hash=[0-9A-F]+$/, "");
    expect((await resultUrl(unsigned)).status).toBe(401);
    expect(
      (await resultUrl(fake.statusUpdate(reference, "another-key", { status: "Paid" }))).status,
    ).toBe(401);
    expect((await resultUrl(signed.replace("amount=99.00", "amount=1.00"))).status).toBe(401);
    expect(fake.polls).toBe(polls);
    expect(await isPaid(user.id)).toBe(false);

    // Correctly signed "Paid", but Paynow's poll says the phone has not answered: not paid.
    expect((await resultUrl(signed)).status).toBe(200);
    expect(fake.polls).toBe(polls + 1);
    expect(await isPaid(user.id)).toBe(false);
    expect(await paymentsOf(user.id)).toMatchObject([{ status: "pending" }]);
  });

  it("refuses a payment whose amount Paynow reports below what we asked", async () => {
    const { user, reference } = await newPrompt();
    fake.approve(reference);
    fake.byReference(reference).reportedAmount = "1.00";
    expect((await resultUrl(fake.statusUpdate(reference))).status).toBe(200);
    expect(await isPaid(user.id)).toBe(false);
    expect(await paymentsOf(user.id)).toMatchObject([{ status: "failed" }]);
  });

  it("never starts a payment in a currency the integration does not take", async () => {
    // A ZWG integration and no fee set in ZWG: the page offers no Paynow way, the action refuses.
    const zwg = paynow("ZWG");
    setPaymentProviders([new SimulatedPaymentProvider(0), zwg]);
    const user = await createTestUser();
    const before = fake.transactions.size;
    const offered = (await page(user)).data as { methods: { method: string }[] };
    expect(offered.methods.map((m) => m.method)).toEqual(["card"]);
    const outcome = await pay(user, { method: "ecocash", phone: "0771234567" });
    expect(outcome.status).toBe(400);
    expect(outcome.data).toMatchObject({
      flash: { ok: false, message: "errors.methodUnavailable" },
    });
    // And the provider itself refuses a checkout in another currency.
    const direct = await zwg.createCheckout({
      user: { id: user.id, email: user.email, fullName: user.fullName },
      amountMinor: 9900,
      currency: "USD",
      reference: "PAY_DIRECT",
      callbackUrl: "http://localhost:3000/dashboard/payment",
    });
    expect(direct.kind).toBe("failed");
    expect(fake.transactions.size).toBe(before);
    expect(await paymentsOf(user.id)).toEqual([]);
  });

  it("records once however the result, polls and returns arrive: twice, together, in any order", async () => {
    const { user, reference } = await newPrompt();
    fake.approve(reference);
    const update = fake.statusUpdate(reference);
    const answers = await Promise.all([
      resultUrl(update),
      check(user, reference, true),
      check(user, reference, false),
      resultUrl(update),
      check(user, reference, true),
      check(user, reference, false),
      resultUrl(update),
    ]);
    for (const a of answers) {
      if (a instanceof Response) expect(a.status).toBe(200);
      else expect(a.location).toBe("/dashboard/payment?result=success");
    }
    // And again later, one by one.
    expect((await resultUrl(update)).status).toBe(200);
    expect((await page(user, `?reference=${reference}`)).location).toBe(
      "/dashboard/payment?result=success",
    );
    await expectPaidOnce(user);
  });

  it("acknowledges a signed update for a reference we never started, and changes nothing", async () => {
    const { user, reference } = await newPrompt();
    const update = fake.statusUpdate(reference, INTEGRATION_KEY, { reference: "PAY_NOT_OURS" });
    expect((await resultUrl(update)).status).toBe(200);
    expect(await paymentsOf(user.id)).toMatchObject([{ status: "pending" }]);
  });
});

describe("Paynow web checkout", () => {
  it("sends the applicant to Paynow and confirms on return by polling", async () => {
    const user = await createTestUser();
    const outcome = await pay(user, { method: "paynow" });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toMatch(new RegExp(`^${fake.url}/Payment/ConfirmPayment/`));
    const [row] = await paymentsOf(user.id);
    expect(row).toMatchObject({ status: "pending", provider: "paynow" });

    // Another click goes to the same checkout.
    expect((await pay(user, { method: "paynow" })).location).toBe(outcome.location);

    // Back on the page: it shows that it is checking, and its check asks Paynow.
    expect((await page(user, `?reference=${row!.paymentReference}`)).data).toMatchObject({
      checking: { reference: row!.paymentReference },
    });
    // Back without paying: still pending, nothing recorded.
    expect((await check(user, row!.paymentReference, false)).location).toBe(
      "/dashboard/payment?result=pending",
    );
    fake.approve(row!.paymentReference);
    expect((await check(user, row!.paymentReference, false)).location).toBe(
      "/dashboard/payment?result=success",
    );
    expect(await paymentsOf(user.id)).toMatchObject([
      { status: "completed", paymentMethod: "paynow", provider: "paynow" },
    ]);
  });

  it("does not let one applicant's return settle another's reference", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const reference = await startEcocash(owner);
    fake.approve(reference);
    expect((await page(other, `?reference=${reference}`)).location).toBe(
      "/dashboard/payment?result=failed",
    );
    expect((await check(other, reference, false)).location).toBe(
      "/dashboard/payment?result=failed",
    );
    expect(await isPaid(other.id)).toBe(false);
  });
});
