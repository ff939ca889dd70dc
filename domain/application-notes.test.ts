import { describe, expect, it } from "vitest";
import { mentionText, resolveMentions } from "./application-notes";

const staff = [
  { id: "ann", name: "Ann Lee", email: "ann@agency.test" },
  { id: "ann2", name: "Ann", email: "ann.b@agency.test" },
  { id: "tm", name: "Tendai Moyo", email: "tendai.m@agency.test" },
  { id: "tb", name: "Tendai Banda", email: "tendai.b@agency.test" },
  { id: "rudo", name: "Rudo Chari", email: "rudo@agency.test" },
];

describe("resolveMentions", () => {
  it("finds full names (the longest that follows the @) and e-mail addresses, each person once", () => {
    const r = resolveMentions(
      "@Ann Lee and @ann.b@agency.test, please check. @ann lee again; cc @Rudo Chari.",
      staff,
    );
    expect(r).toEqual({ ids: ["ann", "ann2", "rudo"], unknown: [], ambiguous: [] });
  });

  it("takes a first name alone when only one colleague has it", () => {
    expect(resolveMentions("@Rudo can you call her?", staff).ids).toEqual(["rudo"]);
  });

  it("reports a first name two colleagues share, with who it could be", () => {
    const r = resolveMentions("@Tendai please", staff);
    expect(r.ids).toEqual([]);
    expect(r.ambiguous).toEqual([{ text: "@Tendai", candidates: [staff[2], staff[3]] }]);
  });

  it("reports a name that is nobody on the staff", () => {
    expect(resolveMentions("ask @Nobody, then @Tendai Moyo.", staff)).toEqual({
      ids: ["tm"],
      unknown: ["@Nobody"],
      ambiguous: [],
    });
  });

  it("ignores an @ inside a word (an e-mail address written in the note)", () => {
    expect(resolveMentions("She wrote from rudo@agency.test and x@y.z", staff)).toEqual({
      ids: [],
      unknown: [],
      ambiguous: [],
    });
  });
});

describe("mentionText", () => {
  it("is the name when no one else has it, else the address", () => {
    expect(mentionText(staff[0]!, staff)).toBe("@Ann Lee");
    const twins = [...staff, { id: "x", name: "Ann Lee", email: "other@agency.test" }];
    expect(mentionText(staff[0]!, twins)).toBe("@ann@agency.test");
  });
});
