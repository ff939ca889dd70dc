import { and, asc, eq, gte, ne } from "drizzle-orm";
import { isStaff } from "~/domain/enums";
import { isUuid } from "~/domain/ids";
import type { Viewer } from "~/server/auth/guards.server";
import { recordAudit } from "~/server/audit/audit.server";
import { documents } from "~/server/db/schema";
import type { Db } from "~/server/db/client.server";
import {
  enqueueApplicantMail,
  gatherApplicantMail,
  inTransactionWithMail,
} from "~/server/mail/outbox.server";
import {
  documentLabel,
  documentReviewedEmail,
  documentsVerifiedEmail,
} from "~/server/documents/document-mail.server";
import { notifyUser } from "~/server/notifications/notifications.server";
import { listDocumentTypes, namesOf } from "./document-types.server";
import { applicantOwnerOf, maySeeSensitive, sensitiveTypeKeys } from "./sensitive.server";
import { applicantIsInScope, officeScopeFor } from "~/server/offices/scope.server";

export type ReviewDecision = "verify" | "reject";

export class DocumentReviewError extends Error {
  constructor(readonly code: "forbidden" | "notFound" | "reasonRequired" | "superseded") {
    super(`document review refused: ${code}`);
    this.name = "DocumentReviewError";
  }
}

/** Documents verified within this many minutes of the first go out in one e-mail. */
export const VERIFIED_MAIL_GATHER_MINUTES = 3;

/**
 * The one e-mail for an applicant's documents verified since `since`, read from the documents
 * themselves (one verified and then rejected while the mail waited is left out), or null.
 */
function gatherVerifiedDocuments(tx: Db, userId: string, startedAt: Date) {
  return gatherApplicantMail(tx, {
    userId,
    digest: "documents-verified",
    holdMinutes: VERIFIED_MAIL_GATHER_MINUTES,
    startedAt,
    render: async (recipient, since) => {
      const verified = await tx
        .select({ documentType: documents.documentType })
        .from(documents)
        .where(
          and(
            eq(documents.userId, userId),
            eq(documents.status, "verified"),
            gte(documents.reviewedAt, since),
          ),
        )
        .orderBy(asc(documents.reviewedAt));
      if (verified.length === 0) return null;
      const types = await listDocumentTypes(tx);
      return documentsVerifiedEmail({
        ...recipient,
        documents: verified.map((d) => namesOf(types, d.documentType)),
      });
    },
  });
}

/**
 * Staff verify or reject one uploaded document. The status, the audit entry, the in-app
 * notification and the e-mail (when the applicant wants e-mails) commit together. A rejection
 * is mailed at once; verifications wait a few minutes and go out together (gatherApplicantMail).
 */
export async function reviewDocument({
  actor,
  documentId,
  decision,
  reason,
  issuedOn,
  expiresOn,
}: {
  actor: Pick<Viewer, "id" | "role">;
  documentId: string;
  decision: ReviewDecision;
  reason?: string | null;
  /** The dates printed on it as staff confirm or correct them (undefined: as they are). */
  issuedOn?: string | null;
  expiresOn?: string | null;
}) {
  if (!isStaff(actor.role)) throw new DocumentReviewError("forbidden");
  const cleanReason = reason?.trim().slice(0, 1000) || null;
  if (decision === "reject" && !cleanReason) throw new DocumentReviewError("reasonRequired");
  if (!isUuid(documentId)) throw new DocumentReviewError("notFound");

  return inTransactionWithMail(async (tx) => {
    const [current] = await tx.select().from(documents).where(eq(documents.id, documentId));
    // A document of someone outside the reviewer's offices is not found, like a missing one.
    if (
      !current ||
      !(await applicantIsInScope(await officeScopeFor(actor, tx), current.userId, tx))
    )
      throw new DocumentReviewError("notFound");
    // Special personal information is reviewed by the applicant's owner or an admin only: anyone
    // else is told it is not found, as they cannot open it either (decision record 49).
    const sensitive = (await sensitiveTypeKeys(tx)).has(current.documentType);
    if (sensitive && !maySeeSensitive(actor, await applicantOwnerOf(current.userId, tx)))
      throw new DocumentReviewError("notFound");
    if (current.status === "replaced") throw new DocumentReviewError("superseded");
    // Staff confirm the dates printed on it, or correct what the applicant typed.
    const dates = {
      issuedOn: issuedOn === undefined ? current.issuedOn : issuedOn,
      expiresOn: expiresOn === undefined ? current.expiresOn : expiresOn,
    };
    const datesChanged =
      dates.issuedOn !== current.issuedOn || dates.expiresOn !== current.expiresOn;
    // Verifying it again (a second click, a form posted twice) changes nothing and tells nobody.
    if (decision === "verify" && current.status === "verified" && !datesChanged) return current;
    if (decision === "verify" && current.status === "verified") {
      const [corrected] = await tx
        .update(documents)
        .set(dates)
        .where(eq(documents.id, documentId))
        .returning();
      await recordAudit(tx, {
        actorId: actor.id,
        action: "document.dates",
        targetType: "document",
        targetId: documentId,
        details: {
          userId: current.userId,
          documentType: current.documentType,
          from: { issuedOn: current.issuedOn, expiresOn: current.expiresOn },
          to: dates,
        },
      });
      return corrected!;
    }
    const status = decision === "verify" ? "verified" : "rejected";
    const [updated] = await tx
      .update(documents)
      .set({
        status,
        reviewReason: cleanReason,
        reviewedBy: actor.id,
        reviewedAt: new Date(),
        ...(decision === "verify" ? dates : {}),
      })
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
        // Every colleague of the office reads the activity log: the reason for rejecting special
        // personal information stays on the document, for its owner and admins.
        reason: sensitive ? null : cleanReason,
        ...(decision === "verify" && datesChanged
          ? {
              dates: {
                from: { issuedOn: current.issuedOn, expiresOn: current.expiresOn },
                to: dates,
              },
            }
          : {}),
      },
    });

    const document = namesOf(await listDocumentTypes(tx), current.documentType);
    await notifyUser(tx, {
      userId: current.userId,
      kind: "document_reviewed",
      text: (t, lng) => {
        const values = {
          document: documentLabel(document, lng),
          fileName: current.fileName,
          reason: cleanReason,
        };
        const key = decision === "verify" ? "documentVerified" : "documentRejected";
        return {
          title: t(`${key}.notificationTitle`, values),
          body: t(`${key}.notificationBody`, values),
        };
      },
      link: "/dashboard/documents",
    });

    // A rejection also takes its document out of a verified mail still waiting.
    await gatherVerifiedDocuments(tx, current.userId, updated.reviewedAt!);
    if (decision === "reject") {
      await enqueueApplicantMail(tx, {
        userId: current.userId,
        render: (recipient) =>
          documentReviewedEmail({
            ...recipient,
            document,
            verified: false,
            reason: cleanReason,
          }),
      });
    }
    return updated;
  });
}
