import { and, desc, eq, inArray, ne } from "drizzle-orm";
import {
  type ApplicationFacts,
  FACTS_OF_STATUS,
  type FactRefusal,
  factRefusal,
  interviewAhead,
  isGated,
  JOB_CORE_DOCUMENTS,
  refusedStatuses,
  unverifiedOf,
} from "~/domain/application-facts";
import {
  type ApplicationKind,
  type ApplicationStatus,
  type DocumentType,
  statusesForKind,
} from "~/domain/enums";
import { type ChecklistGap, checklistGaps } from "~/domain/checklists";
import { type Db, db } from "~/server/db/client.server";
import { readChecklists } from "~/server/documents/checklists.server";
import { documents, profiles, programs } from "~/server/db/schema";
import { feeOwedUpFront } from "~/server/fees/fee-policies.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import { unverifiedDocuments } from "./apply-core.server";

// The facts a status states (decision record 32), read from the rows that prove them: the fee
// from the profile's flag (which only a recorded payment sets, and a refund may clear), the
// documents from their newest uploads and staff's reviews.

type FactsOf = {
  /** The application (its checklist is read for a gated stage). */
  id?: string;
  userId: string;
  kind: ApplicationKind;
  programId: string | null;
  /** When its interview is set for; a list row or a locked application carries it. */
  interviewDate?: Date | null;
};

/** A status whose facts the data does not prove: nothing was written. */
export class StatusFactFalseError extends Error {
  constructor(
    readonly status: ApplicationStatus,
    readonly reason: FactRefusal,
    /** For a gated stage: the mandatory checklist items not usable today, each with why. */
    readonly gaps: readonly ChecklistGap[] = [],
  ) {
    super(`${status} refused: ${reason}`);
  }
}

/** The documents an application needs: a job's passport and CV, or what its program asks for. */
async function requiredDocuments(tx: Db, app: FactsOf): Promise<readonly DocumentType[]> {
  if (app.kind === "job" || !app.programId) return JOB_CORE_DOCUMENTS;
  const [program] = await tx
    .select({ required: programs.requiredDocuments })
    .from(programs)
    .where(eq(programs.id, app.programId));
  return program?.required ?? [];
}

/**
 * The facts of one application, read in the caller's transaction. The profile row is locked
 * FOR SHARE, so a refund or Mark Unpaid cannot clear the fee between this read and the commit.
 */
export async function readApplicationFacts(tx: Db, app: FactsOf): Promise<ApplicationFacts> {
  const [profile] = await tx
    .select({ paid: profiles.registrationFeePaid, office: profiles.office })
    .from(profiles)
    .where(eq(profiles.id, app.userId))
    .for("share");
  // Programs ask for the fee only when the settings say so (decision record 22), and nobody owes
  // one their office's policy does not charge up front (decision record 33).
  const feeAsked =
    (app.kind === "job" || (await getSiteSettings(tx)).study.requireFee) &&
    (await feeOwedUpFront(profile?.office, app.kind === "job" ? "jobs" : "study", tx));
  return {
    feePaid: Boolean(profile?.paid) || !feeAsked,
    unverifiedDocuments: await unverifiedDocuments(
      tx,
      app.userId,
      await requiredDocuments(tx, app),
    ),
    interviewAhead: interviewAhead(app.interviewDate),
  };
}

/**
 * Refuses (StatusFactFalseError) a status whose facts are not true for this application; called
 * in the change's transaction after the application is locked, before anything is written. A
 * gated stage also reads the application's checklist (decision record 44); `overrideGate` (an
 * admin's, with a reason) lets it through, and the items it let through are returned.
 */
export async function assertStatusFacts(
  tx: Db,
  app: FactsOf,
  status: ApplicationStatus,
  options: { overrideGate?: boolean } = {},
): Promise<readonly ChecklistGap[]> {
  if (!FACTS_OF_STATUS[status]) return [];
  const facts = await readApplicationFacts(tx, app);
  let gaps: readonly ChecklistGap[] = [];
  if (isGated(status) && app.id) {
    const [checklist] = await readChecklists({ userId: app.userId, applicationIds: [app.id] }, tx);
    gaps = checklistGaps(checklist?.lines ?? []);
  }
  const reason = factRefusal(status, {
    ...facts,
    checklistGaps: options.overrideGate ? [] : gaps,
  });
  if (reason) throw new StatusFactFalseError(status, reason, gaps);
  return gaps;
}

/**
 * For a page of the staff list: each application's statuses whose facts are false, with why
 * (what its status list shows disabled). Three reads for the whole page.
 */
export async function refusedStatusesForStaff(
  rows: readonly (FactsOf & { id: string; paid: boolean })[],
): Promise<Map<string, Partial<Record<ApplicationStatus, FactRefusal>>>> {
  const result = new Map<string, Partial<Record<ApplicationStatus, FactRefusal>>>();
  if (rows.length === 0) return result;
  const settings = await getSiteSettings();
  const programIds = [...new Set(rows.flatMap((r) => (r.programId ? [r.programId] : [])))];
  const [asked, uploads, offices] = await Promise.all([
    programIds.length
      ? db()
          .select({ id: programs.id, required: programs.requiredDocuments })
          .from(programs)
          .where(inArray(programs.id, programIds))
      : [],
    db()
      .select({
        userId: documents.userId,
        type: documents.documentType,
        status: documents.status,
      })
      .from(documents)
      .where(
        and(
          inArray(documents.userId, [...new Set(rows.map((r) => r.userId))]),
          ne(documents.status, "replaced"),
        ),
      )
      .orderBy(desc(documents.uploadedAt)),
    db()
      .select({ id: profiles.id, office: profiles.office })
      .from(profiles)
      .where(inArray(profiles.id, [...new Set(rows.map((r) => r.userId))])),
  ]);
  const required = new Map(asked.map((p) => [p.id, p.required]));
  // Whether each applicant's office charges a fee up front (decision record 33).
  const officeOf = new Map(offices.map((o) => [o.id, o.office]));
  const owes = new Map<string, boolean>();
  for (const office of new Set(offices.map((o) => o.office ?? ""))) {
    for (const path of ["jobs", "study"] as const) {
      owes.set(`${path}:${office}`, await feeOwedUpFront(office, path));
    }
  }
  for (const row of rows) {
    const needs =
      row.kind === "job" || !row.programId
        ? JOB_CORE_DOCUMENTS
        : (required.get(row.programId) ?? []);
    const facts: ApplicationFacts = {
      feePaid:
        row.paid ||
        (row.kind === "program" && !settings.study.requireFee) ||
        !owes.get(`${row.kind === "job" ? "jobs" : "study"}:${officeOf.get(row.userId) ?? ""}`),
      unverifiedDocuments: unverifiedOf(
        uploads.filter((u) => u.userId === row.userId),
        needs,
      ),
      interviewAhead: interviewAhead(row.interviewDate),
    };
    result.set(row.id, refusedStatuses(statusesForKind(row.kind), facts));
  }
  return result;
}
