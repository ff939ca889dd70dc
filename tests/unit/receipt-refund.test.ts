import { describe, expect, it } from "vitest";
import { createTranslator } from "~/app/i18n/translator";
import en from "~/app/locales/en/payment.json";
import fr from "~/app/locales/fr/payment.json";
import { refundOfPayment, refundText } from "~/domain/refunds";

const translator = createTranslator({
  lng: "en",
  fallbackLng: "en",
  defaultNS: "payment",
  resources: { en: { payment: en }, fr: { payment: fr } },
  load: async () => ({}),
});
const tIn = (lng: string) => (key: string, o?: Record<string, unknown>) =>
  String(translator.t(key, { ...o, lng }));

const payment = { amountMinor: 9900, currency: "USD" };
const refunded = (refund: Record<string, unknown>) =>
  refundOfPayment({ status: "refunded", amountMinor: 9900, metadata: { refund } })!;

describe("a refund on the receipt", () => {
  it("names a partial refund's amount, its day and its reason", () => {
    const refund = refunded({
      amountMinor: 5000,
      at: "2026-12-03T10:00:00Z",
      reason: "Visa refused",
    });
    expect(refundText(refund, payment, tIn("en"), "en")).toBe(
      "$50.00 of this payment was refunded on Dec 3, 2026. Reason: Visa refused",
    );
    expect(refundText(refund, payment, tIn("fr"), "fr")).toContain("50,00");
    expect(refundText(refund, payment, tIn("fr"), "fr")).toContain("Motif : Visa refused");
  });

  it("says a whole refund was in full, and a payment not refunded has no line", () => {
    const whole = refunded({ at: "2026-12-03T10:00:00Z", automatic: true });
    expect(whole).toMatchObject({ amountMinor: 9900, automatic: true, reason: "" });
    expect(refundText(whole, payment, tIn("en"), "en")).toMatch(
      /^This payment was refunded in full \(\$99\.00\) on /,
    );
    expect(refundOfPayment({ status: "completed", amountMinor: 9900, metadata: {} })).toBeNull();
  });
});
