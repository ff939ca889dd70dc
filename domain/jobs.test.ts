import { describe, expect, it } from "vitest";
import { canSeePremium, jobSearchQuery, parseJobSearch } from "./jobs";

const parse = (qs: string) => parseJobSearch(new URLSearchParams(qs));

describe("job search params", () => {
  it("treats missing, empty and 'all' filters as no filter", () => {
    for (const qs of ["", "country=&sector=&type=", "country=all&sector=all&type=all"]) {
      expect(parse(qs)).toEqual({
        q: undefined,
        country: undefined,
        sector: undefined,
        type: undefined,
        page: 1,
      });
    }
  });

  it("keeps valid filters and trims the search text", () => {
    expect(parse("q=%20Nurse%20&country=ca&sector=healthcare&type=sponsored&page=3")).toEqual({
      q: "Nurse",
      country: "CA",
      sector: "healthcare",
      type: "sponsored",
      page: 3,
    });
  });

  it("ignores unknown filter values and bad page numbers instead of failing", () => {
    const s = parse("sector=spaceflight&type=boss&country=Canada&page=-2");
    expect(s.sector).toBeUndefined();
    expect(s.type).toBeUndefined();
    expect(s.country).toBeUndefined();
    expect(s.page).toBe(1);
    expect(parse("page=abc").page).toBe(1);
    expect(parse("page=0").page).toBe(1);
  });

  it("caps very long search text", () => {
    expect(parse(`q=${"a".repeat(500)}`).q).toHaveLength(100);
  });

  it("round-trips through the query string, leaving out empty filters and page 1", () => {
    expect(jobSearchQuery({ q: "care home", country: "GB", page: 1 })).toBe(
      "?q=care+home&country=GB",
    );
    expect(jobSearchQuery({})).toBe("");
    const again = parse(jobSearchQuery({ sector: "logistics", page: 2 }).slice(1));
    expect(again).toMatchObject({ sector: "logistics", page: 2 });
  });
});

describe("premium access", () => {
  it("is for applicants to whom premium jobs are open, and staff", () => {
    expect(canSeePremium(null)).toBe(false);
    expect(canSeePremium({ role: "job_seeker", premiumUnlocked: false })).toBe(false);
    expect(canSeePremium({ role: "agent", premiumUnlocked: false })).toBe(false);
    expect(canSeePremium({ role: "job_seeker", premiumUnlocked: true })).toBe(true);
    expect(canSeePremium({ role: "manager", premiumUnlocked: false })).toBe(true);
  });
});
