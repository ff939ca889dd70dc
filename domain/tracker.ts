import { APPLICATION_STATUSES, type ApplicationStatus, type Tone } from "./enums";

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
export type TrackerStepKey = (typeof TRACKER_STEPS)[number];
export type TrackerStepState = "completed" | "current" | "pending";

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
const POSITIONS: Record<ApplicationStatus, { step: number; between: boolean }> = {
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

/** The 1-based step of a status (interview_completed: step 4, Interview, done). */
export function trackerStep(status: string): number {
  return isApplicationStatus(status) ? POSITIONS[status].step : 1;
}

export function trackerProgress(status: string) {
  const position = isApplicationStatus(status) ? POSITIONS[status] : { step: 1, between: false };
  const { step, between } = position;
  const total = TRACKER_STEPS.length;
  // Between two steps the step itself is done and the bar stops half-way to the next one.
  const filled = between ? step + 0.5 : step;
  return {
    step,
    total,
    /** True when the step is done and the next has not started (Interview completed). */
    between,
    /** The bar's position along the steps: step, or step + 0.5 between two steps. */
    position: filled,
    widthPercent: Math.round((filled / total) * 1000) / 10,
    steps: TRACKER_STEPS.map((key, i) => ({
      key,
      state: (i + 1 < step || (between && i + 1 === step)
        ? "completed"
        : i + 1 === step
          ? "current"
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
};

export function statusTone(status: string): Tone {
  return isApplicationStatus(status) ? APPLICATION_STATUS_TONE[status] : "neutral";
}
