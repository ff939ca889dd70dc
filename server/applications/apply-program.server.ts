import { and, desc, eq, inArray, isNull, ne } from "drizzle-orm";
import type { ApplicationStatus } from "~/domain/enums";
import { isStaff } from "~/domain/enums";
import { isUuid } from "~/domain/ids";
import type { Viewer } from "~/server/auth/guards.server";
import { type Db, db } from "~/server/db/client.server";
import {
  applicationStatusHistory,
  documents,
  jobApplications,
  profiles,
  programs,
} from "~/server/db/schema";
import { applicantOwner } from "~/server/owners/owners.server";
import { getSiteSettings } from "~/server/settings/settings.server";

type Applicant = Pick<Viewer, "id" | "role" | "registrationFeePaid">;

export type ProgramApplyResult =
  | { ok: true; applicationId: string }
  | {
      ok: false;
      reason: "not_found" | "payment_required" | "duplicate" | "staff" | "role" | "intake";
    };

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e;) {
    if (e.code === "23505") return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Where a program application starts, read in the applying transaction: Documents Submitted when
 * staff have already verified every document the program asks for, otherwise Registration Paid
 * (the fee is paid, or programs do not ask for it: the note says which).
 */
async function startingStage(
  tx: Db,
  userId: string,
  required: string[],
): Promise<{ status: ApplicationStatus; note: string | null }> {
  const [profile] = await tx
    .select({ paid: profiles.registrationFeePaid })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const fee = profile?.paid
    ? "registration fee already paid"
    : "registration fee not required for study programs";
  if (required.length) {
    const rows = await tx
      .select({ type: documents.documentType, status: documents.status })
      .from(documents)
      .where(
        and(
          eq(documents.userId, userId),
          inArray(documents.documentType, required as (typeof documents.documentType._.data)[]),
          ne(documents.status, "replaced"),
        ),
      )
      .orderBy(desc(documents.uploadedAt));
    const newest = new Map<string, string>();
    for (const d of rows) if (!newest.has(d.type)) newest.set(d.type, d.status);
    if (required.every((type) => newest.get(type) === "verified")) {
      return {
        status: "documents_submitted",
        note: `Started at Documents Submitted: ${fee}, every required document already verified.`,
      };
    }
  }
  return { status: "registration_paid", note: `Started at Registration Paid: ${fee}.` };
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
  if (settings.study.requireFee && !viewer.registrationFeePaid) {
    return { ok: false, reason: "payment_required" };
  }

  try {
    const applicationId = await db().transaction(async (tx) => {
      const start = await startingStage(tx, viewer.id, program.requiredDocuments);
      const [created] = await tx
        .insert(jobApplications)
        .values({
          userId: viewer.id,
          kind: "program",
          programId,
          intake,
          status: start.status,
          notes: options.note ?? null,
          ownerId: applicantOwner(viewer.id),
        })
        .returning({ id: jobApplications.id });
      await tx.insert(applicationStatusHistory).values({
        applicationId: created!.id,
        fromStatus: null,
        toStatus: start.status,
        changedBy: viewer.id,
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
