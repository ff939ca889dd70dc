import type { PaymentProviderName } from "~/domain/enums";
import { lookup, register } from "~/server/registry.server";

export type CheckoutUser = { id: string; email: string; fullName: string };

/**
 * What starting a payment led to: the provider finished it on the spot (simulated), or the
 * applicant must go to the provider's checkout page and come back to `callbackUrl`.
 */
export type CheckoutResult =
  | { kind: "completed"; reference: string }
  | { kind: "redirect"; reference: string; url: string; metadata?: Record<string, unknown> }
  // Mobile money: the applicant approves on their phone while our page waits and polls.
  | { kind: "waiting"; reference: string; metadata?: Record<string, unknown> }
  | { kind: "failed"; reference: string | null };

/** How the applicant chose to pay: the provider's own page, or a mobile money prompt. */
export type CheckoutChannel =
  { kind: "web" } | { kind: "mobile"; method: "ecocash" | "onemoney"; phone: string };

export type VerifyResult = { status: "completed" | "failed" | "abandoned" | "pending" };

export type WebhookResult = { status: number; body: string };

/** What the provider said when it took a refund (kept on the payment for staff). */
export type RefundResult = { providerRefundId: string | null; status: string };

/**
 * A payment provider. The amount and currency always come from our site settings (passed in by
 * the caller), never from the browser, and the fee flag is set only through recordVerifiedPayment.
 */
export interface PaymentProvider {
  readonly name: Exclude<PaymentProviderName, "manual">;
  /** The one currency it takes, for a provider that takes only one (a Paynow integration). */
  readonly currency?: string;
  createCheckout(input: {
    user: CheckoutUser;
    amountMinor: number;
    currency: string;
    reference: string;
    callbackUrl: string;
    channel?: CheckoutChannel;
  }): Promise<CheckoutResult>;
  /** Asks the provider how the payment with `reference` ended, and records it when it succeeded. */
  verify(reference: string): Promise<VerifyResult>;
  /** A provider's server-to-server notification, with the body exactly as received. */
  handleWebhook(rawBody: Buffer, headers: Headers): Promise<WebhookResult>;
  /**
   * Gives `amountMinor` of the payment `reference` back to the payer, for a provider that can
   * (Paynow cannot: staff refund by hand). Throws when the provider refuses or cannot be reached.
   */
  refund?(reference: string, amountMinor: number): Promise<RefundResult>;
}

/** The main provider (PAYMENT_PROVIDER): cards, and the one used when nothing else applies. */
export function paymentProvider(): PaymentProvider {
  return paymentProviders()[0]!;
}

/** Every provider configured on this server, the main one first (site settings choose which show). */
export function paymentProviders(): PaymentProvider[] {
  return lookup<PaymentProvider[]>("paymentProviders");
}

/** The provider that started a payment (a row's `provider`), when it is still configured. */
export function paymentProviderNamed(name: string): PaymentProvider | null {
  return paymentProviders().find((p) => p.name === name) ?? null;
}

export function setPaymentProviders(providers: PaymentProvider[]) {
  if (providers.length === 0) throw new Error("At least one payment provider is needed");
  register("paymentProviders", providers);
}

export function setPaymentProvider(provider: PaymentProvider) {
  setPaymentProviders([provider]);
}
