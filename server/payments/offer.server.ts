import type { PayMethod } from "~/domain/payments";
import { feeIn, type SiteSettings } from "~/domain/settings";
import type { Viewer } from "~/server/auth/guards.server";
import { type PaymentProvider, paymentProviders } from "./provider.server";

export type Fee = { amountMinor: number; currency: string };

/** One way to pay the page offers, the provider that takes it, and the fee in its currency. */
export type OfferedMethod = { method: PayMethod; provider: PaymentProvider; fee: Fee };

const ZIMBABWE = /^(zimbabwe|zw|zwe)$/i;

/** Where a card payer lives decides the currency, when the fee is set in it (ZAR for South Africa). */
const LOCAL_CURRENCY: Record<string, string> = {
  "south africa": "ZAR",
  za: "ZAR",
  nigeria: "NGN",
  ghana: "GHS",
  kenya: "KES",
};

export function isInZimbabwe(viewer: Pick<Viewer, "country">) {
  return ZIMBABWE.test((viewer.country ?? "").trim());
}

/**
 * The ways this applicant can pay, the one that suits them first: EcoCash and OneMoney (and
 * Paynow's own page) for someone in Zimbabwe, cards for everyone else. Only providers configured
 * on this server and offered in the site settings count (if settings leave none, the main one
 * stays, so nobody is left without a way to pay). Each comes with the fee in its currency: Paynow
 * takes its integration's currency, cards the payer's local currency when a fee is set in it.
 */
export function paymentMethodsFor(
  viewer: Pick<Viewer, "country">,
  settings: Pick<SiteSettings, "registrationFee" | "payments">,
): OfferedMethod[] {
  const configured = paymentProviders();
  const offered = configured.filter((p) =>
    (settings.payments.offered as readonly string[]).includes(p.name),
  );
  const providers = offered.length > 0 ? offered : configured.slice(0, 1);
  const mainFee = feeIn(settings, settings.registrationFee.currency)!;

  const card = providers.find((p) => p.name !== "paynow");
  const local = LOCAL_CURRENCY[(viewer.country ?? "").trim().toLowerCase()];
  const cardFee = (local && feeIn(settings, local)) || mainFee;
  const cards: OfferedMethod[] = card ? [{ method: "card", provider: card, fee: cardFee }] : [];

  const paynow = providers.find((p) => p.name === "paynow");
  const paynowFee = paynow ? feeIn(settings, paynow.currency ?? mainFee.currency) : null;
  const mobile: OfferedMethod[] =
    paynow && paynowFee
      ? (["ecocash", "onemoney", "paynow"] as const).map((method) => ({
          method,
          provider: paynow,
          fee: paynowFee,
        }))
      : [];
  return isInZimbabwe(viewer) ? [...mobile, ...cards] : [...cards, ...mobile];
}
