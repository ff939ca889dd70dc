import {
  and,
  count,
  desc,
  eq,
  gte,
  ilike,
  isNotNull,
  isNull,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { STAFF_ROLES, type MessageGroup } from "~/domain/enums";
import { containsPattern } from "~/domain/like-patterns";
import type { ComposeMessage } from "~/domain/messages";
import { recordAudit } from "~/server/audit/audit.server";
import type { Viewer } from "~/server/auth/guards.server";
import { type Db, db, queryRows } from "~/server/db/client.server";
import { paginateSelect } from "~/server/db/paginate.server";
import { messageRecipients, messages, profiles } from "~/server/db/schema";
import { inTransactionWithMail } from "~/server/mail/outbox.server";
import type { OfficeScope } from "~/domain/offices";
import { applicantInScope, officeScopeFor } from "~/server/offices/scope.server";
import { postStaffMessageInThread } from "./threads.server";

type Actor = Pick<Viewer, "id" | "role">;
/** The applicant reading their own inbox. */
type Reader = Pick<Viewer, "id">;

export class RecipientNotFoundError extends Error {}

// Groups are of applicants: staff accounts never receive group messages, nor are they offered as
// recipients.
const notStaff = notInArray(profiles.role, [...STAFF_ROLES]);

// An erased account (a "Deleted user" stub) is nobody to write to.
const reachable = isNull(profiles.erasedAt);

function groupFilter(group: MessageGroup): SQL {
  switch (group) {
    case "all_users":
      return and(reachable, notStaff)!;
    case "job_seekers":
      return and(reachable, eq(profiles.role, "job_seeker"))!;
    case "students":
      return and(reachable, eq(profiles.role, "student_applicant"))!;
    case "paid_users":
      return and(reachable, notStaff, eq(profiles.registrationFeePaid, true))!;
  }
}

/**
 * Sends a message: one row for the message and, in the same transaction, one recipient row per
 * member of the group as it is now (or the one person), each unread. Returns the recipient count.
 * Staff write to the applicants of their offices only: a group is its members in those offices.
 */
export async function sendMessage({ actor, input }: { actor: Actor; input: ComposeMessage }) {
  return inTransactionWithMail(async (tx) => {
    const individual = input.recipientType === "individual";
    const inOffices = applicantInScope(await officeScopeFor(actor, tx), profiles.id);
    let recipient: { id: string } | undefined;
    if (individual) {
      [recipient] = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.id, input.recipientId!), reachable, inOffices));
      if (!recipient) throw new RecipientNotFoundError();
    }
    let message: { id: string } | undefined;
    let recipients: number;
    if (individual) {
      // A message to one person is in their thread (and answers what they wrote).
      message = await postStaffMessageInThread(tx, {
        actor,
        applicantId: recipient!.id,
        subject: input.subject,
        content: input.content,
        attachmentUrl: input.attachmentUrl ?? null,
      });
      recipients = 1;
    } else {
      [message] = await tx
        .insert(messages)
        .values({
          subject: input.subject,
          content: input.content,
          senderId: actor.id,
          recipientGroup: input.recipientGroup!,
          attachmentUrl: input.attachmentUrl ?? null,
        })
        .returning({ id: messages.id });
      // One INSERT … SELECT: a group of 100,000 is one statement, not 100,000 round trips.
      const [row] = await queryRows<{ n: number }>(
        sql`with added as (
              insert into ${messageRecipients} (message_id, user_id)
              select ${message!.id}::uuid, ${profiles.id} from ${profiles}
               where ${and(groupFilter(input.recipientGroup!), inOffices)}
              returning 1)
            select count(*)::int as n from added`,
        tx,
      );
      recipients = Number(row?.n ?? 0);
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: "message.send",
      targetType: "message",
      targetId: message!.id,
      details: individual
        ? { recipientId: recipient!.id }
        : { recipientGroup: input.recipientGroup, recipients },
    });
    return { id: message!.id, recipients, individual };
  });
}

export const SENT_PAGE_SIZE = 20;

