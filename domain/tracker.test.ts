import { describe, expect, it } from "vitest";
import { APPLICATION_STATUSES } from "./enums";
import { statusLabelKey, statusTone, trackerProgress, trackerStep } from "./tracker";

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

  it("maps every status to its step; unknown statuses show step 1", () => {
    for (const status of APPLICATION_STATUSES) {
      expect(trackerStep(status), status).toBe(expected[status]);
    }
    expect(trackerStep("something_else")).toBe(1);
  });

  it("never moves the bar backwards along the status order", () => {
    const positions = APPLICATION_STATUSES.map((s) => trackerProgress(s).position);
    for (let i = 1; i < positions.length; i++) {
      expect(positions[i], APPLICATION_STATUSES[i]).toBeGreaterThanOrEqual(positions[i - 1]!);
    }
    const widths = APPLICATION_STATUSES.map((s) => trackerProgress(s).widthPercent);
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
    expect(trackerProgress("departed").steps.at(-1)?.state).toBe("current");
  });

  it("labels unknown statuses 'unknown' and keeps known ones", () => {
    expect(statusLabelKey("visa_approved")).toBe("visa_approved");
    expect(statusLabelKey("lost")).toBe("unknown");
    expect(statusTone("lost")).toBe("neutral");
    expect(statusTone("registration_pending")).toBe("waiting");
    expect(statusTone("departed")).toBe("success");
  });
});
