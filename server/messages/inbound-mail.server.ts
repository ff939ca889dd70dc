import crypto from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Hono } from "hono";
import { z } from "zod";
import { stripQuotedReply } from "~/domain/messages";
import { config } from "~/server/config.server";
import { db } from "~/server/db/client.server";
import { messages, messageThreads, profiles } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { threadOfReplyAddress } from "./reply-address.server";
import { sendApplicantMessage } from "./threads.server";

// Replies to message e-mails (Reply-To reply+TOKEN@INBOUND_MAIL_DOMAIN) come back through the
// mail provider's inbound webhook: POST /webhooks/inbound-mail with
//   Authorization: Bearer INBOUND_MAIL_SECRET
//   Content-Type: application/json
//   { "to": "reply+…@…" | ["…", …], "from": "Name <address>", "subject": "…", "text": "…" }
// (docs/operations.md maps the usual providers onto it). The reply lands in its thread as the
// applicant's message, the quoted history cut off. A forged or unknown address, or a sender who
// is not the thread's applicant, is refused (4xx: the provider bounces it, nothing is written).

const MAX_INBOUND_BYTES = 512 * 1024;

const InboundMailSchema = z.object({
  to: z.union([z.string(), z.array(z.string())]),
  from: z.string().max(1000),
  subject: z.string().max(1000).optional(),
  text: z.string().max(200_000),
});

/** The bare address of "Name <a@b>" or "a@b", lower-cased. */
export function bareAddress(value: string): string {
  const angled = /<([^<>\s]+@[^<>\s]+)>/.exec(value);
  return (angled?.[1] ?? value).trim().toLowerCase();
}

function secretMatches(given: string | undefined, secret: string) {
  const a = crypto
    .createHash("sha256")
    .update(given ?? "")
    .digest();
  const b = crypto.createHash("sha256").update(secret).digest();
  return crypto.timingSafeEqual(a, b);
}

export type InboundOutcome =
  { ok: true; messageId: string } | { ok: false; status: 404 | 403 | 422; reason: string };

/** Lands one inbound reply in its thread; the checks the endpoint answers by. */
export async function receiveInboundReply(
  mail: z.infer<typeof InboundMailSchema>,
): Promise<InboundOutcome> {
  const addresses = (Array.isArray(mail.to) ? mail.to : mail.to.split(","))
    .map(bareAddress)
    .filter(Boolean);
  let threadId: string | null = null;
  for (const address of addresses) {
    threadId = await threadOfReplyAddress(address);
    if (threadId) break;
  }
  if (!threadId) return { ok: false, status: 404, reason: "unknown address" };
  const [thread] = await db()
    .select({ applicantId: messageThreads.applicantId, email: profiles.email })
    .from(messageThreads)
    .innerJoin(profiles, eq(profiles.id, messageThreads.applicantId))
    .where(and(eq(messageThreads.id, threadId), isNull(profiles.erasedAt)));
  if (!thread) return { ok: false, status: 404, reason: "unknown address" };
  // The address is the permission, but only for the person it was sent to.
  if (bareAddress(mail.from) !== thread.email.toLowerCase())
    return { ok: false, status: 403, reason: "not the thread's applicant" };
  const content = stripQuotedReply(mail.text).slice(0, 10_000);
  if (!content) return { ok: false, status: 422, reason: "empty reply" };
  // A provider sends a reply again when our answer did not reach it: the same text, by e-mail,
  // in the same thread within the hour is that retry, answered as before instead of landing twice.
  const [retried] = await db()
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.threadId, threadId),
        eq(messages.via, "email"),
        eq(messages.content, content),
        gt(messages.sentAt, sql`now() - interval '1 hour'`),
      ),
    )
    .limit(1);
  if (retried) return { ok: true, messageId: retried.id };
  const subject = (mail.subject ?? "").trim().slice(0, 200);
  const sent = await sendApplicantMessage({
    viewer: { id: thread.applicantId },
    input: { subject: subject || "…", content },
    via: "email",
  });
  return { ok: true, messageId: sent.id };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Hono env generics vary by caller
export function registerInboundMailEndpoints(app: Hono<any>) {
  app.post("/webhooks/inbound-mail", async (c) => {
    const secret = config().mail.inboundSecret;
    // Not set up: as if there were no such endpoint.
    if (!secret || !config().mail.inboundDomain) return c.text("Not found", 404);
    const bearer = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1];
    if (!secretMatches(bearer, secret)) return c.text("Unauthorized", 401);
    const declared = Number(c.req.header("content-length") ?? "0");
    if (declared > MAX_INBOUND_BYTES) return c.text("Payload too large", 413);
    const raw = await c.req.raw.text();
    if (raw.length > MAX_INBOUND_BYTES) return c.text("Payload too large", 413);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return c.text("Expected JSON", 400);
    }
    const parsed = InboundMailSchema.safeParse(body);
    if (!parsed.success) return c.text("Expected to, from and text", 400);
    const outcome = await receiveInboundReply(parsed.data);
    if (!outcome.ok) {
      logger().info({ reason: outcome.reason }, "inbound mail refused");
      return c.text(outcome.reason, outcome.status);
    }
    return c.json({ ok: true, messageId: outcome.messageId });
  });
}
