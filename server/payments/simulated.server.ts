import { setTimeout as sleep } from "node:timers/promises";
import { findPaymentByReference, recordVerifiedPayment } from "./payments.server";
import type { PaymentProvider } from "./provider.server";

/**
 * The demo and test provider: behaves like a card payment that takes about two seconds and
 * succeeds. It runs on the server and records the payment through the same exactly-once path
 * as a real provider; the browser cannot mark anyone paid.
 */
export class SimulatedPaymentProvider implements PaymentProvider {
  readonly name = "simulated" as const;
  constructor(private readonly delayMs = 2000) {}

  async createCheckout(input: Parameters<PaymentProvider["createCheckout"]>[0]) {
    if (this.delayMs > 0) await sleep(this.delayMs);
    await recordVerifiedPayment({
      userId: input.user.id,
      reference: input.reference,
      amountMinor: input.amountMinor,
      currency: input.currency,
      method: "credit_card",
      provider: "simulated",
    });
    return { kind: "completed" as const, reference: input.reference };
  }

  async verify(reference: string) {
    const row = await findPaymentByReference(reference);
    return { status: row?.status === "completed" ? ("completed" as const) : ("failed" as const) };
  }

  async handleWebhook() {
    return { status: 404, body: "The simulated provider sends no webhooks" };
  }

  /** No money moved, so giving it back always succeeds. */
  async refund() {
    return { providerRefundId: null, status: "processed" };
  }
}
