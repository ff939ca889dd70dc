import { eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pdfBytes, pdfText } from "~/server/pdf/pdf-text.test-helper";
import { loader as receiptLoader } from "~/app/routes/receipt";
import { loader as pdfLoader } from "~/app/routes/resources/receipt-pdf";
import { profiles } from "~/server/db/schema";
import { db } from "~/server/db/client.server";
import { payments } from "~/server/db/schema";
import { allocateReceiptNumber, receiptYear } from "~/server/payments/receipts.server";
import { setRegistrationPaid } from "~/server/users/staff.server";
import { recordTestPayment } from "./payment-harness";
import { createTestUser, requestAs, runAs, setupTestDatabase, type TestUser } from "./harness";

const ctx = setupTestDatabase();

const paySimulated = (user: TestUser) =>
  recordTestPayment(ctx.db, user, `PAY_RCPT_${user.id.slice(0, 12)}`);

function numberOf(receipt: string) {
  const match = receipt.match(/^R-(\d{4})-(\d{6})$/);
  expect(match).not.toBeNull();
  return { year: Number(match![1]), n: Number(match![2]) };
}

describe("receipt numbers", () => {
  it("are unique and gapless within the year, however many payments arrive at once", async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => createTestUser()));
    await Promise.all(users.map((u) => paySimulated(u)));
    const rows = await ctx.db.select().from(payments).where(isNotNull(payments.receiptNumber));
    const numbers = rows.map((r) => numberOf(r.receiptNumber!));
    expect(new Set(numbers.map((x) => x.year))).toEqual(new Set([receiptYear(new Date())]));
    const ns = numbers.map((x) => x.n).sort((a, b) => a - b);
    expect(ns).toEqual(Array.from({ length: ns.length }, (_, i) => ns[0]! + i));
    expect(new Set(ns).size).toBe(ns.length);
  });

  it("a payment whose transaction is rolled back gives its number back", async () => {
    const at = new Date("2031-06-01T10:00:00Z");
    const first = await db().transaction((tx) => allocateReceiptNumber(tx, at));
    await expect(
      db().transaction(async (tx) => {
        await allocateReceiptNumber(tx, at);
        throw new Error("the payment could not be recorded");
      }),
    ).rejects.toThrow();
    const next = await db().transaction((tx) => allocateReceiptNumber(tx, at));
    expect(numberOf(first).n + 1).toBe(numberOf(next).n);
    // A new year starts again at 1, in the agency's time zone (23:30 UTC on 31 December is
    // already 1 January in Harare).
    expect(
      await db().transaction((tx) => allocateReceiptNumber(tx, new Date("2032-12-31T23:30:00Z"))),
    ).toBe("R-2033-000001");
  });

  it("a fee staff mark paid by hand gets one too", async () => {
    const admin = await createTestUser({ role: "admin" });
    const user = await createTestUser();
    await setRegistrationPaid({
      actor: admin,
      userId: user.id,
      paid: true,
      reference: `CASH-${user.id}`,
    });
    const [row] = await ctx.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(row!.receiptNumber).toMatch(/^R-\d{4}-\d{6}$/);
  });
});

describe("the printable receipt", () => {
  it("shows the payer, the agency, amount, method and reference to its payer and to staff only", async () => {
    const user = await createTestUser({ fullName: "Rudo Moyo" });
    const payment = await paySimulated(user);
    const path = `/receipts/${payment.id}`;
    const params = { paymentId: payment.id };

    const own = await runAs(user, receiptLoader, path, { params });
    expect(own.data).toMatchObject({
      receipt: {
        receiptNumber: payment.receiptNumber,
        amountMinor: 9900,
        currency: "USD",
        method: "credit_card",
        reference: payment.paymentReference,
        payerName: "Rudo Moyo",
        payerEmail: user.email,
      },
      agency: { name: "Passage", address: expect.stringContaining("Harare") },
      back: "/dashboard/payment",
    });

    const manager = await createTestUser({ role: "manager" });
    const staff = await runAs(manager, receiptLoader, path, { params });
    expect(staff.data).toMatchObject({ receipt: { receiptNumber: payment.receiptNumber } });

    const other = await createTestUser();
    expect((await runAs(other, receiptLoader, path, { params })).status).toBe(404);
    const visitor = await runAs(null, receiptLoader, path, { params });
    expect(visitor.location).toMatch(/^\/auth\?redirectTo=/);
    const unknown = { paymentId: "00000000-0000-4000-8000-000000000000" };
    expect((await runAs(user, receiptLoader, path, { params: unknown })).status).toBe(404);
  });
});

describe("the PDF receipt", () => {
  it("is a one-page PDF in the viewer's language, for its payer and staff only", async () => {
    const user = await createTestUser({ fullName: "Célia Mondlane" });
    await ctx.db.update(profiles).set({ preferredLanguage: "fr" }).where(eq(profiles.id, user.id));
    const payment = await paySimulated(user);
    const path = `/receipts/${payment.id}/pdf`;
    const params = { paymentId: payment.id };
    const request = async (who: TestUser) =>
      (pdfLoader as (a: unknown) => Promise<Response>)({
        request: await requestAs(who, path),
        params,
        context: {},
      });

    const response = await request(user);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const pdf = new Uint8Array(await response.arrayBuffer());
    expect(pdfBytes(pdf).startsWith("%PDF-1.7")).toBe(true);
    expect(pdfBytes(pdf).trimEnd().endsWith("%%EOF")).toBe(true);
    expect(pdfBytes(pdf)).toMatch(/\/Lang \(fr\)/);
    const text = await pdfText(pdf);
    expect(text).toContain(payment.receiptNumber!);
    expect(text).toContain("Célia Mondlane");
    expect(text).toContain("Reçu");
    expect(text).toMatch(/Frais d[’']inscription/);

    const manager = await createTestUser({ role: "manager" });
    expect((await request(manager)).status).toBe(200);
    const other = await createTestUser();
    await expect(request(other)).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("prints an Arabic or Amharic payer's name as written, in embedded fonts, tagged", async () => {
    for (const fullName of ["محمد عبد الله", "አበበ ቢቂላ"]) {
      const user = await createTestUser({ fullName });
      const payment = await paySimulated(user);
      const response = await (pdfLoader as (a: unknown) => Promise<Response>)({
        request: await requestAs(user, `/receipts/${payment.id}/pdf`),
        params: { paymentId: payment.id },
        context: {},
      });
      const pdf = new Uint8Array(await response.arrayBuffer());
      const text = await pdfText(pdf);
      expect(text).toContain(fullName);
      expect(text).not.toContain("?");
      const bytes = pdfBytes(pdf);
      expect(bytes).toMatch(/\/FontFile2 \d+ 0 R/);
      expect(bytes).not.toContain("/Helvetica");
      expect(bytes).toMatch(/\/StructTreeRoot \d+ 0 R/);
      expect(bytes).toMatch(/<<\s*\/Marked true\s*>>/);
      expect(bytes).toMatch(/\/Lang \(en\)/);
    }
  });
});
