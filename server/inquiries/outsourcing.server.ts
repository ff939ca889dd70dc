import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { OutsourcingInquiryStatus } from "../../domain/enums";
import type { OutsourcingInquiry } from "../../domain/inquiries";
import { recordAudit } from "../audit/audit.server";
import { db } from "../db/client.server";
import { outsourcingInquiries } from "../db/schema";
import { enqueueMail } from "../mail/outbox.server";
import { kickMailSender } from "../mail/sender.server";
import { outsourcingInquiryReceivedEmail } from "../mail/templates.server";
import { claimSubmission } from "../security/idempotency.server";
import { getSiteSettings } from "../settings/settings.server";

/**
 * A business's quote request: stored as new, and the agency inbox is e-mailed. A repeat of a
 * submission already stored (same submission key and content) stores and sends nothing.
 */
export async function submitOutsourcingInquiry(
  input: Omit<OutsourcingInquiry, "website">,
  options: { submissionKey?: string | null } = {},
) {
  const id = await db().transaction(async (tx) => {
    if (!(await claimSubmission(tx, "outsourcing", options.submissionKey, input))) return null;
    const [row] = await tx
      .insert(outsourcingInquiries)
      .values({
        name: input.name,
        company: input.company,
        email: input.email,
        services: [...new Set(input.services)],
        budget: input.budget ?? null,
        message: input.message ?? null,
      })
      .returning({ id: outsourcingInquiries.id });
    const settings = await getSiteSettings(tx);
    const mail = outsourcingInquiryReceivedEmail({ settings, inquiry: input });
    await enqueueMail(tx, { to: settings.inboxEmail, replyTo: input.email, ...mail });
    return row!.id;
  });
  if (id) kickMailSender();
  return id;
}

export const OUTSOURCING_PAGE_SIZE = 20;

// Staff read every quote request: it is the agency's sales inbox.
export async function listAllOutsourcingInquiriesForStaff(opts: {
  status?: OutsourcingInquiryStatus;
  q?: string;
  page: number;
}) {
  const where: SQL[] = [];
  if (opts.status) where.push(eq(outsourcingInquiries.status, opts.status));
  if (opts.q) {
    const like = `%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(outsourcingInquiries.name, like),
        ilike(outsourcingInquiries.company, like),
        ilike(outsourcingInquiries.email, like),
      )!,
    );
  }
  const filter = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(outsourcingInquiries)
      .where(filter)
      .orderBy(desc(outsourcingInquiries.createdAt), desc(outsourcingInquiries.id))
      .limit(OUTSOURCING_PAGE_SIZE)
      .offset((opts.page - 1) * OUTSOURCING_PAGE_SIZE),
    db().select({ n: count() }).from(outsourcingInquiries).where(filter),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function countOutsourcingInquiriesByStatus() {
  const rows = await db()
    .select({ status: outsourcingInquiries.status, n: count() })
    .from(outsourcingInquiries)
    .groupBy(outsourcingInquiries.status);
  const by = (s: OutsourcingInquiryStatus) => rows.find((r) => r.status === s)?.n ?? 0;
  return {
    total: rows.reduce((sum, r) => sum + r.n, 0),
    new: by("new"),
    inProgress: by("in_progress"),
    completed: by("completed"),
  };
}

export async function updateOutsourcingInquiryStatus(
  actor: { id: string },
  input: { id: string; status: OutsourcingInquiryStatus },
) {
  return db().transaction(async (tx) => {
    const [before] = await tx
      .select({ status: outsourcingInquiries.status })
      .from(outsourcingInquiries)
      .where(eq(outsourcingInquiries.id, input.id));
    if (!before) return false;
    await tx
      .update(outsourcingInquiries)
      .set({ status: input.status, updatedAt: new Date() })
      .where(eq(outsourcingInquiries.id, input.id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: "outsourcing_inquiry.status_change",
      targetType: "outsourcing_inquiry",
      targetId: input.id,
      details: { from: before.status, to: input.status },
    });
    return true;
  });
}
