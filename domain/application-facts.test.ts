import { describe, expect, it } from "vitest";
import { factRefusal, refusedStatuses, unverifiedOf } from "./application-facts";
import { JOB_APPLICATION_STATUSES } from "./enums";

describe("statuses that state a fact", () => {
  const unpaid = { feePaid: false, unverifiedDocuments: [] };
  const paidNoDocs = { feePaid: true, unverifiedDocuments: ["cv" as const] };

  it("refuses Registration Paid without the fee, and Documents Uploaded without the documents", () => {
    expect(factRefusal("registration_paid", unpaid)).toBe("feeNotPaid");
    expect(factRefusal("documents_uploaded", unpaid)).toBe("feeNotPaid");
    expect(factRefusal("documents_uploaded", paidNoDocs)).toBe("documentsNotVerified");
    expect(factRefusal("registration_paid", paidNoDocs)).toBeNull();
    // Statuses that state nothing the data records are not refused here.
    expect(factRefusal("job_matched", unpaid)).toBeNull();
  });

  it("refuses Interview Completed while the interview is still to come", () => {
    const paid = { feePaid: true, unverifiedDocuments: [] };
    expect(factRefusal("interview_completed", { ...paid, interviewAhead: true })).toBe(
      "interviewAhead",
    );
    expect(factRefusal("interview_completed", { ...paid, interviewAhead: false })).toBeNull();
    expect(factRefusal("interview_completed", paid)).toBeNull();
  });

  it("lists the statuses a status list offers disabled", () => {
    expect(refusedStatuses(JOB_APPLICATION_STATUSES, paidNoDocs)).toEqual({
      documents_uploaded: "documentsNotVerified",
    });
  });

  it("judges each type by its newest upload", () => {
    const uploads = [
      { type: "cv" as const, status: "pending" },
      { type: "cv" as const, status: "verified" },
      { type: "passport" as const, status: "verified" },
    ];
    expect(unverifiedOf(uploads, ["passport", "cv"])).toEqual(["cv"]);
    expect(unverifiedOf(uploads.slice(1), ["passport", "cv"])).toEqual([]);
  });
});
