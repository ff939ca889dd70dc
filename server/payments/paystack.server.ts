import crypto from "node:crypto";
import { logger } from "~/server/logger.server";
import {
  findPaymentByReference,
  markPaymentUnsuccessful,
  recordVerifiedPayment,
} from "./payments.server";
import type { PaymentProvider, RefundResult, VerifyResult } from "./provider.server";

/** The parts of a Paystack transaction we rely on (verify response `data`, webhook `data`). */
type PaystackTransaction = {
  id?: number;
  status?: string;
  reference?: string;
  amount?: number;
  currency?: string;
  channel?: string;
  paid_at?: string | null;
};

export type PaystackOptions = {
  secretKey: string;
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/** HMAC-SHA512 of the raw body with the secret key, hex — Paystack's `x-paystack-signature`. */
export function paystackSignature(rawBody: Buffer | string, secretKey: string) {
  return crypto.createHmac("sha512", secretKey).update(rawBody).digest("hex");
}

export function isValidPaystackSignature(
  rawBody: Buffer,
  signature: string | null,
  secretKey: string,
) {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(paystackSignature(rawBody, secretKey), "hex");
  return crypto.timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

/**
 * Paystack (cards and mobile money across Africa): initialize a transaction, send the applicant
 * to its checkout, verify on return, and accept its signed webhook. Whichever of verify and
 * webhook arrives first records the payment; the other changes nothing.
 */
export class PaystackPaymentProvider implements PaymentProvider {
  readonly name = "paystack" as const;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: PaystackOptions) {
    this.fetchImpl = options.fetch ?? fetch;
  }

  private async call(path: string, init: RequestInit = {}) {
    const response = await this.fetchImpl(`${this.options.baseUrl}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${this.options.secretKey}`,
        "content-type": "application/json",
        accept: "application/json",
      },
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
    });
    const body = (await response.json().catch(() => null)) as {
      status?: boolean;
      message?: string;
      data?: unknown;
    } | null;
    if (!response.ok || !body?.status) {
      throw new Error(
        `Paystack ${path} answered ${response.status}: ${body?.message ?? "no body"}`,
      );
    }
    return body.data;
  }

  async createCheckout(input: Parameters<PaymentProvider["createCheckout"]>[0]) {
    const data = (await this.call("/transaction/initialize", {
      method: "POST",
      body: JSON.stringify({
        email: input.user.email,
        amount: input.amountMinor,
        currency: input.currency,
        reference: input.reference,
        callback_url: input.callbackUrl,
        metadata: { userId: input.user.id },
      }),
    })) as { authorization_url?: string };
    const url = data?.authorization_url;
    if (!url || !/^https?:\/\//.test(url)) throw new Error("Paystack gave no checkout address");
    return { kind: "redirect" as const, reference: input.reference, url };
  }

  async verify(reference: string): Promise<VerifyResult> {
    const data = (await this.call(
      `/transaction/verify/${encodeURIComponent(reference)}`,
    )) as PaystackTransaction;
    return this.settle(data);
  }

  async handleWebhook(rawBody: Buffer, headers: Headers) {
    if (
      !isValidPaystackSignature(
        rawBody,
        headers.get("x-paystack-signature"),
        this.options.secretKey,
      )
    ) {
      logger().warn("paystack webhook with a missing or wrong signature refused");
      return { status: 401, body: "Invalid signature" };
    }
    let event: { event?: string; data?: PaystackTransaction };
    try {
      event = JSON.parse(rawBody.toString("utf8"));
    } catch {
      return { status: 400, body: "Invalid JSON" };
    }
    if (event.event === "charge.success" && event.data) await this.settle(event.data);
    return { status: 200, body: "ok" };
  }

  /**
   * Paystack's Create Refund (`POST /refund`): the refund is queued at once and paid out by
   * Paystack over the next days; its answer carries the refund's id and status ("pending").
   */
  async refund(reference: string, amountMinor: number): Promise<RefundResult> {
    const data = (await this.call("/refund", {
      method: "POST",
      body: JSON.stringify({
        transaction: reference,
        amount: amountMinor,
        merchant_note: "Registration fee already paid: overpayment refunded automatically",
      }),
    })) as { id?: number | string; status?: string } | null;
    return {
      providerRefundId: data?.id === undefined ? null : String(data.id),
      status: data?.status ?? "pending",
    };
  }

  /** Applies what Paystack says about one of our references (from verify or a webhook). */
  private async settle(tx: PaystackTransaction): Promise<VerifyResult> {
    const reference = tx.reference;
    if (!reference) return { status: "failed" };
    // The user and the amount due come from our own record of the checkout, never from the payload.
    const attempt = await findPaymentByReference(reference);
    if (!attempt || attempt.provider !== "paystack") {
      logger().warn({ reference }, "paystack reported a reference we did not start");
      return { status: "failed" };
    }
    if (attempt.status === "completed") return { status: "completed" };
    switch (tx.status) {
      case "success": {
        const sameCurrency = (tx.currency ?? "").toUpperCase() === attempt.currency.toUpperCase();
        if (!sameCurrency || typeof tx.amount !== "number" || tx.amount < attempt.amountMinor) {
          logger().error(
            { reference, amount: tx.amount, currency: tx.currency },
            "paystack amount or currency does not match the checkout",
          );
          await markPaymentUnsuccessful({ reference, status: "failed" });
          return { status: "failed" };
        }
        await recordVerifiedPayment({
          userId: attempt.userId,
          reference,
          amountMinor: tx.amount,
          currency: attempt.currency,
          method: tx.channel ?? "card",
          provider: "paystack",
          metadata: { paystackId: tx.id ?? null, paidAt: tx.paid_at ?? null },
        });
        return { status: "completed" };
      }
      case "failed":
      case "reversed":
        await markPaymentUnsuccessful({ reference, status: "failed" });
        return { status: "failed" };
      case "abandoned":
        await markPaymentUnsuccessful({ reference, status: "abandoned" });
        return { status: "abandoned" };
      default:
        return { status: "pending" };
    }
  }
}
