import { and, count, desc, eq, isNotNull, sql } from "drizzle-orm";
import { type Db, db, queryRows } from "~/server/db/client.server";
import { kickScheduler, type SchedulerHandle, startScheduler } from "~/server/scheduler.server";
import { type MailAttachment, mailOutbox } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { mailFrom, mailTransport } from "./transport.server";
import type { PhoneChannel } from "~/domain/channels";
import { DEFAULT_LANGUAGE, isLanguage } from "~/domain/languages";
import { sendPhoneMessage } from "~/server/phone/transport.server";

/** After this many failed attempts a message is marked failed and waits for staff to retry it. */
export const MAX_MAIL_ATTEMPTS = 8;
const FIRST_RETRY_SECONDS = 30;
const MAX_RETRY_SECONDS = 60 * 60;
// How long a send may take. Longer than nodemailer's own limits (10 min socket timeout), so a row
// still "sending" after this belongs to a sender that died mid-send.
const LEASE_SECONDS = 15 * 60;
export const INTERRUPTED_SEND_ERROR =
  "Delivery was interrupted (the server stopped while sending): it may or may not have arrived. Queue it again to send it once more.";
const BATCH_SIZE = 20;

/** 30 s, 60 s, 2 min, 4 min … capped at one hour: attempt n waits 30·2^(n-1) seconds. */
export function retryDelaySeconds(attempts: number) {
  return Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_SECONDS);
}

type ClaimedRow = {
  id: string;
  channel: string;
  to: string;
  reply_to: string | null;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string> | null;
  attachments: MailAttachment[] | null;
  attempts: number;
};

export type DeliveryReport = { sent: number; retried: number; failed: number };

/**
 * Delivers the mail that is due, at most once per claim.
 *
 * 1. A row is claimed — status "sending", claim time + lease in next_attempt_at — in its own
 *    committed statement, before the SMTP call. FOR UPDATE SKIP LOCKED lets several processes run
 *    this at once; each message is taken by one of them, and only "pending" rows are ever taken.
 * 2. After the mail server confirms, the row is "sent". When it refuses or the connection fails
 *    (not confirmed), the row goes back to "pending" with a backoff: that is the only automatic
 *    retry.
 * 3. A row still "sending" after the lease belongs to a sender that died mid-send: we cannot know
 *    whether the server accepted it, so it is never resent on its own (no duplicate); it becomes
 *    "failed" with a clear error, and staff queue it again if it did not arrive.
 */
export async function deliverDueMail(
  options: { now?: Date; limit?: number; on?: Db } = {},
): Promise<DeliveryReport> {
  const on = options.on ?? db();
  const now = options.now ?? new Date();
  const leaseUntil = new Date(now.getTime() + LEASE_SECONDS * 1000);
  const interrupted = await queryRows<{ id: string }>(
    sql`
    update mail_outbox
       set status = 'failed', last_error = ${INTERRUPTED_SEND_ERROR}
     where status = 'sending' and next_attempt_at <= ${now.toISOString()}::timestamptz
    returning id`,
    on,
  );
  for (const row of interrupted) {
    logger().warn({ mailId: row.id }, "mail send was interrupted; marked failed, not resent");
  }
  const rows = await queryRows<ClaimedRow>(
    sql`
    update mail_outbox
       set status = 'sending', attempts = attempts + 1, next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
     where id in (
       select id from mail_outbox
        where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at
        limit ${options.limit ?? BATCH_SIZE}
        for update skip locked)
    returning id, channel, "to", reply_to, subject, text, html, headers, attachments, attempts`,
    on,
  );

  const report: DeliveryReport = { sent: 0, retried: 0, failed: interrupted.length };
  if (rows.length === 0) return report;
  const transport = mailTransport();
  const from = mailFrom();
  for (const row of rows) {
    let providerMessageId: string | null = null;
    try {
      if (row.channel === "email") {
        await transport.send({
          id: row.id,
          from,
          to: row.to,
          replyTo: row.reply_to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          headers: withoutDigestMark(row.headers),
          attachments: row.attachments,
        });
      } else {
        // A phone channel's notice (server/phone): the same claim, retries and lease.
        ({ providerMessageId } = await sendPhoneMessage({
          id: row.id,
          channel: row.channel as PhoneChannel,
          to: row.to,
          title: row.subject,
          text: row.text,
          link: row.headers?.link || null,
          lng: isLanguage(row.headers?.lng) ? row.headers.lng : DEFAULT_LANGUAGE,
        }));
      }
    } catch (error) {
      // Not confirmed by the mail server: safe to try again later.
      const message = error instanceof Error ? error.message : String(error);
      const attempts = Number(row.attempts);
      const giveUp = attempts >= MAX_MAIL_ATTEMPTS;
      await on
        .update(mailOutbox)
        .set({
          status: giveUp ? "failed" : "pending",
          lastError: message.slice(0, 1000),
          nextAttemptAt: new Date(now.getTime() + retryDelaySeconds(attempts) * 1000),
        })
        .where(eq(mailOutbox.id, row.id));
      if (giveUp) report.failed++;
      else report.retried++;
      logger().warn(
        { mailId: row.id, attempts, giveUp, err: message },
        giveUp ? "mail delivery failed for good" : "mail delivery failed; will retry",
      );
      continue;
    }
    // Confirmed. If recording that fails, the row stays "sending" and later shows as interrupted
    // (failed) — it is never put back to "pending", which would send it a second time.
    await on
      .update(mailOutbox)
      .set({ status: "sent", sentAt: new Date(), lastError: null, providerMessageId })
      .where(eq(mailOutbox.id, row.id));
    report.sent++;
  }
  return report;
}

