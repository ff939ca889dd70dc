import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNull,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { STAFF_ROLES } from "~/domain/enums";
import {
  type ApplicantMessage,
  type MessageVia,
  replySubject,
  type StaffReply,
} from "~/domain/messages";
import type { OfficeScope } from "~/domain/offices";
import { recordAudit } from "~/server/audit/audit.server";
import type { Viewer } from "~/server/auth/guards.server";
import { type Db, db } from "~/server/db/client.server";
import { paginateSelect } from "~/server/db/paginate.server";
import {
  documents,
  documentTypes,
  messageRecipients,
  messages,
  messageThreads,
  profiles,
} from "~/server/db/schema";
import { enqueueApplicantMail, inTransactionWithMail } from "~/server/mail/outbox.server";
import { newMessageEmail } from "./message-mail.server";
import { applicantInScope, officeScopeFor } from "~/server/offices/scope.server";
import { notifyApplicantOwners } from "~/server/owners/owners.server";
import { officeReplyAddress, threadReplyAddress } from "./reply-address.server";

// Conversations (one thread per applicant): the applicant writes to the agency from the dashboard
// or by replying to a message e-mail; staff answer in the thread from the applicant's page. An
// applicant's message waits (answered_at null) until a staff message to them alone is sent.

type Actor = Pick<Viewer, "id" | "role">;
type Reader = Pick<Viewer, "id">;

/** The message replied to is not one the applicant received, or the applicant is not reachable. */
export class ThreadTargetNotFoundError extends Error {}

/** The attachment named is not one of the applicant's own current documents. */
export class AttachmentNotFoundError extends Error {}

/** Staff start a conversation without a subject (an answer takes the last one's). */
export class SubjectNeededError extends Error {}

/** The applicant's thread, made on first use; its last_message_at moves to now. */
export async function threadOf(tx: Db, applicantId: string): Promise<string> {
  const [row] = await tx
    .insert(messageThreads)
    .values({ applicantId })
    .onConflictDoUpdate({ target: messageThreads.applicantId, set: { lastMessageAt: sql`now()` } })
    .returning({ id: messageThreads.id });
  return row!.id;
}

/**
 * A staff message to the applicant alone, in their thread: answers what they wrote, and its e-mail
 * replies into the thread. Called by sendMessage (compose) and replyInThread (the applicant page).
 */
export async function postStaffMessageInThread(
  tx: Db,
  o: {
    actor: Actor;
    applicantId: string;
    subject: string;
    content: string;
    attachmentUrl?: string | null;
  },
) {
  const threadId = await threadOf(tx, o.applicantId);
  const [message] = await tx
    .insert(messages)
    .values({
      subject: o.subject,
      content: o.content,
      senderId: o.actor.id,
      recipientId: o.applicantId,
      attachmentUrl: o.attachmentUrl ?? null,
      threadId,
    })
    .returning({ id: messages.id });
  await tx.insert(messageRecipients).values({ messageId: message!.id, userId: o.applicantId });
  await tx
    .update(messages)
    .set({ answeredAt: sql`now()` })
    .where(
      and(
        eq(messages.threadId, threadId),
        eq(messages.fromApplicant, true),
        isNull(messages.answeredAt),
      ),
    );
  const own = await threadReplyAddress(threadId, tx);
  await enqueueApplicantMail(tx, {
    userId: o.applicantId,
    render: (r) =>
      newMessageEmail({ ...r, subject: o.subject, content: o.content, replyable: Boolean(own) }),
    replyTo: own ?? (await officeReplyAddress(tx, o.applicantId)),
  });
  return { id: message!.id, threadId };
}

/** Whom an applicant's message goes to: their owner, else their office. */
export async function messageAddresseeFor(viewer: Reader) {
  const owner = alias(profiles, "owner");
  const [row] = await db()
    .select({ ownerName: owner.fullName, office: profiles.office })
    .from(profiles)
    // A staff owner answers; an agent who registered them does not read the agency's messages.
    .leftJoin(
      owner,
      and(
        eq(owner.id, profiles.ownerId),
        isNull(owner.erasedAt),
        inArray(owner.role, [...STAFF_ROLES]),
      ),
    )
    .where(eq(profiles.id, viewer.id));
  return { ownerName: row?.ownerName ?? null, office: row?.office ?? null };
}

/**
 * The applicant's documents that a message may carry (uploaded through the document rules on My
 * Documents; a replaced upload is not offered), newest first, with their type's name.
 */
export async function listAttachableDocuments(viewer: Reader) {
  return db()
    .select({
      id: documents.id,
      fileName: documents.fileName,
      typeNames: documentTypes.names,
      uploadedAt: documents.uploadedAt,
    })
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.key, documents.documentType))
    .where(and(eq(documents.userId, viewer.id), ne(documents.status, "replaced")))
    .orderBy(desc(documents.uploadedAt))
    .limit(50);
}
export type AttachableDocument = Awaited<ReturnType<typeof listAttachableDocuments>>[number];

