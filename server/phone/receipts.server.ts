import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { PhoneChannel } from "~/domain/channels";
import { recordAudit } from "~/server/audit/audit.server";
import { db } from "~/server/db/client.server";
import { mailOutbox, profiles } from "~/server/db/schema";

// What the providers tell us after a message left: its receipts (delivered, read, failed) and the
// person's replies, of which one matters here: STOP.

/** Receipts move a message forward only: a late "delivered" never hides a "read". */
const ORDER = ["sent", "delivered", "read"];

/** Records a receipt for a message the outbox sent on `channel`; false when no such message. */
export async function recordDeliveryState(
  channel: PhoneChannel,
  providerMessageId: string,
  state: "sent" | "delivered" | "read" | "failed",
): Promise<boolean> {
  const rank = (value: unknown) =>
    sql`coalesce(array_position(${sql.raw(`array['${ORDER.join("','")}']`)}::text[], ${value}), 0)`;
  const rows = await db()
    .update(mailOutbox)
    .set({ deliveryState: state })
    .where(
      and(
        eq(mailOutbox.channel, channel),
        eq(mailOutbox.providerMessageId, providerMessageId),
        state === "failed"
          ? sql`true`
          : or(
              sql`${mailOutbox.deliveryState} is null`,
              sql`${rank(mailOutbox.deliveryState)} < ${rank(state)}`,
            ),
      ),
    )
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/**
 * A STOP from `number` (E.164) on `channel`: whoever has that number stops getting that channel's
 * messages, recorded in the audit log as their own act (their consent withdrawn). Returns how many
 * people it stopped (a number shared by two accounts stops both).
 */
export async function stopChannelFor(channel: PhoneChannel, number: string): Promise<number> {
  const optIn = channel === "whatsapp" ? profiles.whatsappOptInAt : profiles.smsOptInAt;
  return db().transaction(async (tx) => {
    const stopped = await tx
      .update(profiles)
      .set(channel === "whatsapp" ? { whatsappOptInAt: null } : { smsOptInAt: null })
      .where(
        and(
          sql`${optIn} is not null`,
          or(eq(profiles.whatsappNumber, number), eq(profiles.phoneNumber, number)),
        ),
      )
      .returning({ id: profiles.id });
    for (const person of stopped) {
      await recordAudit(tx, {
        actorId: person.id,
        action: "profile.channel_stop",
        targetType: "profile",
        targetId: person.id,
        details: { channel, by: "reply" },
      });
    }
    return stopped.length;
  });
}

/** The phone notices sent to these numbers, newest first: what staff see of them, with receipts. */
export async function listPhoneNoticesTo(numbers: (string | null)[], limit = 20) {
  const to = numbers.filter((n): n is string => Boolean(n));
  if (to.length === 0) return [];
  return db()
    .select({
      id: mailOutbox.id,
      channel: mailOutbox.channel,
      title: mailOutbox.subject,
      status: mailOutbox.status,
      deliveryState: mailOutbox.deliveryState,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(and(sql`${mailOutbox.channel} <> 'email'`, inArray(mailOutbox.to, to)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}
