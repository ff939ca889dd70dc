import { registrationLine, registrationsToShow } from "~/domain/agency-trust";
import { eq, sql } from "drizzle-orm";
import { AGENCY_TIME_ZONE, formatMoney } from "~/domain/format";
import type { Language } from "~/domain/languages";
import { costSheetOf } from "~/domain/fee-policy";
import { settingText } from "~/domain/setting-texts";
import type { SiteSettings } from "~/domain/settings";
import { isStaff, type Role } from "~/domain/enums";
import type { Db } from "~/server/db/client.server";
import { db } from "~/server/db/client.server";
import { payments, profiles, receiptCounters } from "~/server/db/schema";
import { refundOfPayment, refundText } from "~/domain/refunds";
import { moneyLocale, serverT } from "~/server/i18n/translate.server";
import { formatAgencyDateTime } from "~/server/mail/render.server";
import type { PdfLine } from "~/server/pdf/pdf-document.server";
import { receiptPdf } from "./receipt-pdf.server";
import { applicantIsInScope, officeScopeFor } from "~/server/offices/scope.server";

/** The year a payment falls in, in the agency's time zone (a receipt of 31 December stays there). */
export function receiptYear(at: Date) {
  return Number(
    new Intl.DateTimeFormat("en", { year: "numeric", timeZone: AGENCY_TIME_ZONE }).format(at),
  );
}

export function formatReceiptNumber(year: number, n: number) {
  return `R-${year}-${String(n).padStart(6, "0")}`;
}

/**
 * The next receipt number of the year, inside the caller's transaction. The counter row is
 * locked by the upsert until the transaction ends, so numbers are unique; and since the number is
 * taken in the same transaction that records the payment, a rolled-back payment gives its number
 * back: no gaps.
 */
export async function allocateReceiptNumber(tx: Db, at: Date) {
  const year = receiptYear(at);
  const [row] = await tx
    .insert(receiptCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: receiptCounters.year,
      set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` },
    })
    .returning({ n: receiptCounters.lastNumber });
  return formatReceiptNumber(year, row!.n);
}

/**
 * One receipt, for its payer or for staff of the payer's office: the completed payment, who paid
 * and who recorded it. Anyone else gets null, as for a payment that does not exist.
 */
export async function findReceiptForViewer({
  viewer,
  paymentId,
}: {
  viewer: { id: string; role: Role };
  paymentId: string;
}) {
  if (!/^[0-9a-f-]{36}$/i.test(paymentId)) return null;
  const [row] = await db()
    .select({
      id: payments.id,
      userId: payments.userId,
      receiptNumber: payments.receiptNumber,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      method: payments.paymentMethod,
      provider: payments.provider,
      reference: payments.paymentReference,
      status: payments.status,
      paidAt: payments.paymentDate,
      metadata: payments.metadata,
      payerName: profiles.fullName,
      payerEmail: profiles.email,
    })
    .from(payments)
    .innerJoin(profiles, eq(profiles.id, payments.userId))
    .where(eq(payments.id, paymentId));
  if (!row || !row.receiptNumber) return null;
  if (row.userId === viewer.id) return row;
  // Staff see the receipts of their offices' applicants only.
  if (!isStaff(viewer.role)) return null;
  return (await applicantIsInScope(await officeScopeFor(viewer), row.userId)) ? row : null;
}

export type Receipt = NonNullable<Awaited<ReturnType<typeof findReceiptForViewer>>>;

/**
 * The agency's address a receipt carries, in the receipt's language: the Harare office (Paynow's
 * country), else the first.
 */
export function receiptOffice(settings: SiteSettings, lng: string) {
  const found = settings.offices.findIndex((o) => /zimbabwe/i.test(o.country));
  const index = found === -1 ? 0 : found;
  const office = settings.offices[index] ?? null;
  return {
    name: settings.agencyName,
    address: office ? settingText(settings, `offices.${index}.address`, lng) : "",
    phone: office?.phone ?? settings.phone,
    email: office?.email ?? settings.contactEmail,
  };
}

/** The cost sheet the payment was made under, when it was made under one. */
function costSheetRows<T>(receipt: Receipt, lng: Language, row: (l: string, v: string) => T): T[] {
  const sheet = costSheetOf(receipt.metadata);
  if (!sheet) return [];
  const t = serverT(lng, "payment");
  return [
    row(
      t("receipt.costSheet"),
      t("receipt.costSheetValue", {
        version: sheet.policyVersion,
        date: formatAgencyDateTime(new Date(sheet.confirmedAt), lng),
      }),
    ),
  ];
}

/** A refunded payment's line: how much was given back, when and why. */
function refundLines(receipt: Receipt, lng: Language): PdfLine[] {
  const refund = refundOfPayment(receipt);
  if (!refund) return [];
  const t = serverT(lng, "payment");
  return [{ text: refundText(refund, receipt, t, lng), bold: true, gapBefore: 6 }];
}

/** The receipt as a one-page PDF, in `lng` (the viewer's language). */
export function receiptPdfFor(receipt: Receipt, settings: SiteSettings, lng: Language) {
  const t = serverT(lng, "payment");
  const agency = receiptOffice(settings, lng);
  const row = (label: string, value: string): PdfLine => ({ text: `${label}:  ${value}` });
  const method = t(`method.${receipt.method}`);
  const lines: PdfLine[] = [
    { text: agency.name, size: 16, bold: true },
    { text: agency.address, size: 10 },
    { text: `${agency.phone} · ${agency.email}`, size: 10 },
    { text: t("receipt.title"), size: 20, bold: true, gapBefore: 24 },
    ...refundLines(receipt, lng),
    { ...row(t("receipt.number"), receipt.receiptNumber!), gapBefore: 12 },
    row(t("receipt.date"), formatAgencyDateTime(receipt.paidAt ?? new Date(), lng)),
    row(t("receipt.payer"), `${receipt.payerName} <${receipt.payerEmail}>`),
    row(t("receipt.for"), t("receipt.forRegistration")),
    row(t("receipt.amount"), formatMoney(receipt.amountMinor, receipt.currency, moneyLocale(lng))),
    row(t("receipt.currency"), receipt.currency),
    row(t("receipt.method"), method.startsWith("method.") ? receipt.method : method),
    row(t("receipt.reference"), receipt.reference),
    ...costSheetRows(receipt, lng, (label, value) => row(label, value)),
    { text: t("receipt.thanks"), size: 10, gapBefore: 18 },
    // Who issued it: the offices' registrations.
    ...registrationsToShow(settings.trust).map((r, i) => ({
      text: registrationLine(r),
      size: 9,
      gapBefore: i === 0 ? 12 : 0,
    })),
  ];
  return receiptPdf(lines, { title: `${t("receipt.title")} ${receipt.receiptNumber}`, lang: lng });
}
