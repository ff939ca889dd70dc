import { eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { mailOutbox, profiles } from "../db/schema";

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

/**
 * Queues an e-mail about one of the applicant's own moments (status change, interview, document
 * review, payment receipt), unless they turned these e-mails off in profile settings. The in-app
 * notification is separate and always sent. Returns the outbox id, or null when skipped.
 */
export async function enqueueApplicantMail(
  tx: Db,
  userId: string,
  mail: Omit<OutgoingMail, "to">,
): Promise<string | null> {
  const [profile] = await tx
    .select({ email: profiles.email, emailNotifications: profiles.emailNotifications })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (!profile || !profile.emailNotifications) return null;
  return enqueueMail(tx, { ...mail, to: profile.email });
}
