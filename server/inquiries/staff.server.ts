import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { InquiryKind, InquiryStatus } from "~/domain/inquiries";
import { containsPattern } from "~/domain/like-patterns";
import { type Page, paginate } from "~/domain/pagination";
import { recordAudit } from "~/server/audit/audit.server";
import { type Db, db } from "~/server/db/client.server";
import { moveComplaint, replyToComplaint } from "~/server/complaints/handle-complaint.server";
import {
  complaintReplies,
  complaints,
  contactInquiries,
  contactInquiryReplies,
  outsourcingInquiries,
  outsourcingInquiryReplies,
  profiles,
} from "~/server/db/schema";
import { enqueueMail, inTransactionWithMail } from "~/server/mail/outbox.server";
import { assertVersion, updateAtVersion } from "~/server/db/versions.server";
import {
  contactInquiryReplyEmail,
  outsourcingInquiryReplyEmail,
} from "~/server/inquiries/inquiry-mail.server";
import { getSiteSettings } from "~/server/settings/settings.server";

// The staff side of both inboxes (contact messages and quote requests), keyed by kind. Staff read
// every inquiry: the inboxes are the agency's, not one person's, hence no owner in the queries.

type Actor = { id: string };

export const INQUIRY_PAGE_SIZE = 20;

const contactRow = {
  id: contactInquiries.id,
  name: contactInquiries.name,
  email: contactInquiries.email,
  phone: contactInquiries.phone,
  subject: contactInquiries.subject,
  message: contactInquiries.message,
  status: contactInquiries.status,
  createdAt: contactInquiries.createdAt,
  // What its forms post back: an edit on an older version is refused (decision record 37).
  version: contactInquiries.version,
};

/** A contact message opened by staff: its row, when it last moved, and who has it. */
const contactDetail = {
  ...contactRow,
  updatedAt: contactInquiries.updatedAt,
  resolvedAt: contactInquiries.resolvedAt,
  assignedToName: profiles.fullName,
};

const outsourcingRow = {
  id: outsourcingInquiries.id,
  name: outsourcingInquiries.name,
  email: outsourcingInquiries.email,
  company: outsourcingInquiries.company,
  services: outsourcingInquiries.services,
  budget: outsourcingInquiries.budget,
  message: outsourcingInquiries.message,
  status: outsourcingInquiries.status,
  createdAt: outsourcingInquiries.createdAt,
  version: outsourcingInquiries.version,
};

const complaintRow = {
  id: complaints.id,
  reference: complaints.reference,
  category: complaints.category,
  name: complaints.name,
  email: complaints.email,
  phone: complaints.phone,
  message: complaints.message,
  reportedContact: complaints.reportedContact,
  status: complaints.status,
  dueAt: complaints.dueAt,
  escalatedAt: complaints.escalatedAt,
  createdAt: complaints.createdAt,
  version: complaints.version,
};

/** A complaint opened by staff: its row, its dates and who owns it. */
const complaintDetail = {
  ...complaintRow,
  updatedAt: complaints.updatedAt,
  resolvedAt: complaints.resolvedAt,
  assignedTo: complaints.assignedTo,
  assignedToName: profiles.fullName,
};

export type ComplaintRow = Pick<typeof complaints.$inferSelect, keyof typeof complaintRow>;
export type ContactInquiryRow = Pick<typeof contactInquiries.$inferSelect, keyof typeof contactRow>;
export type OutsourcingInquiryRow = Pick<
  typeof outsourcingInquiries.$inferSelect,
  keyof typeof outsourcingRow
>;
export type InquiryRow<K extends InquiryKind> = {
  contact: ContactInquiryRow;
  outsourcing: OutsourcingInquiryRow;
  complaint: ComplaintRow;
}[K];

/** The table, its replies and what staff search in, for each kind. */
const KIND = {
  contact: {
    table: contactInquiries,
    replies: contactInquiryReplies,
    searched: [contactInquiries.name, contactInquiries.email, contactInquiries.subject],
    targetType: "contact_inquiry",
  },
  outsourcing: {
    table: outsourcingInquiries,
    replies: outsourcingInquiryReplies,
    searched: [outsourcingInquiries.name, outsourcingInquiries.company, outsourcingInquiries.email],
    targetType: "outsourcing_inquiry",
  },
  complaint: {
    table: complaints,
    replies: complaintReplies,
    searched: [complaints.reference, complaints.name, complaints.email],
    targetType: "complaint",
  },
} as const;

