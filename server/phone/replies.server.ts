import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { PhoneChannel } from "~/domain/channels";
import { APPLICANT_ROLES } from "~/domain/enums";
import { replySubject } from "~/domain/messages";
import { db } from "~/server/db/client.server";
import { mailOutbox, profiles } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { sendApplicantMessage } from "~/server/messages/threads.server";

// A message an applicant sends from their phone (not a STOP, which http.server.ts takes first)
// lands in their conversation as theirs, the way a reply by e-mail does (decision records 47, 54):
// waiting for an answer, their owners told. The number is the only proof of who wrote, so it must
// be one applicant's: an unknown number or one two applicants share is logged and dropped, and
// nobody's account is ever made from it.

const CHANNEL_NAMES: Record<PhoneChannel, string> = { whatsapp: "WhatsApp", sms: "SMS" };

export type PhoneMessageOutcome =
  | { landed: true; messageId: string; duplicate: boolean }
  | { landed: false; reason: "empty" | "unknown number" | "shared number" };

/** Enough of a number for the log to tell two apart, not enough to call it. */
const masked = (number: string) => `${number.slice(0, 4)}…${number.slice(-2)}`;

/**
 * Lands the text `from` (E.164) sent on `channel` in its applicant's conversation, once per
 * `providerMessageId` however often the provider delivers it. Its subject answers the last notice
 * sent to that number on that channel (what the person is most likely answering), else names the
 * channel.
 */
export async function receivePhoneMessage(m: {
  channel: PhoneChannel;
  from: string;
  text: string;
  providerMessageId: string;
}): Promise<PhoneMessageOutcome> {
  const content = m.text.trim().slice(0, 10_000);
  if (!content) return { landed: false, reason: "empty" };
  const people = await db()
    .selectDistinct({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        or(eq(profiles.whatsappNumber, m.from), eq(profiles.phoneNumber, m.from)),
        inArray(profiles.role, [...APPLICANT_ROLES]),
        isNull(profiles.erasedAt),
      ),
    )
    .limit(2);
  if (people.length !== 1) {
    const reason = people.length === 0 ? "unknown number" : "shared number";
    logger().info(
      { channel: m.channel, from: masked(m.from), reason },
      "a phone message dropped: not one applicant's number",
    );
    return { landed: false, reason };
  }
  const [notice] = await db()
    .select({ title: mailOutbox.subject })
    .from(mailOutbox)
    .where(
      and(
        sql`${mailOutbox.channel} <> 'email'`,
        eq(mailOutbox.channel, m.channel),
        eq(mailOutbox.to, m.from),
      ),
    )
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const subject = notice?.title ? replySubject(notice.title) : CHANNEL_NAMES[m.channel];
  const sent = await sendApplicantMessage({
    viewer: { id: people[0]!.id },
    input: { subject: subject.slice(0, 200), content },
    via: m.channel,
    providerMessageId: m.providerMessageId,
  });
  return { landed: true, messageId: sent.id, duplicate: sent.duplicate };
}
