import type { Db } from "../db/client.server";
import { mailOutbox } from "../db/schema";

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  replyTo?: string | null;
};

/**
 * Queues an e-mail in the durable outbox. Call with the transaction of the change that causes it:
 * the mail exists only if the change committed, and the sender (server/mail) delivers it after
 * the commit, with retries.
 */
export async function enqueueMail(tx: Db, mail: OutgoingMail) {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      replyTo: mail.replyTo ?? null,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}
