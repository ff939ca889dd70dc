import type { ChecklistGap } from "./checklists";
import type { ApplicationStatus, DocumentType } from "./enums";

// Statuses that state a fact (decision record 32): the applicant reads "Your registration is
// paid" or "Your documents are in", so such a status is set only while the data proves it. The
// services read the facts (server/applications/application-facts.server.ts); this is the rule.

/** The documents every job application needs: its Documents Uploaded stage means both verified. */
export const JOB_CORE_DOCUMENTS = ["passport", "cv"] as const satisfies readonly DocumentType[];

/** What the data can prove of an application's applicant. */
export type StatusFact = "feePaid" | "documentsVerified" | "interviewHeld" | "checklistComplete";

/**
 * The gated stages (decision record 44): an offer, a visa and travel are not reached while a
 * mandatory item of the application's checklist is missing, not verified or expired that day.
 */
export const GATED_STATUSES = [
  "offer_received",
  "visa_process_started",
  "visa_approved",
  "pre_departure",
  "departed",
  "conditional_offer",
  "unconditional_offer",
  "tuition_deposit_paid",
  "study_visa_applied",
  "visa_granted",
] as const satisfies readonly ApplicationStatus[];

export function isGated(status: ApplicationStatus): boolean {
  return (GATED_STATUSES as readonly string[]).includes(status);
}

/**
 * The facts each factual status states: the fee for Registration Paid; the fee and the documents
 * for Documents Uploaded and Documents Submitted (where an application also starts by itself
 * when both are true). Statuses not listed state nothing the data records yet.
 */
export const FACTS_OF_STATUS: Partial<Record<ApplicationStatus, readonly StatusFact[]>> = {
  registration_paid: ["feePaid"],
  documents_uploaded: ["feePaid", "documentsVerified"],
  documents_submitted: ["feePaid", "documentsVerified"],
  // "Interview Completed" before the interview's time would tell the applicant something false:
  // staff who held it earlier change its date first, which says so.
  interview_completed: ["interviewHeld"],
  ...Object.fromEntries(GATED_STATUSES.map((s) => [s, ["checklistComplete"] as const])),
};

/** The facts as read from the data, for one application. */
export type ApplicationFacts = {
  /** The fee is paid (the profile's flag, set only by a recorded payment), or not asked of it. */
  feePaid: boolean;
  /** The documents the application needs whose newest upload is not verified (none: all are). */
  unverifiedDocuments: readonly DocumentType[];
  /** The application's interview is set for a time still to come. */
  interviewAhead?: boolean;
  /**
   * The mandatory checklist items not usable today (read only when a gated stage is asked for;
   * unknown counts as none, so the status lists do not read every row's checklist).
   */
  checklistGaps?: readonly ChecklistGap[];
};

/** Why a factual status was refused (a key under admin's `facts.refusal`). */
export type FactRefusal =
  "feeNotPaid" | "documentsNotVerified" | "interviewAhead" | "checklistIncomplete";

function holds(fact: StatusFact, facts: ApplicationFacts) {
  if (fact === "interviewHeld") return !facts.interviewAhead;
  if (fact === "checklistComplete") return !facts.checklistGaps?.length;
  return fact === "feePaid" ? facts.feePaid : facts.unverifiedDocuments.length === 0;
}

const REFUSAL_OF: Record<StatusFact, FactRefusal> = {
  feePaid: "feeNotPaid",
  documentsVerified: "documentsNotVerified",
  interviewHeld: "interviewAhead",
  checklistComplete: "checklistIncomplete",
};

/** Whether an interview set for `at` is still to come at `now`. */
export const interviewAhead = (at: Date | null | undefined, now = new Date()) =>
  Boolean(at && at.getTime() > now.getTime());

/** Why `status` may not be set with these facts, or null when every fact it states holds. */
export function factRefusal(
  status: ApplicationStatus,
  facts: ApplicationFacts,
): FactRefusal | null {
  const missing = (FACTS_OF_STATUS[status] ?? []).find((fact) => !holds(fact, facts));
  return missing ? REFUSAL_OF[missing] : null;
}

/** Every status of `statuses` whose facts do not hold, with why: what a status list disables. */
export function refusedStatuses(
  statuses: readonly ApplicationStatus[],
  facts: ApplicationFacts,
): Partial<Record<ApplicationStatus, FactRefusal>> {
  const refused: Partial<Record<ApplicationStatus, FactRefusal>> = {};
  for (const status of statuses) {
    const reason = factRefusal(status, facts);
    if (reason) refused[status] = reason;
  }
  return refused;
}

/**
 * The required types whose newest upload (of `uploads`, newest first, replaced ones left out) is
 * not verified: a newer pending file counts over an older verified one, as staff judge it next.
 */
export function unverifiedOf(
  uploads: readonly { type: DocumentType; status: string }[],
  required: readonly DocumentType[],
): DocumentType[] {
  const newest = new Map<DocumentType, string>();
  for (const d of uploads) if (!newest.has(d.type)) newest.set(d.type, d.status);
  return required.filter((type) => newest.get(type) !== "verified");
}
