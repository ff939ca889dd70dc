import { describe, expect, it } from "vitest";
import {
  APPLICATION_STATUSES,
  JOB_APPLICATION_STATUSES,
  STUDY_APPLICATION_STATUSES,
} from "./enums";
import { isEndedStatus, statusLabelKey, statusTone, trackerProgress, trackerStep } from "./tracker";

describe("application tracker", () => {
  const expected: Record<string, number> = {
    registration_pending: 1,
    registration_paid: 1,
    documents_uploaded: 2,
    job_matched: 3,
    interview_scheduled: 4,
    interview_completed: 4,
    offer_received: 5,
    visa_process_started: 6,
    visa_approved: 7,
    pre_departure: 8,
    departed: 9,
  };

  it("maps every job status to its step; unknown statuses show step 1", () => {
    for (const status of JOB_APPLICATION_STATUSES.filter((s) => !isEndedStatus(s))) {
      expect(trackerStep(status), status).toBe(expected[status]);
    }
    expect(trackerStep("something_else")).toBe(1);
  });

  it("never moves the bar backwards along the status order", () => {
    const active = JOB_APPLICATION_STATUSES.filter((s) => !isEndedStatus(s));
    const positions = active.map((s) => trackerProgress(s).position);
    for (let i = 1; i < positions.length; i++) {
      expect(positions[i], active[i]).toBeGreaterThanOrEqual(positions[i - 1]!);
    }
    const widths = active.map((s) => trackerProgress(s).widthPercent);
    expect([...widths].sort((a, b) => a - b)).toEqual(widths);
  });

  it("puts Interview completed between Interview and Offer Received", () => {
    const p = trackerProgress("interview_completed");
    expect(p.between).toBe(true);
    expect(p.step).toBe(4);
    expect(p.widthPercent).toBe(50);
    expect(p.widthPercent).toBeGreaterThan(trackerProgress("interview_scheduled").widthPercent);
    expect(p.widthPercent).toBeLessThan(trackerProgress("offer_received").widthPercent);
    expect(p.steps.map((s) => s.state)).toEqual([
      "completed",
      "completed",
      "completed",
      "completed",
      "pending",
      "pending",
      "pending",
      "pending",
      "pending",
    ]);
    expect(trackerProgress("interview_scheduled").steps[3]?.state).toBe("current");
  });

  it("sizes the bar as step / 9", () => {
    expect(trackerProgress("registration_pending").widthPercent).toBeCloseTo(11.1, 1);
    expect(trackerProgress("interview_scheduled").widthPercent).toBeCloseTo(44.4, 1);
    expect(trackerProgress("departed").widthPercent).toBe(100);
  });

  it("marks earlier steps completed, the current one in progress and the rest pending", () => {
    const { steps } = trackerProgress("job_matched");
    expect(steps).toHaveLength(9);
    expect(steps.map((s) => s.state)).toEqual([
      "completed",
      "completed",
      "current",
      "pending",
      "pending",
      "pending",
      "pending",
      "pending",
      "pending",
    ]);
    // Departed is the end of the road: done, not "in progress" (read aloud by screen readers).
    expect(trackerProgress("departed").steps.every((s) => s.state === "completed")).toBe(true);
  });

  it("labels unknown statuses 'unknown' and keeps known ones", () => {
    expect(statusLabelKey("visa_approved")).toBe("visa_approved");
    expect(statusLabelKey("lost")).toBe("unknown");
    expect(statusTone("lost")).toBe("neutral");
    expect(statusTone("registration_pending")).toBe("waiting");
    expect(statusTone("departed")).toBe("success");
  });

  it("gives a study application its own nine steps, in the order of its stages", () => {
    const active = STUDY_APPLICATION_STATUSES.filter((s) => !isEndedStatus(s));
    const steps = active.map((s) => trackerStep(s, "program"));
    expect(steps).toEqual([1, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const p = trackerProgress("conditional_offer", { kind: "program" });
    expect(p.total).toBe(9);
    expect(p.steps.map((s) => s.state).slice(0, 5)).toEqual([
      "completed",
      "completed",
      "completed",
      "current",
      "pending",
    ]);
  });

  it("keeps a withdrawn or rejected application at the step where it stopped", () => {
    const p = trackerProgress("rejected", {
      kind: "program",
      lastActiveStatus: "submitted_to_university",
    });
    expect(p.ended).toBe(true);
    expect(p.step).toBe(3);
    // Stopped there, not "in progress".
    expect(p.steps.map((s) => s.state).slice(0, 4)).toEqual([
      "completed",
      "completed",
      "stopped",
      "pending",
    ]);
    expect(trackerProgress("withdrawn").step).toBe(1);
    // A refused visa ends a job application where it was (a refund rule's outcome).
    const refused = trackerProgress("visa_refused", { lastActiveStatus: "visa_process_started" });
    expect(refused.ended).toBe(true);
    expect(refused.step).toBe(trackerStep("visa_process_started"));
    expect(statusTone("rejected")).toBe("danger");
    expect(APPLICATION_STATUSES).toContain("withdrawn");
  });
});
