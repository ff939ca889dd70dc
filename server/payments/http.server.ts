import type { Hono } from "hono";
import { logger } from "~/server/logger.server";
import { paymentProviderNamed } from "./provider.server";

const MAX_WEBHOOK_BYTES = 256 * 1024;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Hono env generics vary by caller
export function registerPaymentEndpoints(app: Hono<any>) {
  // Paystack's webhook and Paynow's result URL. The signature or hash covers the exact bytes
  // sent, so the body is read raw and parsed only after. A provider not configured here is a 404.
  for (const name of ["paystack", "paynow"] as const) {
    app.post(`/webhooks/${name}`, async (c) => {
      const provider = paymentProviderNamed(name);
      if (!provider) return c.text("Not found", 404);
      const declared = Number(c.req.header("content-length") ?? "0");
      if (declared > MAX_WEBHOOK_BYTES) return c.text("Payload too large", 413);
      const raw = Buffer.from(await c.req.raw.arrayBuffer());
      if (raw.length > MAX_WEBHOOK_BYTES) return c.text("Payload too large", 413);
      try {
        const result = await provider.handleWebhook(raw, c.req.raw.headers);
        return c.text(result.body, result.status as 200);
      } catch (error) {
        // A 5xx makes the provider send it again later, which is what we want after a passing fault.
        logger().error({ err: error, provider: name }, "payment webhook failed");
        return c.text("Try again later", 500);
      }
    });
  }
}
