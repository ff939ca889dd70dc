import { and, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { isApplicantRole } from "~/domain/enums";
import { recordAudit } from "~/server/audit/audit.server";
import { auth } from "~/server/auth/auth.server";
import type { Viewer } from "~/server/auth/guards.server";
import { type Db, db } from "~/server/db/client.server";
import { lockRowById } from "~/server/db/lock-row.server";
import * as schema from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { mailTransport } from "~/server/mail/transport.server";
import { storage } from "~/server/storage/storage.server";

// "Delete my account". The profile row stays as a stub — "Deleted user", an
// address at erased.invalid, nothing else — so payment records (which the law says to keep) keep
// an owner; everything else personal is deleted or overwritten, in one transaction:
//   sessions, sign-in accounts and reset links: deleted (nobody can sign in as them again);
//   documents and data archives: rows deleted, then the stored files;
//   applications (with their history), messages to or from them, notifications: deleted;
//   contact and quote requests from their address: name, address, phone and text overwritten,
//   replies deleted; e-mails queued or sent to them, from them (reply-to) or naming them: deleted,
//   rows and the copies the mail transport kept (the .eml files without SMTP); rate-limit
//   counters on their address;
//   payments: kept, with any of their details in the provider metadata overwritten;
//   the audit trail: kept (who did what stays accountable), their name or address overwritten
//   wherever it appears in an entry's details.
// The erasure itself is audited (action account.erase, target the stub): that is the deletion log
// staff see, with when and which stub, never what was erased.

export const ERASED_NAME = "Deleted user";
const erasedEmail = (id: string) => `erased-${id}@erased.invalid`;
const ERASED_TEXT = "[erased]";

export class AccountErasureError extends Error {
  constructor(readonly reason: "notFound" | "notApplicant" | "emailMismatch") {
    super(`account erasure refused: ${reason}`);
  }
}

/** The person's current password is right (their own request is confirmed with it). */
export async function passwordMatches(userId: string, password: string): Promise<boolean> {
  const [account] = await db()
    .select({ hash: schema.accounts.password })
    .from(schema.accounts)
    .where(and(eq(schema.accounts.userId, userId), eq(schema.accounts.providerId, "credential")));
  if (!account?.hash || !password) return false;
  const context = await auth().$context;
  return context.password.verify({ hash: account.hash, password });
}

/**
 * Erases an applicant's account: `by: "self"` from their profile (the caller has checked their
 * password), `by: "staff"` on the person's request (the caller has checked the staff role). Returns
 * the stub's id. Idempotent: an account already erased is left as it is.
 */
export async function eraseAccount({
  actor,
  userId,
  by,
  confirmEmail,
}: {
  actor: Pick<Viewer, "id">;
  userId: string;
  by: "self" | "staff" | "retention";
  /** Staff confirm which account by typing its e-mail address. */
  confirmEmail?: string;
}): Promise<{ stubId: string }> {
  const storageKeys: string[] = [];
  const mailIds: string[] = [];
  await db().transaction(async (tx) => {
    const person = await lockRowById(tx, schema.profiles, userId);
    if (!person || (person.erasedAt && by === "staff")) throw new AccountErasureError("notFound");
    if (person.erasedAt) return;
    if (!isApplicantRole(person.role)) throw new AccountErasureError("notApplicant");
    if (
      confirmEmail !== undefined &&
      confirmEmail.trim().toLowerCase() !== person.email.toLowerCase()
    )
      throw new AccountErasureError("emailMismatch");

    const personal = [person.fullName, person.email, person.phoneNumber, person.whatsappNumber]
      .map((v) => v?.trim())
      .filter((v): v is string => !!v && v.length >= 3);

    await tx.delete(schema.sessions).where(eq(schema.sessions.userId, userId));
    await tx.delete(schema.accounts).where(eq(schema.accounts.userId, userId));
    await tx
      .delete(schema.verifications)
      .where(
        or(
          eq(schema.verifications.value, userId),
          eq(schema.verifications.identifier, person.email),
        ),
      );

    const docs = await tx
      .delete(schema.documents)
      .where(eq(schema.documents.userId, userId))
      .returning({ key: schema.documents.storageKey });
    const archives = await tx
      .delete(schema.dataExports)
      .where(eq(schema.dataExports.userId, userId))
      .returning({ key: schema.dataExports.storageKey });
    for (const { key } of [...docs, ...archives]) if (key) storageKeys.push(key);

    await tx.delete(schema.jobApplications).where(eq(schema.jobApplications.userId, userId));
    await tx.delete(schema.savedJobs).where(eq(schema.savedJobs.userId, userId));
    // Their tasks, with their answers.
    await tx.delete(schema.applicantTasks).where(eq(schema.applicantTasks.applicantId, userId));
    await tx.delete(schema.notifications).where(eq(schema.notifications.userId, userId));
    await tx.delete(schema.messageRecipients).where(eq(schema.messageRecipients.userId, userId));
    await tx
      .delete(schema.messages)
      .where(or(eq(schema.messages.senderId, userId), eq(schema.messages.recipientId, userId)));
    // Their conversation, and with it what remained in it.
    await tx.delete(schema.messageThreads).where(eq(schema.messageThreads.applicantId, userId));

    // Their job alerts, and any a visitor made with the same address (deliveries go with them).
    await tx
      .delete(schema.jobAlerts)
      .where(
        or(
          eq(schema.jobAlerts.userId, userId),
          sql`lower(${schema.jobAlerts.email}) = ${person.email.toLowerCase()}`,
        ),
      );
    await eraseInquiries(tx, person.email);
    for (const { id } of await deleteMailOf(tx, person.email, personal)) mailIds.push(id);
    await tx.execute(
      sql`delete from rate_limits where position(${person.email.toLowerCase()} in lower(key)) > 0 or position(${userId} in key) > 0`,
    );

    await scrubJson(tx, "payments", "metadata", sql`user_id = ${userId}`, personal);
    await scrubJson(tx, "audit_log", "details", sql`true`, personal);

    await tx
      .update(schema.profiles)
      .set({
        fullName: ERASED_NAME,
        email: erasedEmail(userId),
        emailVerified: false,
        image: null,
        phoneNumber: null,
        whatsappNumber: null,
        country: null,
        preferredCountryCode: null,
        preferredSector: null,
        preferredFieldOfStudy: null,
        emailNotifications: false,
        erasedAt: new Date(),
      })
      .where(eq(schema.profiles.id, userId));

    await recordAudit(tx, {
      actorId: by === "staff" ? actor.id : null,
      action: "account.erase",
      targetType: "profile",
      targetId: userId,
      details: { by },
    });
  });

  // After the commit: the rows that named the files are gone, so a failure here leaves an
  // unreachable file, never a broken record. Logged by key so it can be removed by hand.
  for (const key of storageKeys) {
    try {
      await storage().delete(key);
    } catch (error) {
      logger().error({ err: error, key }, "erased account: a stored file could not be deleted");
    }
  }
  try {
    await mailTransport().forget(mailIds);
  } catch (error) {
    logger().error({ err: error, userId }, "erased account: its outbox files could not be deleted");
  }
  return { stubId: userId };
}

/**
 * The outbox rows to or from the address (any case) or to one of `personal` (their phone
 * numbers: WhatsApp and SMS notices), or whose subject or text holds one of
 * `personal` (a colleague's mention e-mail names the applicant): deleted, their ids returned.
 */
function deleteMailOf(tx: Db, email: string, personal: string[]) {
  const m = schema.mailOutbox;
  const address = email.toLowerCase();
  return tx
    .delete(m)
    .where(
      or(
        sql`lower(${m.to}) = ${address}`,
        sql`lower(${m.replyTo}) = ${address}`,
        // Their WhatsApp and SMS notices, addressed to their numbers.
        ...personal.map((value) => eq(m.to, value)),
        ...personal.map((value) => {
          const pattern = likePattern(value);
          return or(ilike(m.subject, pattern), ilike(m.text, pattern));
        }),
      ),
    )
    .returning({ id: m.id });
}

/** `%value%` for ilike, with the pattern's own characters escaped. */
const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function eraseInquiries(tx: Db, email: string) {
  const contact = await tx
    .update(schema.contactInquiries)
    .set({
      name: ERASED_NAME,
      email: ERASED_TEXT,
      phone: null,
      subject: null,
      message: ERASED_TEXT,
    })
    .where(sql`lower(${schema.contactInquiries.email}) = ${email.toLowerCase()}`)
    .returning({ id: schema.contactInquiries.id });
  await deleteReplies(tx, schema.contactInquiryReplies, contact);
  const quotes = await tx
    .update(schema.outsourcingInquiries)
    .set({ name: ERASED_NAME, company: ERASED_TEXT, email: ERASED_TEXT, message: ERASED_TEXT })
    .where(sql`lower(${schema.outsourcingInquiries.email}) = ${email.toLowerCase()}`)
    .returning({ id: schema.outsourcingInquiries.id });
  await deleteReplies(tx, schema.outsourcingInquiryReplies, quotes);
}

/** The staff replies to the erased inquiries: they quote what the person wrote. */
async function deleteReplies(
  tx: Db,
  replies: typeof schema.contactInquiryReplies | typeof schema.outsourcingInquiryReplies,
  inquiries: { id: string }[],
) {
  if (inquiries.length === 0) return;
  await tx.delete(replies).where(
    inArray(
      replies.inquiryId,
      inquiries.map((i) => i.id),
    ),
  );
}

/**
 * In `table.column` (a jsonb object) of the rows matching `where`, every top-level value whose
 * text holds one of `personal` (case-insensitive) becomes "[erased]".
 */
async function scrubJson(
  tx: Db,
  table: string,
  column: string,
  where: ReturnType<typeof sql>,
  personal: string[],
) {
  for (const value of personal) {
    const pattern = likePattern(value);
    await tx.execute(sql`
      update ${sql.identifier(table)} set ${sql.identifier(column)} = (
        select jsonb_object_agg(k, case when v::text ilike ${pattern} then ${JSON.stringify(ERASED_TEXT)}::jsonb else v end)
        from jsonb_each(${sql.identifier(column)}) as e(k, v))
      where ${where} and jsonb_typeof(${sql.identifier(column)}) = 'object'
        and ${sql.identifier(column)}::text ilike ${pattern}`);
  }
}
