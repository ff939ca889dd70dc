import { setTimeout as sleep } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as todosAction, loader as todosLoader } from "~/app/routes/admin/todos";
import { loader as paymentLoader } from "~/app/routes/dashboard/payment";
import { changeApplicationStatus } from "~/server/applications/staff.server";
import { withdrawOwnApplication } from "~/server/applications/withdraw.server";
import {
  applicationStatusHistory,
  feePolicies,
  notifications,
  payments,
  staffTodos,
} from "~/server/db/schema";
import { recordRefundFromTodo } from "~/server/fees/record-refund.server";
import {
  openNoOfferRefundTodos,
  REFUND_TODO_AUDIT_ACTION,
} from "~/server/fees/refund-todos.server";
import { setPaymentProviders } from "~/server/payments/provider.server";
import { SimulatedPaymentProvider } from "~/server/payments/simulated.server";
import { createTestUser, EVERY_OFFICE, runAs, type TestUser } from "./harness";
import { recordTestPayment, setupPaymentTests } from "./payment-harness";

// Refunds that follow the rule: an outcome the refund rule of a person's fee
// names gives staff exactly one to-do, and recording the refund happens once.
const { ctx } = setupPaymentTests();

/** The simulated provider, counting the refunds it is asked for (slowly, as a real one answers). */
function countingProvider() {
  const refunds: { reference: string; amountMinor: number }[] = [];
  return Object.assign(new SimulatedPaymentProvider(0), {
    refunds,
    async refund(reference: string, amountMinor: number) {
      await sleep(30);
      refunds.push({ reference, amountMinor });
      return { providerRefundId: `rf_${refunds.length}`, status: "processed" };
    },
  });
}
let provider: ReturnType<typeof countingProvider>;
beforeEach(() => {
  provider = countingProvider();
  setPaymentProviders([provider]);
});

async function setHarareOutcomes(outcomes: { statuses: string[]; noOfferDays: number | null }) {
  await ctx.db
    .update(feePolicies)
    .set({ refundOutcomes: outcomes as never })
    .where(eq(feePolicies.office, "Harare"));
}
beforeAll(() => setHarareOutcomes({ statuses: ["visa_refused", "withdrawn"], noOfferDays: 180 }));
afterAll(() => setHarareOutcomes({ statuses: [], noOfferDays: null }));

let counter = 0;
async function paidApplicant() {
  const user = await createTestUser({ office: "Harare" });
  const payment = await recordTestPayment(ctx.db, user, `ref-outcome-${++counter}-${user.id}`);
  return { user, payment };
}
const todosOf = (user: TestUser) => ctx.rowsWhere(staffTodos, "userId", user.id);

describe("a refund outcome creates exactly one to-do", () => {
  it("when staff set the visa refused, twice, and in parallel on two applications", async () => {
    const admin = await createTestUser({ role: "admin" });
    const { user, payment } = await paidApplicant();
    const first = await ctx.createTestApplication(user, { status: "visa_process_started" });
    const second = await ctx.createTestApplication(user, { status: "visa_process_started" });
    const refuse = (applicationId: string) =>
      changeApplicationStatus({ actor: admin, applicationId, status: "visa_refused" });
    await Promise.all([refuse(first), refuse(second)]);
    await refuse(first);

    const todos = await todosOf(user);
    expect(todos).toHaveLength(1);
    expect(todos[0]).toMatchObject({
      kind: "refund",
      paymentId: payment.id,
      outcome: "status:visa_refused",
      doneAt: null,
    });
    expect(await ctx.auditEntries(user.id, REFUND_TODO_AUDIT_ACTION)).toHaveLength(1);
  });

  it("when the applicant withdraws, if the rule names it; not for an outcome it does not name", async () => {
    const admin = await createTestUser({ role: "admin" });
    const { user } = await paidApplicant();
    const app = await ctx.createTestApplication(user, { status: "job_matched" });
    await ctx.verifyDocuments(user);
    await changeApplicationStatus({ actor: admin, applicationId: app, status: "departed" });
    expect(await todosOf(user)).toEqual([]);

    const other = await ctx.createTestApplication(user, { status: "job_matched" });
    expect(await withdrawOwnApplication({ viewer: user, applicationId: other })).toMatchObject({
      ok: true,
    });
    expect(await todosOf(user)).toMatchObject([{ outcome: "status:withdrawn" }]);
  });

  it("not for someone who paid no fee", async () => {
    const admin = await createTestUser({ role: "admin" });
    const user = await createTestUser({ office: "Harare" });
    const app = await ctx.createTestApplication(user, { status: "visa_process_started" });
    await changeApplicationStatus({ actor: admin, applicationId: app, status: "visa_refused" });
    expect(await todosOf(user)).toEqual([]);
  });

  it("when no offer came within the rule's days of paying: once, and never after an offer", async () => {
    const { user, payment } = await paidApplicant();
    const { user: offered, payment: offeredPayment } = await paidApplicant();
    const { user: recent } = await paidApplicant();
    const longAgo = new Date(Date.now() - 181 * 24 * 60 * 60 * 1000);
    for (const id of [payment.id, offeredPayment.id]) {
      await ctx.db.update(payments).set({ paymentDate: longAgo }).where(eq(payments.id, id));
    }
    await ctx.createTestApplication(user, { status: "job_matched" });
    const app = await ctx.createTestApplication(offered, { status: "job_matched" });
    // An offer that came, even if the application later ended otherwise.
    await ctx.db
      .insert(applicationStatusHistory)
      .values({ applicationId: app, fromStatus: "job_matched", toStatus: "offer_received" });

    await Promise.all([openNoOfferRefundTodos(), openNoOfferRefundTodos()]);
    await openNoOfferRefundTodos();
    expect(await todosOf(user)).toMatchObject([{ outcome: "noOffer:180", paymentId: payment.id }]);
    expect(await todosOf(offered)).toEqual([]);
    expect(await todosOf(recent)).toEqual([]);
  });
});

