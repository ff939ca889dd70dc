import { and, eq, ne } from "drizzle-orm";
import { isStaff } from "~/domain/enums";
import { isUuid } from "~/domain/ids";
import type { Viewer } from "~/server/auth/guards.server";
import { recordAudit } from "~/server/audit/audit.server";
import { documents } from "~/server/db/schema";
import { enqueueApplicantMail, inTransactionWithMail } from "~/server/mail/outbox.server";
import { documentReviewedEmail } from "~/server/mail/templates.server";
import { notifyUser } from "~/server/notifications/notifications.server";

export type ReviewDecision = "verify" | "reject";

export class DocumentReviewError extends Error {
  constructor(readonly code: "forbidden" | "notFound" | "reasonRequired" | "superseded") {
    super(`document review refused: ${code}`);
    this.name = "DocumentReviewError";
  }
}

const DOCUMENT_LABELS: Record<string, string> = {
  cv: "CV/Resume",
  passport: "Passport",
  education: "Education Certificate",
  experience: "Work Experience",
  english: "English Test",
};

/**
 * Staff verify or reject one uploaded document. The status, the audit entry, the in-app
 * notification and the e-mail (when the applicant wants e-mails) commit together.
 */
export async function reviewDocument({
  actor,
  documentId,
  decision,
  reason,
}: {
  actor: Pick<Viewer, "id" | "role">;
  documentId: string;
  decision: ReviewDecision;
  reason?: string | null;
}) {
  if (!isStaff(actor.role)) throw new DocumentReviewError("forbidden");
  const cleanReason = reason?.trim().slice(0, 1000) || null;
  if (decision === "reject" && !cleanReason) throw new DocumentReviewError("reasonRequired");
  if (!isUuid(documentId)) throw new DocumentReviewError("notFound");

  return inTransactionWithMail(async (tx) => {
    const [current] = await tx.select().from(documents).where(eq(documents.id, documentId));
    if (!current) throw new DocumentReviewError("notFound");
    if (current.status === "replaced") throw new DocumentReviewError("superseded");
    const status = decision === "verify" ? "verified" : "rejected";
    const [updated] = await tx
      .update(documents)
      .set({ status, reviewReason: cleanReason, reviewedBy: actor.id, reviewedAt: new Date() })
      .where(and(eq(documents.id, documentId), ne(documents.status, "replaced")))
      .returning();
    if (!updated) throw new DocumentReviewError("superseded");

    await recordAudit(tx, {
      actorId: actor.id,
      action: decision === "verify" ? "document.verify" : "document.reject",
      targetType: "document",
      targetId: documentId,
      details: {
        userId: current.userId,
        documentType: current.documentType,
        from: current.status,
        to: status,
        reason: cleanReason,
      },
    });

    const label = DOCUMENT_LABELS[current.documentType] ?? current.documentType;
    const title = decision === "verify" ? `${label} verified` : `${label} needs your attention`;
    const body =
      decision === "verify"
        ? `We have checked your ${label} (${current.fileName}) and verified it.`
        : `We could not accept your ${label} (${current.fileName}). Reason: ${cleanReason}. Please upload a new one.`;
    await notifyUser(tx, {
      userId: current.userId,
      kind: "document_reviewed",
      title,
      body,
      link: "/dashboard/documents",
    });

    await enqueueApplicantMail(tx, {
      userId: current.userId,
      render: (recipient) =>
        documentReviewedEmail({
          ...recipient,
          documentLabel: label,
          verified: decision === "verify",
          reason: cleanReason,
        }),
    });
    return updated;
  });
}
