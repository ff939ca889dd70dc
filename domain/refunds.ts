import { dateFormatter, formatMoney } from "./format";

/**
 * What was given back of a refunded payment, as its books record it: how much (less than the
 * payment for a partial refund), when, why, and whether the provider did it on its own (an
 * overpayment returned automatically). Null for a payment not refunded.
 */
export function refundOfPayment(p: {
  status: string;
  amountMinor: number;
  metadata: Record<string, unknown> | null | undefined;
}): { amountMinor: number; at: string | null; reason: string; automatic: boolean } | null {
  if (p.status !== "refunded") return null;
  const refund = (p.metadata?.refund ?? {}) as Record<string, unknown>;
  return {
    amountMinor: typeof refund.amountMinor === "number" ? refund.amountMinor : p.amountMinor,
    at: typeof refund.at === "string" ? refund.at : null,
    reason: typeof refund.reason === "string" ? refund.reason : "",
    automatic: refund.automatic === true,
  };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The receipt's line about a refund, in the reader's language (payment namespace): "US$50.00 of
 * this payment was refunded on 3 Dec 2026 (visa refused)", or the whole of it.
 */
export function refundText(
  refund: NonNullable<ReturnType<typeof refundOfPayment>>,
  payment: { amountMinor: number; currency: string },
  t: Translate,
  lng: string,
) {
  const amount = formatMoney(refund.amountMinor, payment.currency, lng);
  const partial = refund.amountMinor < payment.amountMinor;
  const key = `receipt.${partial ? "refundedPart" : "refundedAll"}${refund.at ? "On" : ""}`;
  const text = t(key, {
    amount,
    date: refund.at ? dateFormatter(lng, "date").format(new Date(refund.at)) : "",
  });
  return refund.reason ? t("receipt.refundReason", { text, reason: refund.reason }) : text;
}