/** The acting staff member's own sent messages, newest first, with read counts. */
export async function listSentMessages({ actor, page }: { actor: Actor; page: number }) {
  const mine = eq(messages.senderId, actor.id);
  return paginateSelect(
    messages,
    mine,
    { page, pageSize: SENT_PAGE_SIZE },
    db()
      .select({
        id: messages.id,
        subject: messages.subject,
        content: sql<string>`left(${messages.content}, 160)`,
        recipientGroup: messages.recipientGroup,
        recipientId: messages.recipientId,
        recipientName: profiles.fullName,
        recipientEmail: profiles.email,
        attachmentUrl: messages.attachmentUrl,
        sentAt: messages.sentAt,
        recipients:
          sql<number>`(select count(*)::int from ${messageRecipients} r where r.message_id = ${messages.id})`.mapWith(
            Number,
          ),
        read: sql<number>`(select count(*)::int from ${messageRecipients} r where r.message_id = ${messages.id} and r.read_at is not null)`.mapWith(
          Number,
        ),
      })
      .from(messages)
      .leftJoin(profiles, eq(profiles.id, messages.recipientId))
      .where(mine)
      .orderBy(desc(messages.sentAt), desc(messages.id))
      .$dynamic(),
  );
}

export async function countSentMessageStats({
  actor,
  now = new Date(),
}: {
  actor: Actor;
  now?: Date;
}) {
  const weekAgo = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
  const counted = (where: SQL) => sql<number>`count(*) filter (where ${where})`.mapWith(Number);
  const [stats] = await db()
    .select({
      total: count(),
      group: counted(isNotNull(messages.recipientGroup)),
      thisWeek: counted(gte(messages.sentAt, weekAgo)),
      // Read = every recipient has opened it.
      read: counted(
        sql`exists (select 1 from ${messageRecipients} r where r.message_id = ${messages.id})
          and not exists (select 1 from ${messageRecipients} r where r.message_id = ${messages.id} and r.read_at is null)`,
      ),
    })
    .from(messages)
    .where(eq(messages.senderId, actor.id));
  return stats!;
}

/**
 * For the compose dialog: people of the viewer's offices found by name or e-mail (staff
 * excluded), at most 8.
 */
export async function searchRecipients(q: string, scope: OfficeScope) {
  const term = q.trim();
  if (term.length < 2) return [];
  const like = containsPattern(term);
  return db()
    .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email })
    .from(profiles)
    .where(
      and(
        or(ilike(profiles.fullName, like), ilike(profiles.email, like)),
        notStaff,
        reachable,
        applicantInScope(scope, profiles.id),
      ),
    )
    .orderBy(profiles.fullName)
    .limit(8);
}

// ── The applicant's inbox: always scoped to the viewer's own recipient rows ──────────────────

export const INBOX_PAGE_SIZE = 20;

export async function listInboxMessages({ viewer, page }: { viewer: Reader; page: number }) {
  const mine = eq(messageRecipients.userId, viewer.id);
  return paginateSelect(
    messageRecipients,
    mine,
    { page, pageSize: INBOX_PAGE_SIZE },
    db()
      .select({
        id: messages.id,
        subject: messages.subject,
        preview: sql<string>`left(${messages.content}, 140)`,
        sentAt: messages.sentAt,
        readAt: messageRecipients.readAt,
      })
      .from(messageRecipients)
      .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
      .where(mine)
      .orderBy(desc(messages.sentAt), desc(messages.id))
      .$dynamic(),
  );
}

/** One message, only if it was addressed to this user; null otherwise (the route answers 404). */
export async function getInboxMessage({
  viewer,
  messageId,
}: {
  viewer: Reader;
  messageId: string;
}) {
  const [row] = await db()
    .select({
      id: messages.id,
      subject: messages.subject,
      content: messages.content,
      attachmentUrl: messages.attachmentUrl,
      sentAt: messages.sentAt,
      readAt: messageRecipients.readAt,
      senderName: profiles.fullName,
    })
    .from(messageRecipients)
    .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
    .leftJoin(profiles, eq(profiles.id, messages.senderId))
    .where(
      and(eq(messageRecipients.userId, viewer.id), eq(messageRecipients.messageId, messageId)),
    );
  return row ?? null;
}

/** Marks the user's own copy read; returns false when the message was not addressed to them. */
export async function markMessageRead(
  { viewer, messageId }: { viewer: Reader; messageId: string },
  on: Db = db(),
) {
  const rows = await on
    .update(messageRecipients)
    .set({ readAt: sql`coalesce(${messageRecipients.readAt}, now())` })
    .where(and(eq(messageRecipients.userId, viewer.id), eq(messageRecipients.messageId, messageId)))
    .returning({ messageId: messageRecipients.messageId });
  return rows.length > 0;
}

export async function markAllMessagesRead(userId: string) {
  await db()
    .update(messageRecipients)
    .set({ readAt: new Date() })
    .where(and(eq(messageRecipients.userId, userId), isNull(messageRecipients.readAt)));
}
