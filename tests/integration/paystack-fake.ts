import http from "node:http";
import { paystackSignature } from "~/server/payments/paystack.server";
import { listenLocally } from "./local-http";

/** How a transaction ended, as a test sets it for the fake's verify. */
export type FakePaystackOutcome = { status: string; amount?: number; currency?: string };

/** A transaction as Paystack describes it in verify's `data` and in a webhook's `data`. */
export function paystackTransaction(
  reference: string,
  outcome: FakePaystackOutcome,
  init: Record<string, unknown> = {},
) {
  return {
    id: 4099260516,
    status: outcome.status,
    reference,
    amount: outcome.amount ?? init.amount,
    currency: outcome.currency ?? init.currency,
    channel: "mobile_money",
    paid_at: outcome.status === "success" ? "2026-11-21T10:00:00.000Z" : null,
  };
}

/** Paystack's `charge.success` webhook body for one of our references. */
export function paystackChargeSuccess(reference: string, amount = 9900, currency = "USD") {
  return JSON.stringify({
    event: "charge.success",
    data: paystackTransaction(reference, { status: "success", amount, currency }),
  });
}

/**
 * A local server that answers like Paystack's API: initialize, verify (with the outcome a test
 * sets) and Create Refund (queued, or refused when a test sets `refuseRefunds`). `webhookHeaders`
 * signs a body with the secret key, as Paystack does.
 */
export async function startFakePaystack(secretKey: string) {
  const fake = {
    url: "",
    initialized: [] as Record<string, unknown>[],
    outcome: new Map<string, FakePaystackOutcome>(),
    authHeaders: [] as string[],
    refunds: [] as { transaction: string; amount: number }[],
    refuseRefunds: false,
    webhookHeaders(body: string): Record<string, string> {
      return {
        "content-type": "application/json",
        "x-paystack-signature": paystackSignature(body, secretKey),
      };
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
  const server = http.createServer((req, res) => {
    fake.authHeaders.push(req.headers.authorization ?? "");
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      const answer = (status: number, body: unknown) => {
        res.statusCode = status;
        res.end(JSON.stringify(body));
      };
      if (req.method === "POST" && req.url === "/transaction/initialize") {
        const body = JSON.parse(Buffer.concat(chunks).toString());
        fake.initialized.push(body);
        return answer(200, {
          status: true,
          message: "Authorization URL created",
          data: {
            authorization_url: `https://checkout.paystack.test/${body.reference}`,
            access_code: "code",
            reference: body.reference,
          },
        });
      }
      if (req.method === "POST" && req.url === "/refund") {
        const body = JSON.parse(Buffer.concat(chunks).toString());
        if (fake.refuseRefunds) {
          return answer(400, { status: false, message: "Refund could not be processed" });
        }
        fake.refunds.push({ transaction: body.transaction, amount: body.amount });
        return answer(200, {
          status: true,
          message: "Refund has been queued for processing",
          data: {
            id: 3018284 + fake.refunds.length,
            transaction: { reference: body.transaction, amount: body.amount },
            amount: body.amount,
            status: "pending",
          },
        });
      }
      const match = req.url?.match(/^\/transaction\/verify\/(.+)$/);
      if (req.method === "GET" && match) {
        const reference = decodeURIComponent(match[1]!);
        const init = fake.initialized.find((i) => i.reference === reference);
        const outcome = fake.outcome.get(reference);
        if (!init || !outcome) {
          return answer(400, { status: false, message: "Transaction reference not found" });
        }
        return answer(200, {
          status: true,
          message: "Verification successful",
          data: paystackTransaction(reference, outcome, init),
        });
      }
      answer(404, { status: false, message: "not found" });
    });
  });
  fake.url = await listenLocally(server);
  return fake;
}
