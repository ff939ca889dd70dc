import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { action, loader } from "~/app/routes/dashboard/payment";
import { loader as receiptLoader } from "~/app/routes/receipt";
import { costSheetConfirmations, feePolicies } from "~/server/db/schema";
import { registrationPolicyOf } from "~/server/fees/cost-sheet.server";
import { setPaymentProvider } from "~/server/payments/provider.server";
import { SimulatedPaymentProvider } from "~/server/payments/simulated.server";
import { createTestUser, runAs, type TestUser } from "./harness";
import { confirmTestCostSheet, setupPaymentTests } from "./payment-harness";

// Written costs before any payment, and no payment step where no fee applies.
const { ctx, paymentsOf, isPaid } = setupPaymentTests();

beforeEach(() => setPaymentProvider(new SimulatedPaymentProvider(0)));

const page = (user: TestUser) => runAs(user, loader, "/dashboard/payment");
const pay = (user: TestUser) =>
  runAs(user, action, "/dashboard/payment", { form: { method: "card" } });
const confirm = (user: TestUser, form: Record<string, string>) =>
  runAs(user, action, "/dashboard/payment", { form: { intent: "confirm-sheet", ...form } });

describe("the cost sheet", () => {
  it("no payment is possible before the applicant confirms the sheet of their policy's version", async () => {
    const user = await createTestUser({ office: "Harare" });
    const before = await page(user);
    expect(before.data).toMatchObject({
      feeDue: true,
      sheet: { kind: "registration", version: 1, confirmedAt: null },
    });
    expect((before.data as { sheet: { legalBasis: string } }).sheet.legalBasis).toContain("SI 223");

    const refused = await pay(user);
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ flash: { message: "errors.sheetUnconfirmed" } });
    expect(await paymentsOf(user.id)).toHaveLength(0);

    // The box must be ticked.
    const { sheet } = before.data as { sheet: { policyId: string; version: number } };
    const unticked = await confirm(user, { policyId: sheet.policyId, version: "1" });
    expect(unticked.status).toBe(400);
    expect(await ctx.rowsWhere(costSheetConfirmations, "userId", user.id)).toHaveLength(0);

    expect(
      await confirm(user, { policyId: sheet.policyId, version: "1", confirm: "on" }),
    ).toMatchObject({ status: 302, location: "/dashboard/payment" });
    const after = await page(user);
    expect(
      (after.data as { sheet: { confirmedAt: string | null } }).sheet.confirmedAt,
    ).toBeTruthy();

    expect(await pay(user)).toMatchObject({ location: "/dashboard/payment?result=success" });
    const [payment] = await paymentsOf(user.id);
    expect(payment!.metadata).toMatchObject({
      costSheet: { policyId: sheet.policyId, policyVersion: 1 },
    });
    // The receipt prints the cost sheet confirmed: the policy version and when.
    const receipt = await runAs(user, receiptLoader, `/receipts/${payment!.id}`, {
      params: { paymentId: payment!.id },
    });
    expect(receipt.data).toMatchObject({
      receipt: { costSheet: { policyVersion: 1, confirmedAt: expect.any(String) } },
    });
  });

  it("a sheet confirmed before the policy changed does not let anyone pay under the new one", async () => {
    const user = await createTestUser({ office: "Harare" });
    await confirmTestCostSheet(user);
    const policy = await registrationPolicyOf(user.id);
    await ctx.db
      .update(feePolicies)
      .set({ version: policy.version + 1 })
      .where(eq(feePolicies.id, policy.id));
    try {
      expect(await pay(user)).toMatchObject({ status: 409 });
      const stale = await confirm(user, {
        policyId: policy.id,
        version: String(policy.version),
        confirm: "on",
      });
      expect(stale).toMatchObject({ status: 409, data: { flash: { message: "sheet.changed" } } });
      expect(await paymentsOf(user.id)).toHaveLength(0);
    } finally {
      await ctx.db
        .update(feePolicies)
        .set({ version: policy.version })
        .where(eq(feePolicies.id, policy.id));
    }
  });

  it("parallel payment attempts after confirming give one charge", async () => {
    const user = await createTestUser({ office: "Harare" });
    await confirmTestCostSheet(user);
    await Promise.all(Array.from({ length: 4 }, () => pay(user)));
    const completed = (await paymentsOf(user.id)).filter((p) => p.status === "completed");
    expect(completed).toHaveLength(1);
    expect(await isPaid(user.id)).toBe(true);
  });
});

describe("an applicant under no fee", () => {
  it("sees no payment step, cannot be charged, and has nothing to confirm", async () => {
    const user = await createTestUser({ office: "Midrand", country: "South Africa" });
    const data = (await page(user)).data as {
      feeDue: boolean;
      methods: unknown[];
      sheet: { kind: string; legalBasis: string };
      registration: { profileComplete: boolean; hasCv: boolean; premiumUnlocked: boolean };
    };
    expect(data.feeDue).toBe(false);
    expect(data.methods).toEqual([]);
    expect(data.sheet.kind).toBe("none");
    expect(data.sheet.legalBasis).toContain("Employment Services Act");
    expect(data.registration).toEqual({
      profileComplete: false,
      hasCv: false,
      premiumUnlocked: false,
    });

    expect(await pay(user)).toMatchObject({ status: 302, location: "/dashboard/payment" });
    const policy = await registrationPolicyOf(user.id);
    expect(
      await confirm(user, { policyId: policy.id, version: String(policy.version), confirm: "on" }),
    ).toMatchObject({ status: 302 });
    expect(await paymentsOf(user.id)).toHaveLength(0);
    expect(await ctx.rowsWhere(costSheetConfirmations, "userId", user.id)).toHaveLength(0);
  });
});