/**
 * The applicant writes to the agency: a new message, or a reply to one they received (its subject
 * with "Re:"). In their thread, waiting for an answer; their owners are told (notification and
 * e-mail). `via` when it did not come from the dashboard; with a `providerMessageId` (WhatsApp's,
 * Africa's Talking's), a message the provider delivers again is the one already made, not a second.
 */
export async function sendApplicantMessage(
  o: { viewer: Reader; input: ApplicantMessage; via?: MessageVia; providerMessageId?: string },
  on: Db = db(),
) {
  return inTransactionWithMail(async (tx) => {
    const providerMessageId = o.via && o.providerMessageId ? o.providerMessageId : null;
    const delivered = async () => {
      if (!providerMessageId) return undefined;
      const [row] = await tx
        .select({ id: messages.id, threadId: messages.threadId })
        .from(messages)
        .where(and(eq(messages.via, o.via!), eq(messages.providerMessageId, providerMessageId)));
      return row ? { id: row.id, threadId: row.threadId!, duplicate: true } : undefined;
    };
    const before = await delivered();
    if (before) return before;
    let subject = o.input.subject ?? "";
    if (o.input.replyTo) {
      const [original] = await tx
        .select({ subject: messages.subject })
        .from(messageRecipients)
        .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
        .where(
          and(
            eq(messageRecipients.userId, o.viewer.id),
            eq(messageRecipients.messageId, o.input.replyTo),
          ),
        );
      if (!original) throw new ThreadTargetNotFoundError();
      subject = replySubject(original.subject);
    }
    const [applicant] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.id, o.viewer.id), isNull(profiles.erasedAt)));
    if (!applicant) throw new ThreadTargetNotFoundError();
    const documentId = o.input.documentId ?? null;
    if (documentId) {
      const [own] = await tx
        .select({ id: documents.id })
        .from(documents)
        .where(
          and(
            eq(documents.id, documentId),
            eq(documents.userId, o.viewer.id),
            ne(documents.status, "replaced"),
          ),
        );
      if (!own) throw new AttachmentNotFoundError();
    }
    const threadId = await threadOf(tx, o.viewer.id);
    const [message] = await tx
      .insert(messages)
      .values({
        subject,
        content: o.input.content,
        senderId: o.viewer.id,
        threadId,
        fromApplicant: true,
        via: o.via ?? null,
        providerMessageId,
        documentId,
      })
      // Two deliveries of one provider message at the same moment: the second makes nothing.
      .onConflictDoNothing({ target: [messages.via, messages.providerMessageId] })
      .returning({ id: messages.id });
    if (!message) {
      const first = await delivered();
      if (first) return first;
      throw new Error("A provider's message was neither made nor found");
    }
    await notifyApplicantOwners(tx, {
      applicantId: o.viewer.id,
      event: "message",
      detail: () => subject,
      path: `/admin/applicants/${o.viewer.id}#applicant-messages`,
    });
    return { id: message.id, threadId, duplicate: false };
  }, on);
}

/** Staff answer in an applicant's thread (their page). Audited; the applicant is mailed. */
export async function replyInThread({ actor, input }: { actor: Actor; input: StaffReply }) {
  return inTransactionWithMail(async (tx) => {
    const [applicant] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(
        and(
          eq(profiles.id, input.applicantId),
          isNull(profiles.erasedAt),
          notInArray(profiles.role, [...STAFF_ROLES]),
          applicantInScope(await officeScopeFor(actor, tx), profiles.id),
        ),
      );
    if (!applicant) throw new ThreadTargetNotFoundError();
    const [last] = await tx
      .select({ subject: messages.subject })
      .from(messages)
      .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
      .where(eq(messageThreads.applicantId, applicant.id))
      .orderBy(desc(messages.fromApplicant), desc(messages.sentAt))
      .limit(1);
    if (!input.subject && !last) throw new SubjectNeededError();
    const subject = input.subject ?? replySubject(last!.subject);
    const sent = await postStaffMessageInThread(tx, {
      actor,
      applicantId: applicant.id,
      subject,
      content: input.content,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "message.reply",
      targetType: "message",
      targetId: sent.id,
      details: { recipientId: applicant.id },
    });
    return sent;
  });
}

/**
 * One applicant's conversation, oldest first (the latest `limit`): their thread, and for staff
 * also the group messages they received. Each says who wrote it; an attachment names its file.
 */
export async function listThreadMessages(
  o: { applicantId: string; withGroupMessages: boolean },
  limit = 100,
) {
  const received = db()
    .select({ id: messageRecipients.messageId })
    .from(messageRecipients)
    .where(eq(messageRecipients.userId, o.applicantId));
  const thread = db()
    .select({ id: messageThreads.id })
    .from(messageThreads)
    .where(eq(messageThreads.applicantId, o.applicantId));
  const rows = await db()
    .select({
      id: messages.id,
      subject: messages.subject,
      content: messages.content,
      sentAt: messages.sentAt,
      fromApplicant: messages.fromApplicant,
      via: messages.via,
      answeredAt: messages.answeredAt,
      recipientGroup: messages.recipientGroup,
      attachmentUrl: messages.attachmentUrl,
      senderName: profiles.fullName,
      readAt: messageRecipients.readAt,
      documentId: documents.id,
      documentName: documents.fileName,
    })
    .from(messages)
    .leftJoin(profiles, eq(profiles.id, messages.senderId))
    .leftJoin(
      messageRecipients,
      and(
        eq(messageRecipients.messageId, messages.id),
        eq(messageRecipients.userId, o.applicantId),
      ),
    )
    .leftJoin(
      documents,
      and(eq(documents.id, messages.documentId), eq(documents.userId, o.applicantId)),
    )
    .where(
      o.withGroupMessages
        ? or(inArray(messages.threadId, thread), inArray(messages.id, received))
        : inArray(messages.threadId, thread),
    )
    .orderBy(desc(messages.sentAt), desc(messages.id))
    .limit(limit);
  return rows.reverse();
}
export type ThreadMessage = Awaited<ReturnType<typeof listThreadMessages>>[number];