/** One page of one inbox, newest first, filtered by status and by a search in its text fields. */
export async function listInquiriesForStaff<K extends InquiryKind>(o: {
  kind: K;
  status?: InquiryStatus<K>;
  q?: string;
  page: number;
}): Promise<Page<InquiryRow<K>>> {
  const { table, searched } = KIND[o.kind];
  const where: SQL[] = [];
  if (o.status) where.push(eq(table.status, o.status));
  if (o.q) {
    const pattern = containsPattern(o.q);
    where.push(or(...searched.map((column) => ilike(column, pattern)))!);
  }
  const filter = where.length ? and(...where) : undefined;
  const fields =
    o.kind === "contact" ? contactRow : o.kind === "complaint" ? complaintRow : outsourcingRow;
  return paginate({
    page: o.page,
    pageSize: INQUIRY_PAGE_SIZE,
    count: async () => (await db().select({ n: count() }).from(table).where(filter))[0]?.n ?? 0,
    rows: async (limit, offset) => {
      const rows = await db()
        .select(fields)
        .from(table)
        .where(filter)
        .orderBy(desc(table.createdAt), desc(table.id))
        .limit(limit)
        .offset(offset);
      return rows as InquiryRow<K>[];
    },
  });
}

/** How many inquiries of one kind sit in each status, and in all. */
export async function countInquiriesByStatus<K extends InquiryKind>(kind: K) {
  const { table } = KIND[kind];
  const rows = await db()
    .select({ status: table.status, n: count() })
    .from(table)
    .groupBy(table.status);
  const byStatus: Partial<Record<InquiryStatus<K>, number>> = {};
  for (const r of rows) byStatus[r.status as InquiryStatus<K>] = r.n;
  return { byStatus, total: rows.reduce((sum, r) => sum + r.n, 0) };
}

/** One inquiry with its replies (oldest first), or null. */
export async function getInquiryForStaff<K extends InquiryKind>(o: { kind: K; id: string }) {
  const inquiry =
    o.kind === "contact"
      ? (
          await db()
            .select(contactDetail)
            .from(contactInquiries)
            .leftJoin(profiles, eq(profiles.id, contactInquiries.assignedTo))
            .where(eq(contactInquiries.id, o.id))
        )[0]
      : o.kind === "complaint"
        ? (
            await db()
              .select(complaintDetail)
              .from(complaints)
              .leftJoin(profiles, eq(profiles.id, complaints.assignedTo))
              .where(eq(complaints.id, o.id))
          )[0]
        : (
            await db()
              .select(outsourcingRow)
              .from(outsourcingInquiries)
              .where(eq(outsourcingInquiries.id, o.id))
          )[0];
  if (!inquiry) return null;
  const { replies } = KIND[o.kind];
  const rows = await db()
    .select({
      id: replies.id,
      body: replies.body,
      createdAt: replies.createdAt,
      authorName: profiles.fullName,
      // Only a complaint's replies may be staff notes; every other reply went to the person.
      forComplainant: "forComplainant" in replies ? replies.forComplainant : sql<boolean>`true`,
    })
    .from(replies)
    .leftJoin(profiles, eq(profiles.id, replies.authorId))
    .where(eq(replies.inquiryId, o.id))
    .orderBy(asc(replies.createdAt));
  return {
    ...(inquiry as unknown as InquiryRow<K> & {
      updatedAt?: Date;
      resolvedAt?: Date | null;
      assignedTo?: string | null;
      assignedToName?: string | null;
    }),
    replies: rows,
  };
}
export type InquiryDetail<K extends InquiryKind> = NonNullable<
  Awaited<ReturnType<typeof getInquiryForStaff<K>>>
>;

/**
 * Writes an inquiry's new status. On a contact message the acting staff member becomes
 * assigned_to, and resolved or closed stamps resolved_at (any other status clears it). With a
 * `version` (the one the form showed), an inquiry that has changed since is left as it is:
 * StaleEditError (decision record 37).
 */
