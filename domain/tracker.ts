import { APPLICATION_STATUSES, type ApplicationStatus } from "./enums";

// Dates on applicant pages are shown in the agency's time zone (CAT), the same on the server and in
// the browser, so an interview time reads the same everywhere and hydration never disagrees.
export const AGENCY_TIME_ZONE = "Africa/Harare";

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
 * The 1-based step of a status. registration_paid and interview_completed are not steps of their
 * own; the spec has them (and anything unknown) fall back to step 1.
 */
export function trackerStep(status: string): number {
  const index = (TRACKER_STEPS as readonly string[]).indexOf(status);
  return index === -1 ? 1 : index + 1;
}

export function trackerProgress(status: string) {
  const step = trackerStep(status);
  return {
    step,
    total: TRACKER_STEPS.length,
    widthPercent: Math.round((step / TRACKER_STEPS.length) * 1000) / 10,
    steps: TRACKER_STEPS.map((key, i) => ({
      key,
      state: (i + 1 < step
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

export type StatusTone = "success" | "waiting" | "progress" | "danger" | "neutral";

// Green done, amber waiting on the applicant, blue in progress (the agency or employer is acting).
const TONES: Record<ApplicationStatus, StatusTone> = {
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

export function statusTone(status: string): StatusTone {
  return isApplicationStatus(status) ? TONES[status] : "neutral";
}
