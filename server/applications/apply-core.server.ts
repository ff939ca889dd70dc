import { and, desc, eq, inArray, ne } from "drizzle-orm";
import { unverifiedOf } from "~/domain/application-facts";
import type { ApplicationStatus, DocumentType } from "~/domain/enums";
import type { FeePath } from "~/domain/fee-policy";
import { type Db, db } from "~/server/db/client.server";
import { applicationStatusHistory, documents, jobApplications, profiles } from "~/server/db/schema";
import { feeOwedUpFront } from "~/server/fees/fee-policies.server";
import { applicantOwner } from "~/server/owners/owners.server";

/** The stage a new application starts at, and why (the note staff read in its history). */
export type StartingStage = { status: ApplicationStatus; note: string | null };

/**
 * Whether the applicant owes no registration fee any more for an application on `path`, read in
 * the applying transaction: it is paid, or their office's fee policy for that path asks nothing up
 * front (Midrand: decision record 33).
 */
export async function feeSettled(tx: Db, userId: string, path: FeePath): Promise<boolean> {
  const [profile] = await tx
    .select({ paid: profiles.registrationFeePaid, office: profiles.office })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (!profile) return false;
  return profile.paid || !(await feeOwedUpFront(profile.office, path, tx));
}

/**
 * The documents of these types staff have not verified for the applicant (none: all are): the
 * newest upload of each type is the one that counts (a newer pending one replaces nothing
 * verified yet, but it is what staff will judge next).
 */
export async function unverifiedDocuments(tx: Db, userId: string, types: readonly DocumentType[]) {
  if (types.length === 0) return [];
  const rows = await tx
    .select({ type: documents.documentType, status: documents.status })
    .from(documents)
    .where(
      and(
        eq(documents.userId, userId),
        inArray(documents.documentType, [...types]),
        ne(documents.status, "replaced"),
      ),
    )
    .orderBy(desc(documents.uploadedAt));
  return unverifiedOf(rows, types);
}

/** Whether staff have verified every one of these document types of the applicant. */
export async function allVerified(tx: Db, userId: string, types: readonly DocumentType[]) {
  return (await unverifiedDocuments(tx, userId, types)).length === 0;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e;) {
    if (e.code === "23505") return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Writes a new application of either kind (a job's, a study program's) with its owner and its
 * first history entry, in one transaction, at the stage `startAt` reads inside it (so a payment
 * or a verification confirmed a moment ago counts). A second application to the same thing is
 * refused by the database's unique index, which also holds when two requests race.
 */
export async function openApplication(options: {
  applicantId: string;
  target: Pick<
    typeof jobApplications.$inferInsert,
    "kind" | "jobId" | "programId" | "intake" | "notes"
  >;
  startAt: (tx: Db) => Promise<StartingStage>;
  /**
   * The ethical-recruitment restriction the applicant applies despite (decision record 35), read
   * inside the transaction: the application is then recorded as a direct application.
   */
  restrictionOf?: (tx: Db) => Promise<{ id: string } | null>;
}): Promise<{ ok: true; applicationId: string } | { ok: false; reason: "duplicate" }> {
  const { applicantId, target, startAt, restrictionOf } = options;
  try {
    const applicationId = await db().transaction(async (tx) => {
      const start = await startAt(tx);
      const restriction = restrictionOf ? await restrictionOf(tx) : null;
      const [created] = await tx
        .insert(jobApplications)
        .values({
          userId: applicantId,
          ...target,
          directApplication: restriction !== null,
          restrictionId: restriction?.id ?? null,
          status: start.status,
          ownerId: applicantOwner(applicantId),
        })
        .returning({ id: jobApplications.id });
      await tx.insert(applicationStatusHistory).values({
        applicationId: created!.id,
        fromStatus: null,
        toStatus: start.status,
        changedBy: applicantId,
        note: start.note,
      });
      return created!.id;
    });
    return { ok: true, applicationId };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate" };
    throw error;
  }
}