async function moveInquiry<K extends InquiryKind>(
  tx: Db,
  o: { actor: Actor; kind: K; id: string; status: InquiryStatus<K>; version?: number },
) {
  if (o.kind === "complaint") {
    await moveComplaint(tx, {
      id: o.id,
      status: o.status as InquiryStatus<"complaint">,
      version: o.version,
    });
  } else if (o.kind === "contact") {
    const closing = o.status === "resolved" || o.status === "closed";
    await updateAtVersion(tx, contactInquiries, {
      where: eq(contactInquiries.id, o.id),
      version: o.version,
      set: {
        status: o.status as InquiryStatus<"contact">,
        assignedTo: o.actor.id,
        updatedAt: new Date(),
        resolvedAt: closing ? sql`coalesce(${contactInquiries.resolvedAt}, now())` : null,
      },
      target: { type: KIND.contact.targetType, id: o.id },
      current: { status: contactInquiries.status },
    });
  } else {
    await updateAtVersion(tx, outsourcingInquiries, {
      where: eq(outsourcingInquiries.id, o.id),
      version: o.version,
      set: { status: o.status as InquiryStatus<"outsourcing">, updatedAt: new Date() },
      target: { type: KIND.outsourcing.targetType, id: o.id },
      current: { status: outsourcingInquiries.status },
    });
  }
}

/** The audit action of a status change, per kind. */
const STATUS_ACTIONS = {
  contact: "inquiry.status_change",
  outsourcing: "outsourcing_inquiry.status_change",
  complaint: "complaint.status_change",
} as const;

/** Staff move an inquiry to another status (see moveInquiry), audited. */
export async function updateInquiryStatus<K extends InquiryKind>(o: {
  actor: Actor;
  kind: K;
  id: string;
  status: InquiryStatus<K>;
  /** The version the list or dialog showed: refused (StaleEditError) if it changed since. */
  version?: number;
}) {
  return db().transaction(async (tx) => {
    const { table } = KIND[o.kind];
    const [before] = await tx
      .select({ status: table.status })
      .from(table)
      .where(eq(table.id, o.id));
    if (!before) return false;
    await moveInquiry(tx, o);
    await recordAudit(tx, {
      actorId: o.actor.id,
      action: STATUS_ACTIONS[o.kind],
      targetType: KIND[o.kind].targetType,
      targetId: o.id,
      details: { from: before.status, to: o.status },
    });
    return true;
  });
}

/**
 * A staff reply: kept on the inquiry, e-mailed to the person who wrote in (replies to it reach
 * the agency's contact address), audited; the inquiry moves to in progress.
 */
export async function replyToInquiry(o: {
  actor: Actor;
  kind: InquiryKind;
  id: string;
  body: string;
  /** A complaint's answer goes to the person, or stays among staff as a note. */
  audience?: "complainant" | "staff";
  /**
   * The version the reply was written on: if a colleague answered or moved the inquiry since,
   * nothing is sent (StaleEditError), so the person never gets two answers (decision record 37).
   */
  version?: number;
}) {
  if (o.kind === "complaint") {
    return replyToComplaint({ ...o, audience: o.audience ?? "complainant" });
  }
  const kind = o.kind;
  return inTransactionWithMail(async (tx) => {
    const settings = await getSiteSettings(tx);
    const { table, replies, targetType } = KIND[kind];
    const [inquiry] = await tx.select().from(table).where(eq(table.id, o.id)).for("update");
    if (!inquiry) return false;
    await assertVersion(
      tx,
      inquiry,
      o.version,
      { type: targetType, id: o.id },
      {
        status: inquiry.status,
      },
    );
    // Only a contact message has a subject: that tells the two kinds' rows apart for the mail.
    const mail =
      "subject" in inquiry
        ? contactInquiryReplyEmail({
            settings,
            name: inquiry.name,
            subject: inquiry.subject,
            reply: o.body,
            originalMessage: inquiry.message,
            lng: inquiry.language,
          })
        : outsourcingInquiryReplyEmail({ settings, reply: o.body, inquiry, lng: inquiry.language });
    // Checked above, under the row's lock: the move itself needs no version.
    await moveInquiry(tx, { ...o, status: "in_progress", version: undefined });
    await tx.insert(replies).values({ inquiryId: o.id, authorId: o.actor.id, body: o.body });
    await enqueueMail(tx, { to: inquiry.email, replyTo: settings.contactEmail, ...mail });
    await recordAudit(tx, {
      actorId: o.actor.id,
      action: o.kind === "contact" ? "inquiry.reply" : "outsourcing_inquiry.reply",
      targetType,
      targetId: o.id,
      details: { from: inquiry.status, to: "in_progress" },
    });
    return true;
  });
}