/** The applicant's own conversation with the agency (their page's "Conversation"). */
export function listOwnThread({ viewer }: { viewer: Reader }) {
  return listThreadMessages({ applicantId: viewer.id, withGroupMessages: false }, 50);
}

export const THREADS_PAGE_SIZE = 20;

/**
 * The thread's applicant waits for an answer: a message of theirs in it is unanswered. A staff
 * message in the thread answers all of them, so the thread's last word is then the applicant's.
 * One condition for the list's filter, its count and the work queue (on messages_waiting_idx).
 */
export const threadWaits = sql`exists (select 1 from ${messages} w
  where w.thread_id = ${messageThreads.id} and w.from_applicant and w.answered_at is null)`;

/** Since when the thread's applicant waits: their oldest unanswered message's time. */
export const waitingSince = sql<Date>`(select min(w.sent_at) from ${messages} w
  where w.thread_id = ${messageThreads.id} and w.from_applicant and w.answered_at is null)`.mapWith(
  messages.sentAt,
);

/** The subject of the oldest unanswered message (what the applicant asked first). */
export const waitingSubject = sql<string | null>`(select w.subject from ${messages} w
  where w.thread_id = ${messageThreads.id} and w.from_applicant and w.answered_at is null
  order by w.sent_at, w.id limit 1)`;

const waitingCount = sql<number>`(select count(*)::int from ${messages} w
  where w.thread_id = ${messageThreads.id} and w.from_applicant and w.answered_at is null)`.mapWith(
  Number,
);

/**
 * The conversations of the viewer's offices' applicants (of one of them, `office`), and with
 * `waiting` only those waiting for a reply; reads across applicants on purpose, as staff work on
 * everyone of their offices. The list's count and its rows share one `where`.
 */
export function staffThreadsWhere(
  scope: OfficeScope,
  filter: { waiting?: boolean; office?: string | null } = {},
): SQL | undefined {
  return and(
    applicantInScope(scope, messageThreads.applicantId, filter.office ?? null),
    filter.waiting ? threadWaits : undefined,
  );
}

/**
 * One page of the conversations of the viewer's offices' applicants (see staffThreadsWhere):
 * every one with those waiting first, then by their last message; only those waiting, the one
 * waiting longest first. Each says how many of the applicant's messages wait and who on the team
 * wrote last.
 */
export async function listThreadsForStaff({
  scope,
  page,
  filter = {},
}: {
  scope: OfficeScope;
  page: number;
  filter?: { waiting?: boolean; office?: string | null };
}) {
  const where = staffThreadsWhere(scope, filter);
  const lastStaff = sql<string | null>`(select p.full_name from ${messages} s
    join ${profiles} p on p.id = s.sender_id
    where s.thread_id = ${messageThreads.id} and not s.from_applicant
    order by s.sent_at desc limit 1)`;
  const last = sql<string | null>`(select l.subject from ${messages} l
    where l.thread_id = ${messageThreads.id} order by l.sent_at desc limit 1)`;
  const order = filter.waiting
    ? [asc(waitingSince), asc(messageThreads.id)]
    : [sql`${threadWaits} desc`, desc(messageThreads.lastMessageAt), asc(messageThreads.id)];
  return paginateSelect(
    messageThreads,
    where,
    { page, pageSize: THREADS_PAGE_SIZE },
    db()
      .select({
        id: messageThreads.id,
        applicantId: messageThreads.applicantId,
        applicantName: profiles.fullName,
        applicantEmail: profiles.email,
        lastMessageAt: messageThreads.lastMessageAt,
        waiting: waitingCount,
        waitingSince,
        lastSubject: last,
        lastStaffName: lastStaff,
      })
      .from(messageThreads)
      .innerJoin(profiles, eq(profiles.id, messageThreads.applicantId))
      .where(where)
      .orderBy(...order)
      .$dynamic(),
  );
}
export type StaffThread = Awaited<ReturnType<typeof listThreadsForStaff>>["items"][number];

/** How many conversations of the viewer's offices (of one, `office`) wait for a reply. */
export async function countWaitingThreads(
  scope: OfficeScope,
  office: string | null = null,
  on: Db = db(),
) {
  return on.$count(messageThreads, staffThreadsWhere(scope, { waiting: true, office }));
}
