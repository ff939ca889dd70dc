import { describe, expect, it } from "vitest";
import { applicationViewQuery, SavedViewFormSchema, savedViewHref } from "./saved-views";

describe("applicationViewQuery", () => {
  it("keeps the list's filters and drops the rest (page, dialogs, unknown values)", () => {
    expect(
      applicationViewQuery("?q=+welder+&status=job_matched&kind=bogus&page=3&view=abc&done=x"),
    ).toBe("q=welder&status=job_matched");
  });

  it("keeps the filters the list checks against the viewer (owner, office)", () => {
    expect(applicationViewQuery("owner=me&office=Harare&status=departed")).toBe(
      "status=departed&owner=me&office=Harare",
    );
  });

  it("is empty for the unfiltered list", () => {
    expect(applicationViewQuery("")).toBe("");
    expect(savedViewHref("")).toBe("/admin/applications");
  });
});

describe("SavedViewFormSchema", () => {
  it("needs a name of at most 80 characters", () => {
    expect(SavedViewFormSchema.safeParse({ intent: "create", name: " " }).success).toBe(false);
    expect(SavedViewFormSchema.safeParse({ intent: "create", name: "x".repeat(81) }).success).toBe(
      false,
    );
    expect(SavedViewFormSchema.parse({ intent: "create", name: " Mine " })).toEqual({
      intent: "create",
      name: "Mine",
      query: "",
    });
  });
});
