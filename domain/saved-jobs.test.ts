import { describe, expect, it } from "vitest";
import { savedJobState } from "./saved-jobs";

const open = { isActive: true, archived: false, applicationDeadline: null };

describe("savedJobState", () => {
  it("is open without a deadline, and closed once the job is inactive or archived", () => {
    expect(savedJobState(open, "2026-03-01")).toBe("open");
    expect(savedJobState({ ...open, isActive: false }, "2026-03-01")).toBe("closed");
    expect(savedJobState({ ...open, archived: true }, "2026-03-01")).toBe("closed");
  });

  it("is closing soon from seven days before the deadline through the day itself, then closed", () => {
    const due = { ...open, applicationDeadline: "2026-03-10" };
    expect(savedJobState(due, "2026-03-02")).toBe("open");
    expect(savedJobState(due, "2026-03-03")).toBe("closingSoon");
    expect(savedJobState(due, "2026-03-10")).toBe("closingSoon");
    expect(savedJobState(due, "2026-03-11")).toBe("closed");
  });
});
