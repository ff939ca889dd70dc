import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { ContactInquiryStatus } from "../../domain/enums";
import type { ContactInquiry } from "../../domain/inquiries";
import { recordAudit } from "../audit/audit.server";
import { db } from "../db/client.server";
import { contactInquiries, contactInquiryReplies, profiles } from "../db/schema";
import { enqueueMail } from "../mail/outbox.server";
import { kickMailSender } from "../mail/sender.server";
import { contactInquiryReceivedEmail, contactInquiryReplyEmail } from "../mail/templates.server";
import { claimSubmission } from "../security/idempotency.server";
import { getSiteSettings } from "../settings/settings.server";

type Actor = { id: string };

/**
 * A visitor's message from /contact: stored as pending, and the agency inbox is e-mailed. A repeat
 * of a submission already stored (same submission key and content) stores and sends nothing and
 * returns null.
 */
export async function submitContactInquiry(
  input: Omit<ContactInquiry, "website">,
  options: { submissionKey?: string | null } = {},
) {
  const id = await db().transaction(async (tx) => {
    if (!(await claimSubmission(tx, "contact", options.submissionKey, input))) return null;
    const [row] = await tx
      .insert(contactInquiries)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        subject: input.subject || null,
        message: input.message,
      })
      .returning({ id: contactInquiries.id });
    const settings = await getSiteSettings(tx);
    const mail = contactInquiryReceivedEmail({ settings, inquiry: input });
    await enqueueMail(tx, { to: settings.inboxEmail, replyTo: input.email, ...mail });
    return row!.id;
  });
  if (id) kickMailSender();
  return id;
}

export const INQUIRY_PAGE_SIZE = 20;

// Staff read every inquiry: they are the agency's shared inbox.
export async function listAllContactInquiriesForStaff(opts: {
  status?: ContactInquiryStatus;
  q?: string;
  page: number;
}) {
  const where: SQL[] = [];
  if (opts.status) where.push(eq(contactInquiries.status, opts.status));
  if (opts.q) {
    const like = `%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(contactInquiries.name, like),
        ilike(contactInquiries.email, like),
        ilike(contactInquiries.subject, like),
      )!,
    );
  }
  const filter = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        id: contactInquiries.id,
        name: contactInquiries.name,
        email: contactInquiries.email,
        phone: contactInquiries.phone,
        subject: contactInquiries.subject,
        status: contactInquiries.status,
        createdAt: contactInquiries.createdAt,
      })
      .from(contactInquiries)
      .where(filter)
      .orderBy(desc(contactInquiries.createdAt), desc(contactInquiries.id))
      .limit(INQUIRY_PAGE_SIZE)
      .offset((opts.page - 1) * INQUIRY_PAGE_SIZE),
    db().select({ n: count() }).from(contactInquiries).where(filter),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function countContactInquiriesByStatus() {
  const rows = await db()
    .select({ status: contactInquiries.status, n: count() })
    .from(contactInquiries)
    .groupBy(contactInquiries.status);
  const by = (s: ContactInquiryStatus) => rows.find((r) => r.status === s)?.n ?? 0;
  return {
    pending: by("pending"),
    inProgress: by("in_progress"),
    resolved: by("resolved"),
    total: rows.reduce((sum, r) => sum + r.n, 0),
  };
}

export async function getContactInquiryForStaff(id: string) {
  const [inquiry] = await db()
    .select({
      id: contactInquiries.id,
      name: contactInquiries.name,
      email: contactInquiries.email,
      phone: contactInquiries.phone,
      subject: contactInquiries.subject,
      message: contactInquiries.message,
      status: contactInquiries.status,
      createdAt: contactInquiries.createdAt,
      updatedAt: contactInquiries.updatedAt,
      resolvedAt: contactInquiries.resolvedAt,
      assignedToName: profiles.fullName,
    })
    .from(contactInquiries)
    .leftJoin(profiles, eq(profiles.id, contactInquiries.assignedTo))
    .where(eq(contactInquiries.id, id));
  if (!inquiry) return null;
  const replies = await db()
    .select({
      id: contactInquiryReplies.id,
      body: contactInquiryReplies.body,
      createdAt: contactInquiryReplies.createdAt,
      authorName: profiles.fullName,
    })
    .from(contactInquiryReplies)
    .leftJoin(profiles, eq(profiles.id, contactInquiryReplies.authorId))
    .where(eq(contactInquiryReplies.inquiryId, id))
    .orderBy(asc(contactInquiryReplies.createdAt));
  return { ...inquiry, replies };
}

/** Spec: the acting staff member becomes assigned_to; resolved or closed stamps resolved_at. */
export async function updateContactInquiryStatus(
  actor: Actor,
  input: { id: string; status: ContactInquiryStatus },
) {
  return db().transaction(async (tx) => {
    const [before] = await tx
      .select({ status: contactInquiries.status })
      .from(contactInquiries)
      .where(eq(contactInquiries.id, input.id));
    if (!before) return false;
    const closing = input.status === "resolved" || input.status === "closed";
    await tx
      .update(contactInquiries)
      .set({
        status: input.status,
        assignedTo: actor.id,
        updatedAt: new Date(),
        resolvedAt: closing ? sql`coalesce(${contactInquiries.resolvedAt}, now())` : null,
      })
      .where(eq(contactInquiries.id, input.id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: "inquiry.status_change",
      targetType: "contact_inquiry",
      targetId: input.id,
      details: { from: before.status, to: input.status },
    });
    return true;
  });
}

/** The reply is kept on the inquiry, e-mailed to the sender, and the inquiry moves to in_progress. */
export async function replyToContactInquiry(actor: Actor, input: { id: string; body: string }) {
  const ok = await db().transaction(async (tx) => {
    const [inquiry] = await tx
      .select()
      .from(contactInquiries)
      .where(eq(contactInquiries.id, input.id));
    if (!inquiry) return false;
    await tx
      .insert(contactInquiryReplies)
      .values({ inquiryId: inquiry.id, authorId: actor.id, body: input.body });
    await tx
      .update(contactInquiries)
      .set({ status: "in_progress", assignedTo: actor.id, updatedAt: new Date(), resolvedAt: null })
      .where(eq(contactInquiries.id, inquiry.id));
    const settings = await getSiteSettings(tx);
    const mail = contactInquiryReplyEmail({
      settings,
      name: inquiry.name,
      subject: inquiry.subject,
      reply: input.body,
      originalMessage: inquiry.message,
    });
    await enqueueMail(tx, { to: inquiry.email, replyTo: settings.contactEmail, ...mail });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "inquiry.reply",
      targetType: "contact_inquiry",
      targetId: inquiry.id,
      details: { from: inquiry.status, to: "in_progress" },
    });
    return true;
  });
  if (ok) kickMailSender();
  return ok;
}
