import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import {
  COPY_REFERENCE_ALPHABET,
  COPY_REFERENCE_LENGTH,
  type CopyAnswer,
  formatCopyReference,
  initialsOf,
  normaliseCopyReference,
} from "~/domain/certified-copies";
import { isStaff } from "~/domain/enums";
import { formatDate } from "~/domain/format";
import { localizePath } from "~/domain/languages";
import { recordAudit } from "~/server/audit/audit.server";
import type { Viewer } from "~/server/auth/guards.server";
import { config } from "~/server/config.server";
import { db } from "~/server/db/client.server";
import { certifiedCopies, documents, documentTypes, profiles } from "~/server/db/schema";
import { recordDocumentViewed } from "~/server/privacy/staff-views.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import { storage } from "~/server/storage/storage.server";
import { certifiedCopyPdf } from "./certified-copy-pdf.server";
import { documentLabel } from "./document-mail.server";
import { listDocumentTypes, namesOf } from "./document-types.server";
import { getDocumentForDownload } from "./documents.server";

// Certified copies without paper (decision record 50): staff download a verified document as a PDF
// stamped "verified by Passage on DATE by NAME" with a reference; each copy issued is a row (who,
// when, what the stamp says, the SHA-256 of the file), and /verify answers about the reference.

export class CertifiedCopyError extends Error {
  constructor(
    readonly code: "notFound" | "notVerified" | "limit",
    /** Seconds until the staff member's download limit lets them again ("limit"). */
    readonly retryAfter = 0,
  ) {
    super(`certified copy refused: ${code}`);
    this.name = "CertifiedCopyError";
  }
}

/** A new reference, each character drawn uniformly from the alphabet. */
export function newCopyReference() {
  let chars = "";
  for (let i = 0; i < COPY_REFERENCE_LENGTH; i++) {
    chars += COPY_REFERENCE_ALPHABET[crypto.randomInt(COPY_REFERENCE_ALPHABET.length)];
  }
  return formatCopyReference(chars);
}

async function readWhole(key: string) {
  const object = await storage().get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function fullNameOf(id: string | null) {
  if (!id) return null;
  const [row] = await db()
    .select({ fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, id));
  return row?.fullName?.trim() || null;
}

/**
 * A stamped copy of one verified document, for a staff member allowed to download it: the same
 * checks as downloading the file (the applicant in their offices, the document rules, their
 * download limit, the view recorded), then the copy's row and its audit entry in one transaction.
 * Refuses a document that is not verified.
 */
export async function issueCertifiedCopy({
  actor,
  documentId,
}: {
  actor: Pick<Viewer, "id" | "role" | "preferredLanguage">;
  documentId: string;
}) {
  if (!isStaff(actor.role)) throw new CertifiedCopyError("notFound");
  const doc = await getDocumentForDownload({ viewer: actor, id: documentId });
  if (!doc) throw new CertifiedCopyError("notFound");
  if (doc.status !== "verified" || !doc.reviewedAt) throw new CertifiedCopyError("notVerified");
  const viewed = await recordDocumentViewed({ staff: actor, document: doc });
  if (!viewed.allowed) throw new CertifiedCopyError("limit", viewed.retryAfter);

  const lng = actor.preferredLanguage;
  const [bytes, settings, types, verifierName, applicantName] = await Promise.all([
    readWhole(doc.storageKey),
    getSiteSettings(),
    listDocumentTypes(),
    fullNameOf(doc.reviewedBy),
    fullNameOf(doc.userId),
  ]);
  const reference = newCopyReference();
  const verifier = verifierName ?? settings.agencyName;
  const pdf = await certifiedCopyPdf(
    {
      agencyName: settings.agencyName,
      verifiedOn: formatDate(doc.reviewedAt, lng, { dateStyle: "long" }),
      verifierName: verifier,
      documentName: documentLabel(namesOf(types, doc.documentType), lng),
      reference,
      checkUrl: `${config().baseUrl.replace(/\/$/, "")}${localizePath("/verify", lng)}?reference=${reference}`,
      lng,
    },
    { bytes, contentType: doc.contentType, fileName: doc.fileName },
  );
  const sha256 = crypto.createHash("sha256").update(pdf).digest("hex");

  await db().transaction(async (tx) => {
    // Still verified now that the copy is made (a colleague may have rejected it meanwhile).
    const [current] = await tx
      .select({ status: documents.status })
      .from(documents)
      .where(eq(documents.id, doc.id))
      .for("update");
    if (current?.status !== "verified") throw new CertifiedCopyError("notVerified");
    await tx.insert(certifiedCopies).values({
      reference,
      documentId: doc.id,
      issuedBy: actor.id,
      verifiedAt: doc.reviewedAt!,
      verifierName: verifier,
      applicantInitials: initialsOf(applicantName ?? ""),
      sha256,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "document.certified_copy",
      targetType: "document",
      targetId: doc.id,
      details: { userId: doc.userId, documentType: doc.documentType, reference },
    });
  });
  return { reference, pdf, fileName: `certified-copy-${reference}.pdf` };
}

/**
 * What /verify says about a reference: the document's type, the applicant's initials, when and by
 * whom it was verified, when the copy was made; "not found" for anything else, typed or forged.
 */
export async function findCertifiedCopy(typed: string): Promise<CopyAnswer> {
  const reference = normaliseCopyReference(typed);
  if (!reference) return { found: false, reference: typed.trim().slice(0, 40) };
  const [row] = await db()
    .select({
      reference: certifiedCopies.reference,
      documentType: documents.documentType,
      documentNames: documentTypes.names,
      documentStatus: documents.status,
      applicantInitials: certifiedCopies.applicantInitials,
      verifiedAt: certifiedCopies.verifiedAt,
      verifierName: certifiedCopies.verifierName,
      issuedAt: certifiedCopies.issuedAt,
      sha256: certifiedCopies.sha256,
    })
    .from(certifiedCopies)
    .innerJoin(documents, eq(documents.id, certifiedCopies.documentId))
    .leftJoin(documentTypes, eq(documentTypes.key, documents.documentType))
    .where(eq(certifiedCopies.reference, reference));
  if (!row) return { found: false, reference };
  const { documentStatus, ...copy } = row;
  return { found: true, ...copy, withdrawn: documentStatus === "rejected" };
}