describe("recording the refund of a to-do", () => {
  async function openTodo() {
    const admin = await createTestUser({ role: "admin" });
    const { user, payment } = await paidApplicant();
    const app = await ctx.createTestApplication(user, { status: "visa_process_started" });
    await changeApplicationStatus({ actor: admin, applicationId: app, status: "visa_refused" });
    const [todo] = await todosOf(user);
    return { admin, user, payment, todo: todo! };
  }

  it("refunds through the provider once, however many admins press it, and tells the applicant", async () => {
    const { admin, user, payment, todo } = await openTodo();
    const record = () =>
      recordRefundFromTodo({
        actor: admin,
        scope: EVERY_OFFICE,
        todoId: todo.id,
        amountMinor: null,
        reason: "Your visa was refused.",
      });
    const outcomes = await Promise.all([record(), record(), record()]);
    expect(outcomes.filter((o) => o.kind === "refunded")).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind !== "refunded").map((o) => o.kind)).toEqual(
      expect.arrayContaining(["inProgress"]),
    );
    expect(await record()).toEqual({ kind: "done" });

    expect(provider.refunds).toEqual([{ reference: payment.paymentReference, amountMinor: 9900 }]);
    const [row] = await ctx.rowsWhere(payments, "id", payment.id);
    expect(row).toMatchObject({
      status: "refunded",
      metadata: { refund: { by: admin.id, amountMinor: 9900, providerRefundId: "rf_1" } },
    });
    expect(await todosOf(user)).toMatchObject([{ doneBy: admin.id }]);
    expect(await ctx.auditEntries(user.id, "payment.refund")).toHaveLength(1);
    const notices = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.id));
    expect(notices.filter((n) => n.kind === "payment_refunded")).toHaveLength(1);
    const mails = (await ctx.mailsTo(user.email)).filter((m) => m.subject.startsWith("Refund:"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Your visa was refused.");

    // The applicant's payment history says how much came back, and why.
    const page = await runAs(user, paymentLoader, "/dashboard/payment");
    const history = (page.data as { history: { id: string; refunded: unknown }[] }).history;
    expect(history.find((h) => h.id === payment.id)?.refunded).toEqual({
      amountMinor: 9900,
      reason: "Your visa was refused.",
    });
  });

  it("records a partial refund made by hand for a provider that cannot refund", async () => {
    const admin = await createTestUser({ role: "admin" });
    const user = await createTestUser({ office: "Harare" });
    const payment = await recordTestPayment(ctx.db, user, `ref-paynow-${user.id}`, {
      provider: "paynow",
      method: "ecocash",
    });
    const app = await ctx.createTestApplication(user, { status: "visa_process_started" });
    await changeApplicationStatus({ actor: admin, applicationId: app, status: "visa_refused" });
    const [todo] = await todosOf(user);
    const tooMuch = await recordRefundFromTodo({
      actor: admin,
      scope: EVERY_OFFICE,
      todoId: todo!.id,
      amountMinor: 10000,
      reason: "Half, as agreed.",
    });
    expect(tooMuch).toEqual({ kind: "tooMuch", maxMinor: 9900 });
    expect(
      await recordRefundFromTodo({
        actor: admin,
        scope: EVERY_OFFICE,
        todoId: todo!.id,
        amountMinor: 4950,
        reason: "Half, as agreed.",
      }),
    ).toEqual({ kind: "refunded", amountMinor: 4950, throughProvider: false });
    expect(provider.refunds).toEqual([]);
    const [row] = await ctx.rowsWhere(payments, "id", payment.id);
    expect(row?.metadata).toMatchObject({ refund: { amountMinor: 4950, manual: true } });
  });

  it("is seen by staff of the applicant's office and recorded by admins only", async () => {
    const { user, todo } = await openTodo();
    const midrandManager = await createTestUser({ role: "manager", office: "Midrand" });
    const harareManager = await createTestUser({ role: "manager", office: "Harare" });
    const form = { todoId: todo.id, reason: "Visa refused." };
    const openIds = (page: { data: unknown }) =>
      (page.data as { open: { id: string }[] }).open.map((o) => o.id);

    expect(openIds(await runAs(midrandManager, todosLoader, "/admin/todos"))).not.toContain(
      todo.id,
    );
    const managerPage = await runAs(harareManager, todosLoader, "/admin/todos");
    expect(managerPage.data).toMatchObject({ canRefund: false });
    expect(openIds(managerPage)).toContain(todo.id);
    expect(await runAs(harareManager, todosAction, "/admin/todos", { form })).toMatchObject({
      status: 302,
    });
    expect(await runAs(user, todosLoader, "/admin/todos")).toMatchObject({ status: 302 });
    // The service itself refuses a to-do outside the scope it is given.
    const midrandOnly = { all: false, offices: ["Midrand"], allOffices: ["Harare", "Midrand"] };
    expect(
      await recordRefundFromTodo({
        actor: harareManager,
        scope: midrandOnly,
        todoId: todo.id,
        amountMinor: null,
        reason: "Visa refused.",
      }),
    ).toEqual({ kind: "notFound" });
    expect(await todosOf(user)).toMatchObject([{ doneAt: null }]);
  });
});