export type MailHealth = {
  pending: number;
  failed: number;
  lastError: string | null;
  lastErrorAt: Date | null;
};

/** For staff: how much mail waits, how much gave up, and the latest delivery error. */
export async function getMailHealth(on: Db = db()): Promise<MailHealth> {
  const counts = await on
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .where(sql`${mailOutbox.status} in ('pending', 'sending', 'failed')`)
    .groupBy(mailOutbox.status);
  const [last] = await on
    .select({ error: mailOutbox.lastError, at: mailOutbox.nextAttemptAt })
    .from(mailOutbox)
    .where(and(isNotNull(mailOutbox.lastError), sql`${mailOutbox.status} <> 'sent'`))
    .orderBy(desc(mailOutbox.nextAttemptAt))
    .limit(1);
  const by = (s: string) => counts.find((c) => c.status === s)?.n ?? 0;
  return {
    pending: by("pending") + by("sending"),
    failed: by("failed"),
    lastError: last?.error ?? null,
    lastErrorAt: last?.at ?? null,
  };
}

/** Puts every failed message back in the queue (staff action, after fixing the mail server). */
export async function requeueFailedMail(tx: Db): Promise<number> {
  const rows = await tx
    .update(mailOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: new Date() })
    .where(eq(mailOutbox.status, "failed"))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

// ── The background sender ─────────────────────────────────────────────────────────────────────

/**
 * Runs deliverDueMail every `intervalMs`, and sooner when kicked. One run at a time per process;
 * other processes are kept apart by the row locks above.
 */
export function startMailSender(options: { intervalMs?: number } = {}): SchedulerHandle {
  return startScheduler({
    name: "mailSender",
    intervalMs: options.intervalMs ?? 15_000,
    run: async () => {
      const report = await deliverDueMail();
      // A full batch means more may be due right away.
      return report.sent + report.retried + report.failed >= BATCH_SIZE;
    },
    failure: "mail sender run failed",
    rerunWhenKicked: true,
  });
}

/**
 * Asks the running sender to deliver now. Call after the transaction that queued mail has
 * committed; without a running sender (tests, scripts) it does nothing and the mail waits.
 */
export function kickMailSender() {
  kickScheduler("mailSender");
}

/** A digest's mark is ours (outbox.server.ts, DIGEST_HEADER): it never leaves with the mail. */
function withoutDigestMark(headers: Record<string, string> | null) {
  if (!headers || !("X-Passage-Digest" in headers)) return headers;
  const { ["X-Passage-Digest"]: _mark, ...rest } = headers;
  return Object.keys(rest).length ? rest : null;
}
