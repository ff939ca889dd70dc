import { describe, expect, it } from "vitest";
import { ApplicationBulkSchema, idsFromParams, nextStage } from "./bulk-actions";

describe("nextStage", () => {
  it("follows each kind's order and skips the ends that are not a stage", () => {
    expect(nextStage("job", "registration_pending")).toBe("registration_paid");
    expect(nextStage("job", "job_matched")).toBe("interview_scheduled");
    expect(nextStage("job", "pre_departure")).toBe("departed");
    expect(nextStage("program", "documents_submitted")).toBe("submitted_to_university");
    expect(nextStage("program", "visa_granted")).toBe("departed");
  });

  it("has none after Departed, Withdrawn or Rejected", () => {
    expect(nextStage("job", "departed")).toBeNull();
    expect(nextStage("job", "withdrawn")).toBeNull();
    expect(nextStage("program", "rejected")).toBeNull();
  });
});

describe("the bulk form", () => {
  it("asks for a ticked row, the new status, the owner or the message its action needs", () => {
    const parse = (v: Record<string, unknown>) => ApplicationBulkSchema.safeParse(v);
    expect(parse({ selection: "selected", bulkAction: "next" }).success).toBe(false);
    expect(parse({ selection: "matching", bulkAction: "next" }).success).toBe(true);
    expect(parse({ selection: "page", pageId: ["a"], bulkAction: "status" }).success).toBe(false);
    expect(parse({ selection: "matching", bulkAction: "owner" }).success).toBe(false);
    expect(
      parse({ selection: "selected", id: ["a"], bulkAction: "message", subject: "Hi" }).success,
    ).toBe(false);
  });

  it("sends the ticked ids, or the page's, to the CSV; every match sends none", () => {
    expect(idsFromParams(new URLSearchParams("selection=selected&id=a&id=b&pageId=c"))).toEqual([
      "a",
      "b",
    ]);
    expect(idsFromParams(new URLSearchParams("selection=page&id=a&pageId=c"))).toEqual(["c"]);
    expect(idsFromParams(new URLSearchParams("selection=matching&id=a"))).toBeNull();
    expect(idsFromParams(new URLSearchParams("q=x"))).toBeNull();
  });
});
