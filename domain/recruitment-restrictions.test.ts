import { describe, expect, it } from "vitest";
import {
  namesOfResidence,
  type RecruitmentRestriction,
  residenceCodeOf,
  restrictionFor,
} from "./recruitment-restrictions";

const row = (r: Partial<RecruitmentRestriction>): RecruitmentRestriction => ({
  id: "x",
  destination: "",
  sector: null,
  residence: "ZW",
  explanation: "",
  explanationFr: "",
  explanationPt: "",
  ...r,
});

describe("residenceCodeOf", () => {
  it("reads a country written in English, French, Portuguese, an alias or a code", () => {
    expect(residenceCodeOf("Zimbabwe")).toBe("ZW");
    expect(residenceCodeOf("  zimbabwe ")).toBe("ZW");
    expect(residenceCodeOf("Zimbábue")).toBe("ZW");
    expect(residenceCodeOf("zw")).toBe("ZW");
    expect(residenceCodeOf("Côte d'Ivoire")).toBe("CI");
    expect(residenceCodeOf("Cote d’Ivoire")).toBe("CI");
    expect(residenceCodeOf("Ivory Coast")).toBe("CI");
    expect(residenceCodeOf("DRC")).toBe("CD");
    expect(residenceCodeOf("Afrique du Sud")).toBe("ZA");
    expect(residenceCodeOf("Kenya")).toBe("KE");
  });

  it("names no country for an empty or unknown text (nothing is hidden on a guess)", () => {
    expect(residenceCodeOf(null)).toBeNull();
    expect(residenceCodeOf("")).toBeNull();
    expect(residenceCodeOf("Atlantis")).toBeNull();
    expect(residenceCodeOf("QQ")).toBeNull();
  });

  it("lists the written forms SQL compares, normalised", () => {
    expect(namesOfResidence("ZW")).toEqual(expect.arrayContaining(["zw", "zimbabwe"]));
    expect(namesOfResidence("CI")).toEqual(
      expect.arrayContaining(["côte d'ivoire", "cote d'ivoire"]),
    );
  });
});

describe("restrictionFor", () => {
  const uk = row({ id: "uk", destination: "GB", sector: "healthcare" });
  it("matches destination, sector and residence; an unknown residence is never restricted", () => {
    const ctx = { destination: "GB", sector: "healthcare" as const, residence: "ZW" };
    expect(restrictionFor([uk], ctx)).toBe(uk);
    expect(restrictionFor([uk], { ...ctx, residence: "KE" })).toBeNull();
    expect(restrictionFor([uk], { ...ctx, residence: null })).toBeNull();
    expect(restrictionFor([uk], { ...ctx, sector: "construction" })).toBeNull();
    expect(restrictionFor([uk], { ...ctx, destination: "IE" })).toBeNull();
  });

  it("prefers the most specific of several", () => {
    const any = row({ id: "any" });
    const gb = row({ id: "gb", destination: "GB" });
    const ctx = { destination: "GB", sector: "healthcare" as const, residence: "ZW" };
    expect(restrictionFor([any, gb, uk], ctx)?.id).toBe("uk");
    expect(restrictionFor([any, gb], ctx)?.id).toBe("gb");
    expect(restrictionFor([any], { ...ctx, destination: "PL" })?.id).toBe("any");
  });
});
