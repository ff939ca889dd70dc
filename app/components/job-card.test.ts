import { describe, expect, it } from "vitest";
import { jobCardHref, PAYMENT_REQUIRED_HREF, paymentRequiredFor } from "./job-card";

const id = "6f1c1a52-8a4b-4c1e-9a55-000000000001";
const free = { id, locked: false };
const premium = { id, locked: true };

describe("where a job card leads", () => {
  it("opens a free job's page for everyone, a visitor included", () => {
    expect(jobCardHref(free, false)).toBe(`/jobs/${id}`);
    expect(jobCardHref(free, true)).toBe(`/jobs/${id}`);
  });

  it("sends a visitor to sign in and back for a premium job, an unpaid applicant to payment", () => {
    expect(jobCardHref(premium, false)).toBe(
      `/auth?redirectTo=${encodeURIComponent(`/jobs/${id}`)}`,
    );
    // To payment, and back to this job once paid.
    expect(jobCardHref(premium, true)).toBe(paymentRequiredFor(`/jobs/${id}`));
    expect(jobCardHref(premium, true)).toContain(PAYMENT_REQUIRED_HREF);
  });

  it("opens a premium job for a paid applicant, whose card comes unlocked", () => {
    const unlockedPremium = { id, locked: false };
    expect(jobCardHref(unlockedPremium, true)).toBe(`/jobs/${id}`);
  });
});
