import {
  APPLICATION_STATUSES,
  type ApplicationKind,
  type ApplicationStatus,
  type StudyApplicationStatus,
  type Tone,
  UNIVERSITY_STAGES,
} from "./enums";

// The 9-step progress tracker of an application (spec section 4).
export const TRACKER_STEPS = [
  "registration_pending",
  "documents_uploaded",
  "job_matched",
  "interview_scheduled",
  "offer_received",
  "visa_process_started",
  "visa_approved",
  "pre_departure",
  "departed",
] as const satisfies readonly ApplicationStatus[];

/** The 9 steps of a study-program application's tracker (decision record 22). */
export const STUDY_TRACKER_STEPS = [
  "registration_pending",
  ...UNIVERSITY_STAGES,
  "departed",
] as const satisfies readonly StudyApplicationStatus[];
export type TrackerStepKey = (typeof TRACKER_STEPS)[number] | (typeof STUDY_TRACKER_STEPS)[number];

/** Statuses that end an application without reaching the last step. */
export const ENDED_STATUSES = [
  "withdrawn",
  "rejected",
  "visa_refused",
] as const satisfies ApplicationStatus[];
export function isEndedStatus(status: string): boolean {
  return (ENDED_STATUSES as readonly string[]).includes(status);
}
/** "stopped": the step where a withdrawn or rejected application ended. */
export type TrackerStepState = "completed" | "current" | "pending" | "stopped";

export function isApplicationStatus(status: string): status is ApplicationStatus {
  return (APPLICATION_STATUSES as readonly string[]).includes(status);
}

/**
 * Where a status sits on the 9 steps. registration_paid is still the first step (the fee is paid,
 * the documents are next). interview_completed sits between Interview (step 4, now done) and Offer
 * Received: the spec sent it back to step 1, which an applicant read as lost progress right after
 * their interview. Along the status order the bar therefore never moves backwards.
 * Unknown statuses show step 1.
 */
type Position = { step: number; between: boolean };
const JOB_POSITIONS: Partial<Record<ApplicationStatus, Position>> = {
  registration_pending: { step: 1, between: false },
  registration_paid: { step: 1, between: false },
  documents_uploaded: { step: 2, between: false },
  job_matched: { step: 3, between: false },
  interview_scheduled: { step: 4, between: false },
  interview_completed: { step: 4, between: true },
  offer_received: { step: 5, between: false },
  visa_process_started: { step: 6, between: false },
  visa_approved: { step: 7, between: false },
  pre_departure: { step: 8, between: false },
  departed: { step: 9, between: false },
};
// registration_paid is still the first step, as for jobs: the documents are next.
const STUDY_POSITIONS: Partial<Record<ApplicationStatus, Position>> = {
  registration_paid: { step: 1, between: false },
  ...Object.fromEntries(STUDY_TRACKER_STEPS.map((s, i) => [s, { step: i + 1, between: false }])),
};

function positionOf(status: string, kind: ApplicationKind): Position {
  const positions = kind === "program" ? STUDY_POSITIONS : JOB_POSITIONS;
  return (
    (isApplicationStatus(status) ? positions[status] : undefined) ?? { step: 1, between: false }
  );
}

/** The 1-based step of a status (interview_completed: step 4, Interview, done). */
export function trackerStep(status: string, kind: ApplicationKind = "job"): number {
  return positionOf(status, kind).step;
}

/**
 * The tracker of one application. A withdrawn or rejected application (`ended`) stays where it
 * stopped: `lastActiveStatus` (its last status before the end, from its history) gives the step.
 */
export function trackerProgress(
  status: string,
  options: { kind?: ApplicationKind; lastActiveStatus?: string | null } = {},
) {
  const kind = options.kind ?? "job";
  const ended = isEndedStatus(status);
  const { step, between } = positionOf(
    ended ? (options.lastActiveStatus ?? "registration_pending") : status,
    kind,
  );
  const keys = kind === "program" ? STUDY_TRACKER_STEPS : TRACKER_STEPS;
  const total = keys.length;
  // Between two steps the step itself is done and the bar stops half-way to the next one.
  const filled = between ? step + 0.5 : step;
  // The last step reached (Departed) is done, not in progress; an ended one stopped where it was.
  const here: TrackerStepState = ended ? "stopped" : step === keys.length ? "completed" : "current";
  return {
    step,
    total,
    /** True when the step is done and the next has not started (Interview completed). */
    between,
    /** Withdrawn or rejected: the bar shows where it stopped. */
    ended,
    /** The bar's position along the steps: step, or step + 0.5 between two steps. */
    position: filled,
    widthPercent: Math.round((filled / total) * 1000) / 10,
    steps: keys.map((key: TrackerStepKey, i) => ({
      key,
      state: (i + 1 < step || (between && i + 1 === step)
        ? "completed"
        : i + 1 === step
          ? here
          : "pending") as TrackerStepState,
    })),
  };
}

/** The key under labels.applicationStatus (common namespace): unknown statuses get 'unknown'. */
export function statusLabelKey(status: string): ApplicationStatus | "unknown" {
  return isApplicationStatus(status) ? status : "unknown";
}

// Green done, amber waiting on the applicant (pay, upload, attend the interview), blue in progress
// (the agency or the employer is acting). The admin and applicant screens both read this one map
// through app/components/status-badge.tsx (they once disagreed on registration_paid and
// offer_received).
export const APPLICATION_STATUS_TONE: Record<ApplicationStatus, Tone> = {
  registration_pending: "waiting",
  registration_paid: "waiting",
  documents_uploaded: "progress",
  job_matched: "progress",
  interview_scheduled: "waiting",
  interview_completed: "progress",
  offer_received: "success",
  visa_process_started: "progress",
  visa_approved: "success",
  pre_departure: "success",
  departed: "success",
  withdrawn: "neutral",
  documents_submitted: "progress",
  submitted_to_university: "progress",
  conditional_offer: "waiting",
  unconditional_offer: "success",
  tuition_deposit_paid: "success",
  study_visa_applied: "progress",
  visa_granted: "success",
  rejected: "danger",
  visa_refused: "danger",
};

export function statusTone(status: string): Tone {
  return isApplicationStatus(status) ? APPLICATION_STATUS_TONE[status] : "neutral";
}
