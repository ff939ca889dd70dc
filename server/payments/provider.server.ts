import type { PaymentProviderName } from "~/domain/enums";
import { lookup, register } from "~/server/registry.server";

export type CheckoutUser = { id: string; email: string; fullName: string };

/**
 * What starting a payment led to: the provider finished it on the spot (simulated), or the
 * applicant must go to the provider's checkout page and come back to `callbackUrl`.
 */
export type CheckoutResult =
  | { kind: "completed"; reference: string }
  | { kind: "redirect"; reference: string; url: string }
  | { kind: "failed"; reference: string | null };

export type VerifyResult = { status: "completed" | "failed" | "abandoned" | "pending" };

export type WebhookResult = { status: number; body: string };

/**
 * A payment provider. The amount and currency always come from our site settings (passed in by
 * the caller), never from the browser, and the fee flag is set only through recordVerifiedPayment.
 */
export interface PaymentProvider {
  readonly name: Exclude<PaymentProviderName, "manual">;
  createCheckout(input: {
    user: CheckoutUser;
    amountMinor: number;
    currency: string;
    reference: string;
    callbackUrl: string;
  }): Promise<CheckoutResult>;
  /** Asks the provider how the payment with `reference` ended, and records it when it succeeded. */
  verify(reference: string): Promise<VerifyResult>;
  /** A provider's server-to-server notification, with the body exactly as received. */
  handleWebhook(rawBody: Buffer, headers: Headers): Promise<WebhookResult>;
}

export function paymentProvider(): PaymentProvider {
  return lookup<PaymentProvider>("paymentProvider");
}

export function setPaymentProvider(provider: PaymentProvider) {
  register("paymentProvider", provider);
}
