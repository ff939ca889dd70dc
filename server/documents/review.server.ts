import { and, eq, ne } from "drizzle-orm";
import { isStaff } from "../../domain/enums";
import type { Viewer } from "../auth/guards.server";
import { recordAudit } from "../audit/audit.server";
import { config } from "../config.server";
import { db } from "../db/client.server";
import { documents, profiles } from "../db/schema";
import { enqueueMail } from "../mail/outbox.server";
import { notifyUser } from "../notifications/notifications.server";
import { isDocumentId } from "./documents.server";

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
  if (!isDocumentId(documentId)) throw new DocumentReviewError("notFound");

  return db().transaction(async (tx) => {
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

    const [owner] = await tx
      .select({ email: profiles.email, emailNotifications: profiles.emailNotifications })
      .from(profiles)
      .where(eq(profiles.id, current.userId));
    if (owner?.emailNotifications) {
      await enqueueMail(tx, {
        to: owner.email,
        subject: title,
        text: `${body}\n\nSee your documents: ${config().baseUrl}/dashboard/documents`,
      });
    }
    return updated;
  });
}
