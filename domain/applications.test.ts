import { describe, expect, it } from "vitest";
import { canWithdraw } from "./applications";
import { APPLICATION_STATUSES } from "./enums";

describe("which applications an applicant may withdraw", () => {
  it("any that has not ended: not departed, withdrawn, rejected or refused a visa", () => {
    const final = APPLICATION_STATUSES.filter((s) => !canWithdraw(s));
    expect(final.sort()).toEqual(["departed", "rejected", "visa_refused", "withdrawn"]);
    expect(canWithdraw("registration_pending")).toBe(true);
    expect(canWithdraw("visa_approved")).toBe(true);
    expect(canWithdraw("conditional_offer")).toBe(true);
  });
});
