import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { action, loader } from "~/app/routes/admin/payments";
import { loader as receiptLoader } from "~/app/routes/receipt";
import { registerAdminExportEndpoints } from "~/server/admin/export-endpoints.server";
import { payments, profiles } from "~/server/db/schema";
import { getSiteSettings, updateSiteSettings } from "~/server/settings/settings.server";
import { recordTestPayment } from "./payment-harness";
import { createTestUser, fetchAs, runAs, setupTestDatabase, type TestUser } from "./harness";

const ctx = setupTestDatabase();

let counter = 0;
async function paid(
  user: TestUser,
  provider: "paynow" | "paystack" | "simulated",
  method = "ecocash",
  at?: Date,
) {
  const reference = `PAY_STAFF_${++counter}_${user.id.slice(0, 8)}`;
  const row = await recordTestPayment(ctx.db, user, reference, { method, provider });
  if (!at) return row;
  const [dated] = await ctx.db
    .update(payments)
    .set({ paymentDate: at, createdAt: at })
    .where(eq(payments.id, row.id))
    .returning();
  return dated!;
}

type Listed = { payments: { items: { id: string; provider: string; status: string }[] } };
async function list(user: TestUser, query = "") {
  return runAs(user, loader, `/admin/payments${query}`);
}
async function isPaid(userId: string) {
  const [p] = await ctx.db.select().from(profiles).where(eq(profiles.id, userId));
  return p!.registrationFeePaid;
}
function refund(user: TestUser, paymentId: string, reason = "Paid twice by mistake") {
  return runAs(user, action, "/admin/payments", { form: { paymentId, reason } });
}

describe("the staff payments list", () => {
  it("shows every payment to staff, filtered by provider, status, date and person", async () => {
    const manager = await createTestUser({ role: "manager" });
    const tendai = await createTestUser({ fullName: "Tendai Paynowlist" });
    const thabo = await createTestUser({ fullName: "Thabo Paystacklist", country: "South Africa" });
    const ecocash = await paid(tendai, "paynow", "ecocash", new Date("2031-03-10T08:00:00Z"));
    const card = await paid(thabo, "paystack", "card", new Date("2031-03-12T08:00:00Z"));

    const ids = (page: { data: unknown }) => (page.data as Listed).payments.items.map((p) => p.id);
    const byProvider = await list(manager, "?provider=paynow&from=2031-03-01&to=2031-03-31");
    expect(ids(byProvider)).toContain(ecocash.id);
    expect(ids(byProvider)).not.toContain(card.id);
    // Both days included, in the agency's time zone.
    expect(ids(await list(manager, "?from=2031-03-12&to=2031-03-12"))).toEqual([card.id]);
    expect(ids(await list(manager, `?user=${tendai.id}`))).toEqual([ecocash.id]);
    expect(ids(await list(manager, "?status=refunded&from=2031-03-01"))).toEqual([]);

    const applicant = await createTestUser();
    expect((await list(applicant)).location).toBe("/dashboard");
  });

  it("exports the filtered list as CSV to staff", async () => {
    const app = new Hono();
    registerAdminExportEndpoints(app);
    const manager = await createTestUser({ role: "manager" });
    const user = await createTestUser({ fullName: "Rudo Csvpay" });
    const row = await paid(user, "paynow", "onemoney", new Date("2032-05-05T10:00:00Z"));
    const response = await fetchAs(
      app,
      manager,
      "/exports/payments.csv?provider=paynow&from=2032-05-05&to=2032-05-05",
    );
    expect(response.status).toBe(200);
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Date,Name,Email,Amount,Currency,Provider,Method,Status,Reference,Receipt number",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `Rudo Csvpay,${user.email},99.00,USD,paynow,onemoney,completed,${row.paymentReference},${row.receiptNumber}`,
    );
    const applicant = await createTestUser();
    expect((await fetchAs(app, applicant, "/exports/payments.csv")).status).toBe(403);
  });
});

describe("refunds", () => {
  it("an admin records a refund: audited, the receipt kept, premium access back per the policy", async () => {
    const admin = await createTestUser({ role: "admin" });
    const manager = await createTestUser({ role: "manager" });
    const user = await createTestUser();
    const payment = await paid(user, "paynow");
    expect(await isPaid(user.id)).toBe(true);

    // Managers see payments but do not refund them.
    expect((await refund(manager, payment.id)).location).toBe("/dashboard");
    // A reason is needed.
    expect((await refund(admin, payment.id, "")).status).toBe(400);

    const done = await refund(admin, payment.id);
    expect(done.location).toBe("/admin/payments?done=refundedAccessRemoved");
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: "refunded", receiptNumber: payment.receiptNumber });
    expect(row!.metadata).toMatchObject({
      refund: { by: admin.id, reason: "Paid twice by mistake" },
    });
    expect(await isPaid(user.id)).toBe(false);
    const audits = await ctx.auditEntries(user.id, "payment.refund");
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: admin.id });
    // The applicant is told, as for a refund a refund rule asked for.
    const told = (await ctx.mailsTo(user.email)).filter((m) => m.subject.startsWith("Refund:"));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain("Paid twice by mistake");
    // The receipt says how much was given back and why.
    const receipt = await runAs(user, receiptLoader, `/receipts/${payment.id}`, {
      params: { paymentId: payment.id },
    });
    const refundLine = (receipt.data as { receipt: { refund: unknown } }).receipt.refund;
    expect(refundLine).toMatchObject({
      amountMinor: payment.amountMinor,
      reason: "Paid twice by mistake",
    });

    // Once only.
    const again = await refund(admin, payment.id);
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ flash: { message: "payments.errors.notCompleted" } });
  });

  it("keeps premium access when the policy says so, or when the refund was an overpayment", async () => {
    const admin = await createTestUser({ role: "admin" });
    const user = await createTestUser();
    await paid(user, "paynow");
    const extra = await paid(user, "paystack", "card");
    expect(extra.metadata).toMatchObject({ overpayment: true });
    expect((await refund(admin, extra.id)).location).toBe("/admin/payments?done=refunded");
    expect(await isPaid(user.id)).toBe(true);

    const settings = await getSiteSettings();
    await updateSiteSettings({
      actor: admin,
      value: { ...settings, payments: { ...settings.payments, refundRemovesAccess: false } },
    });
    try {
      const other = await createTestUser();
      const fee = await paid(other, "simulated", "credit_card");
      expect((await refund(admin, fee.id)).location).toBe("/admin/payments?done=refunded");
      expect(await isPaid(other.id)).toBe(true);
    } finally {
      await updateSiteSettings({ actor: admin, value: settings });
    }
  });
});
