import crypto from "node:crypto";
import type { Hono } from "hono";
import { z } from "zod";
import { isStopReply } from "~/domain/channels";
import { config } from "~/server/config.server";
import { logger } from "~/server/logger.server";
import { recordDeliveryState, stopChannelFor } from "./receipts.server";
import { receivePhoneMessage } from "./replies.server";

// The phone providers' webhooks: receipts and replies (a STOP, else a message for the person's
// conversation, replies.server.ts). Each is off (404) while its channel is not
// configured, and believes only what is signed: WhatsApp signs each post with the app's secret
// (X-Hub-Signature-256); Africa's Talking signs nothing, so its address carries a long secret.

const MAX_BYTES = 256 * 1024;

const sameSecret = (given: string, secret: string) =>
  crypto.timingSafeEqual(
    crypto.createHash("sha256").update(given).digest(),
    crypto.createHash("sha256").update(secret).digest(),
  );

/** Whether `signature` ("sha256=<hex>") is the HMAC of `raw` with `secret`. */
export function whatsappSignatureValid(raw: string, signature: string | undefined, secret: string) {
  const expected = `sha256=${crypto.createHmac("sha256", secret).update(raw).digest("hex")}`;
  return signature !== undefined && sameSecret(signature, expected);
}

const WhatsAppPost = z.object({
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              value: z
                .object({
                  statuses: z
                    .array(z.object({ id: z.string(), status: z.string() }).passthrough())
                    .optional(),
                  messages: z
                    .array(
                      z
                        .object({
                          id: z.string().max(200).optional(),
                          from: z.string(),
                          type: z.string().optional(),
                          text: z.object({ body: z.string() }).optional(),
                        })
                        .passthrough(),
                    )
                    .optional(),
                })
                .passthrough(),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

const WHATSAPP_STATES = new Set(["sent", "delivered", "read", "failed"]);
/** Africa's Talking's delivery statuses, as ours. */
const SMS_STATES: Record<string, "delivered" | "failed" | "sent"> = {
  Success: "delivered",
  Sent: "sent",
  Submitted: "sent",
  Buffered: "sent",
  Failed: "failed",
  Rejected: "failed",
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Hono env generics vary by caller
export function registerPhoneEndpoints(app: Hono<any>) {
  // WhatsApp's subscription check: it echoes the challenge when the token is ours.
  app.get("/webhooks/whatsapp", (c) => {
    const wa = config().phone.whatsapp;
    if (!wa) return c.text("Not found", 404);
    const token = c.req.query("hub.verify_token") ?? "";
    if (c.req.query("hub.mode") !== "subscribe" || !sameSecret(token, wa.verifyToken)) {
      return c.text("Forbidden", 403);
    }
    return c.text(c.req.query("hub.challenge") ?? "");
  });

  app.post("/webhooks/whatsapp", async (c) => {
    const wa = config().phone.whatsapp;
    if (!wa) return c.text("Not found", 404);
    if (Number(c.req.header("content-length") ?? "0") > MAX_BYTES) {
      return c.text("Payload too large", 413);
    }
    const raw = await c.req.raw.text();
    if (!whatsappSignatureValid(raw, c.req.header("x-hub-signature-256"), wa.appSecret)) {
      return c.text("Unauthorized", 401);
    }
    let parsed: z.infer<typeof WhatsAppPost>;
    try {
      parsed = WhatsAppPost.parse(JSON.parse(raw));
    } catch {
      return c.text("Expected WhatsApp's JSON", 400);
    }
    for (const change of parsed.entry.flatMap((e) => e.changes)) {
      for (const status of change.value.statuses ?? []) {
        if (!WHATSAPP_STATES.has(status.status)) continue;
        await recordDeliveryState("whatsapp", status.id, status.status as "sent");
      }
      for (const message of change.value.messages ?? []) {
        const from = `+${message.from.replace(/^\+/, "")}`;
        if (message.text && isStopReply(message.text.body)) {
          const stopped = await stopChannelFor("whatsapp", from);
          logger().info({ stopped }, "a WhatsApp STOP reply");
        } else if (message.text && message.id) {
          await receivePhoneMessage({
            channel: "whatsapp",
            from,
            text: message.text.body,
            providerMessageId: message.id,
          });
        } else {
          // A photo, a voice note, a location: not carried into the conversation (yet).
          logger().info({ type: message.type }, "a WhatsApp message not carried: not text");
        }
      }
    }
    return c.json({ ok: true });
  });

  // Africa's Talking posts forms: delivery reports (id, status) and incoming messages (from, text).
  app.post("/webhooks/sms/:secret/:kind", async (c) => {
    const sms = config().phone.sms;
    if (!sms || !sameSecret(c.req.param("secret"), sms.webhookSecret)) {
      return c.text("Not found", 404);
    }
    if (Number(c.req.header("content-length") ?? "0") > MAX_BYTES) {
      return c.text("Payload too large", 413);
    }
    const form = new URLSearchParams(await c.req.raw.text());
    if (c.req.param("kind") === "delivery") {
      const id = form.get("id");
      const state = SMS_STATES[form.get("status") ?? ""];
      if (!id || !state) return c.text("Expected id and status", 400);
      await recordDeliveryState("sms", id, state);
      return c.text("OK");
    }
    if (c.req.param("kind") === "inbound") {
      const from = form.get("from");
      const text = form.get("text") ?? "";
      if (!from) return c.text("Expected from", 400);
      const number = `+${from.replace(/^\+/, "")}`;
      if (isStopReply(text)) {
        await stopChannelFor("sms", number);
      } else {
        const id = form.get("id");
        if (!id || id.length > 200) return c.text("Expected id", 400);
        await receivePhoneMessage({ channel: "sms", from: number, text, providerMessageId: id });
      }
      return c.text("OK");
    }
    return c.text("Not found", 404);
  });
}
