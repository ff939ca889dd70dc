import { and, eq, isNull } from "drizzle-orm";
import { type DocumentType, isStaff } from "~/domain/enums";
import { isUuid } from "~/domain/ids";
import type { Viewer } from "~/server/auth/guards.server";
import { type Db, db } from "~/server/db/client.server";
import type { StartingStage } from "~/server/applications/apply-core.server";
import { allVerified, feeSettled, openApplication } from "~/server/applications/apply-core.server";
import { jobApplications, programs } from "~/server/db/schema";
import { getSiteSettings } from "~/server/settings/settings.server";

type Applicant = Pick<Viewer, "id" | "role" | "registrationFeePaid" | "premiumUnlocked" | "feeDue">;

export type ProgramApplyResult =
  | { ok: true; applicationId: string }
  | {
      ok: false;
      reason: "not_found" | "payment_required" | "duplicate" | "staff" | "role" | "intake";
    };

/**
 * Where a program application starts, read in the applying transaction: Documents Submitted when
 * staff have already verified every document the program asks for, otherwise Registration Paid
 * (the fee is paid, or programs do not ask for it: the note says which).
 */
async function startingStage(
  tx: Db,
  userId: string,
  required: DocumentType[],
): Promise<StartingStage> {
  const fee = (await feeSettled(tx, userId, "study"))
    ? "registration fee settled (paid, or none asked by the office's fee policy)"
    : "registration fee not required for study programs";
  if (required.length && (await allVerified(tx, userId, required))) {
    return {
      status: "documents_submitted",
      note: `Started at Documents Submitted: ${fee}, every required document already verified.`,
    };
  }
  return { status: "registration_paid", note: `Started at Registration Complete: ${fee}.` };
}

/**
 * A student applies to a listed program for one of its intakes still to come. The same rules as
 * jobs: once per program and intake (the unique index holds when two requests race), staff do not
 * apply, and when the site setting says programs need the registration fee (the default), an
 * unpaid applicant is sent to pay first, like for a premium job. A job seeker is asked to switch
 * to a student account first (`role`).
 */
export async function applyToProgram(options: {
  viewer: Applicant;
  programId: string;
  intake: string;
  note?: string | null;
  today?: string;
}): Promise<ProgramApplyResult> {
  const { viewer, programId, intake } = options;
  if (isStaff(viewer.role)) return { ok: false, reason: "staff" };
  if (viewer.role !== "student_applicant") return { ok: false, reason: "role" };
  if (!isUuid(programId)) return { ok: false, reason: "not_found" };
  const [program] = await db()
    .select({
      intakes: programs.intakes,
      requiredDocuments: programs.requiredDocuments,
    })
    .from(programs)
    .where(
      and(eq(programs.id, programId), eq(programs.isActive, true), isNull(programs.archivedAt)),
    );
  if (!program) return { ok: false, reason: "not_found" };
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  if (!program.intakes.includes(intake) || intake < today) return { ok: false, reason: "intake" };
  const settings = await getSiteSettings();
  // A student's fee is their office's policy for study (viewer.feeDue, decision record 33): under
  // no fee there is nothing to pay first, whatever the programs' setting says.
  if (settings.study.requireFee && viewer.feeDue && !viewer.registrationFeePaid) {
    return { ok: false, reason: "payment_required" };
  }

  return openApplication({
    applicantId: viewer.id,
    target: { kind: "program", programId, intake, notes: options.note ?? null },
    startAt: (tx) => startingStage(tx, viewer.id, program.requiredDocuments),
  });
}

/** The intakes of this program the applicant has applied for, with when. */
export async function findOwnProgramApplications(options: {
  viewer: Pick<Viewer, "id">;
  programId: string;
}) {
  if (!isUuid(options.programId)) return [];
  const rows = await db()
    .select({ intake: jobApplications.intake, appliedAt: jobApplications.appliedAt })
    .from(jobApplications)
    .where(
      and(
        eq(jobApplications.userId, options.viewer.id),
        eq(jobApplications.programId, options.programId),
      ),
    );
  return rows.map((r) => ({ intake: r.intake!, appliedAt: r.appliedAt.toISOString() }));
}
