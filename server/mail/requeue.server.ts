import { recordAudit } from "~/server/audit/audit.server";
import { inTransactionWithMail } from "~/server/mail/outbox.server";
import { requeueFailedMail } from "~/server/mail/sender.server";

/**
 * Staff put every e-mail that ran out of attempts back in the queue (after fixing the mail server,
 * say): audited, and the sender is woken once it is committed. Returns how many were queued.
 */
export async function requeueFailedMailForStaff(o: { actor: { id: string } }) {
  return inTransactionWithMail(async (tx) => {
    const requeued = await requeueFailedMail(tx);
    await recordAudit(tx, {
      actorId: o.actor.id,
      action: "mail.requeue_failed",
      targetType: "mail_outbox",
      details: { count: requeued },
    });
    return requeued;
  });
}
