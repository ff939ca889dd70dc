import crypto from "node:crypto";
import { MOBILE_PROMPT_TIMEOUT_MS } from "~/domain/payments";
import { logger } from "~/server/logger.server";
import {
  findPaymentByReference,
  markPaymentUnsuccessful,
  recordVerifiedPayment,
  type PaymentRow,
} from "./payments.server";
import type { CheckoutResult, PaymentProvider, VerifyResult } from "./provider.server";

export type PaynowOptions = {
  integrationId: string;
  integrationKey: string;
  /** https://www.paynow.co.zw in production; a local fake in tests. */
  baseUrl: string;
  /** The one currency this integration takes (Paynow's amounts carry none). */
  currency: string;
  /** Where Paynow posts status updates: BASE_URL/webhooks/paynow. */
  resultUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/** Paynow's messages are URL-encoded fields in order; the hash covers the values in that order. */
export type PaynowMessage = [name: string, value: string][];

/**
 * Paynow's hash: SHA-512 of every value in the message's order (all but `hash` itself),
 * followed by the integration key, as uppercase hex.
 */
export function paynowHash(fields: PaynowMessage, integrationKey: string) {
  const text = fields
    .filter(([name]) => name.toLowerCase() !== "hash")
    .map(([, value]) => value)
    .join("");
  return crypto
    .createHash("sha512")
    .update(text + integrationKey, "utf8")
    .digest("hex")
    .toUpperCase();
}

export function parsePaynowMessage(body: string): PaynowMessage {
  return [...new URLSearchParams(body.trim()).entries()];
}

export function paynowField(message: PaynowMessage, name: string) {
  return message.find(([key]) => key.toLowerCase() === name)?.[1];
}

/** True only when the message carries the hash its values and our key produce. */
export function isValidPaynowHash(message: PaynowMessage, integrationKey: string) {
  const given = paynowField(message, "hash") ?? "";
  if (!/^[0-9A-Fa-f]{128}$/.test(given)) return false;
  const expected = Buffer.from(paynowHash(message, integrationKey), "hex");
  return crypto.timingSafeEqual(expected, Buffer.from(given, "hex"));
}

/** Paynow's statuses that mean the money is ours. */
const PAID = new Set(["paid", "awaiting delivery", "delivered"]);
/** Still on its way: created, or the prompt sent to the phone. */
const PENDING = new Set(["created", "sent"]);

/** A web checkout the applicant never finished. */
const WEB_CHECKOUT_TIMEOUT_MS = 60 * 60 * 1000;

/** "99.00" → 9900; anything else → null. */
export function paynowAmountToMinor(amount: string | undefined) {
  if (!amount || !/^\d{1,9}(\.\d{1,2})?$/.test(amount.trim())) return null;
  return Math.round(Number(amount) * 100);
}

/**
 * Paynow (Zimbabwe: EcoCash, OneMoney and local cards) spoken directly over its HTTP protocol
 * (docs/paynow.md): the `paynow` npm SDK swallows errors into console.log and pulls in axios.
 *
 * Nothing Paynow or the browser sends is believed by itself. A status update (result URL) is
 * refused unless its hash is right, and even then only triggers a poll of the poll URL Paynow gave
 * us when the transaction was created (stored on our row); the poll's answer — hash checked,
 * reference, amount and currency compared with what we asked — is what records the payment,
 * through the same exactly-once recordVerifiedPayment as every provider.
 */
export class PaynowPaymentProvider implements PaymentProvider {
  readonly name = "paynow" as const;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: PaynowOptions) {
    this.fetchImpl = options.fetch ?? fetch;
  }

  get currency() {
    return this.options.currency;
  }

  private async post(url: string, fields: PaynowMessage | null) {
    const response = await this.fetchImpl(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: fields ? new URLSearchParams(fields).toString() : "",
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`Paynow answered ${response.status}`);
    const message = parsePaynowMessage(text);
    const status = (paynowField(message, "status") ?? "").toLowerCase();
    if (status === "error") {
      throw new Error(`Paynow refused: ${paynowField(message, "error") ?? "no reason given"}`);
    }
    if (!isValidPaynowHash(message, this.options.integrationKey)) {
      throw new Error("Paynow's answer has a wrong hash");
    }
    return message;
  }

  async createCheckout(
    input: Parameters<PaymentProvider["createCheckout"]>[0],
  ): Promise<CheckoutResult> {
    if (input.currency.toUpperCase() !== this.options.currency) {
      logger().error(
        { currency: input.currency, integration: this.options.currency },
        "the fee's currency is not the one the Paynow integration takes",
      );
      return { kind: "failed", reference: input.reference };
    }
    const channel = input.channel ?? { kind: "web" };
    const returnUrl = `${input.callbackUrl}?reference=${encodeURIComponent(input.reference)}`;
    const fields: PaynowMessage = [
      ["id", this.options.integrationId],
      ["reference", input.reference],
      ["amount", (input.amountMinor / 100).toFixed(2)],
      ["additionalinfo", "Registration fee"],
      ["returnurl", returnUrl],
      ["resulturl", this.options.resultUrl],
      ["authemail", input.user.email],
    ];
    if (channel.kind === "mobile") {
      fields.push(["phone", channel.phone], ["method", channel.method]);
    }
    fields.push(["status", "Message"]);
    fields.push(["hash", paynowHash(fields, this.options.integrationKey)]);

    const path =
      channel.kind === "mobile" ? "/interface/remotetransaction" : "/interface/initiatetransaction";
    const answer = await this.post(`${this.options.baseUrl}${path}`, fields);
    const pollUrl = paynowField(answer, "pollurl");
    if (!pollUrl || !/^https?:\/\//.test(pollUrl)) throw new Error("Paynow gave no poll address");
    if (channel.kind === "mobile") {
      return {
        kind: "waiting",
        reference: input.reference,
        metadata: {
          pollUrl,
          channel: channel.method,
          phone: channel.phone,
          instructions: paynowField(answer, "instructions") ?? null,
          paynowReference: paynowField(answer, "paynowreference") ?? null,
        },
      };
    }
    const url = paynowField(answer, "browserurl");
    if (!url || !/^https?:\/\//.test(url)) throw new Error("Paynow gave no checkout address");
    return { kind: "redirect", reference: input.reference, url, metadata: { pollUrl } };
  }

  /** Polls Paynow for one of our references and applies the answer. */
  async verify(reference: string): Promise<VerifyResult> {
    const attempt = await findPaymentByReference(reference);
    if (!attempt || attempt.provider !== "paynow") return { status: "failed" };
    if (attempt.status === "completed") return { status: "completed" };
    const pollUrl = attempt.metadata?.pollUrl;
    if (typeof pollUrl !== "string") {
      // Still being created (or its creation failed): nothing to ask yet.
      return { status: attempt.status === "pending" ? "pending" : "failed" };
    }
    const answer = await this.post(pollUrl, null);
    return this.settle(attempt, answer);
  }

  /**
   * Paynow's status update, posted to the result URL. The hash must be right; then we ask the
   * poll URL we stored ourselves, and only that answer counts.
   */
  async handleWebhook(rawBody: Buffer) {
    const message = parsePaynowMessage(rawBody.toString("utf8"));
    if (!isValidPaynowHash(message, this.options.integrationKey)) {
      logger().warn("paynow status update with a missing or wrong hash refused");
      return { status: 401, body: "Invalid hash" };
    }
    const reference = paynowField(message, "reference");
    const attempt = reference ? await findPaymentByReference(reference) : null;
    if (!attempt || attempt.provider !== "paynow") {
      logger().warn({ reference }, "paynow reported a reference we did not start");
      return { status: 200, body: "ok" };
    }
    await this.verify(attempt.paymentReference);
    return { status: 200, body: "ok" };
  }

  private async settle(attempt: PaymentRow, answer: PaynowMessage): Promise<VerifyResult> {
    const reference = attempt.paymentReference;
    if (paynowField(answer, "reference") !== reference) {
      logger().error(
        { reference, answered: paynowField(answer, "reference") },
        "paynow's poll answered for another reference",
      );
      return { status: "failed" };
    }
    const status = (paynowField(answer, "status") ?? "").toLowerCase();
    if (PAID.has(status)) {
      const amountMinor = paynowAmountToMinor(paynowField(answer, "amount"));
      const sameCurrency = attempt.currency.toUpperCase() === this.options.currency;
      if (!sameCurrency || amountMinor === null || amountMinor < attempt.amountMinor) {
        logger().error(
          { reference, amount: paynowField(answer, "amount"), currency: attempt.currency },
          "paynow amount or currency does not match the checkout",
        );
        await markPaymentUnsuccessful({ reference, status: "failed", outcome: "mismatch" });
        return { status: "failed" };
      }
      const channel = attempt.metadata?.channel;
      await recordVerifiedPayment({
        userId: attempt.userId,
        reference,
        amountMinor,
        currency: attempt.currency,
        method: typeof channel === "string" ? channel : "paynow",
        provider: "paynow",
        metadata: {
          ...attempt.metadata,
          paynowReference: paynowField(answer, "paynowreference") ?? null,
        },
      });
      return { status: "completed" };
    }
    if (status === "cancelled") {
      await markPaymentUnsuccessful({ reference, status: "abandoned", outcome: "cancelled" });
      return { status: "abandoned" };
    }
    if (status === "failed" || status === "disputed" || status === "refunded") {
      await markPaymentUnsuccessful({ reference, status: "failed", outcome: "declined" });
      return { status: "failed" };
    }
    if (PENDING.has(status) || status === "") {
      const mobile = typeof attempt.metadata?.channel === "string";
      const limit = mobile ? MOBILE_PROMPT_TIMEOUT_MS : WEB_CHECKOUT_TIMEOUT_MS;
      if (Date.now() - attempt.createdAt.getTime() > limit) {
        // The prompt expired unanswered. If Paynow still reports it paid later, the status
        // update records it (recordVerifiedPayment takes abandoned → completed).
        await markPaymentUnsuccessful({ reference, status: "abandoned", outcome: "timedOut" });
        return { status: "abandoned" };
      }
      return { status: "pending" };
    }
    logger().warn({ reference, status }, "paynow reported a status we do not know");
    return { status: "pending" };
  }
}
