import type { Hono } from "hono";
import { logger } from "~/server/logger.server";
import { paymentProvider } from "./provider.server";

const MAX_WEBHOOK_BYTES = 256 * 1024;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Hono env generics vary by caller
export function registerPaymentEndpoints(app: Hono<any>) {
  // The signature covers the exact bytes sent, so the body is read raw and parsed only after.
  app.post("/webhooks/paystack", async (c) => {
    const provider = paymentProvider();
    if (provider.name !== "paystack") return c.text("Not found", 404);
    const declared = Number(c.req.header("content-length") ?? "0");
    if (declared > MAX_WEBHOOK_BYTES) return c.text("Payload too large", 413);
    const raw = Buffer.from(await c.req.raw.arrayBuffer());
    if (raw.length > MAX_WEBHOOK_BYTES) return c.text("Payload too large", 413);
    try {
      const result = await provider.handleWebhook(raw, c.req.raw.headers);
      return c.text(result.body, result.status as 200);
    } catch (error) {
      // A 5xx makes Paystack retry later, which is what we want after a passing fault.
      logger().error({ err: error }, "paystack webhook failed");
      return c.text("Try again later", 500);
    }
  });
}
