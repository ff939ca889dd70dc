import { describe, expect, it } from "vitest";
import {
  callingPrefixOf,
  formatPhone,
  migratePhone,
  phoneRegionFor,
  regionOfCountry,
  toE164,
} from "./phone";

describe("a phone number as typed", () => {
  it("reads a Zimbabwean number typed locally, with or without its 0, with spaces", () => {
    expect(toE164("077 123 4567", "ZW")).toBe("+263771234567");
    expect(toE164("0771234567", "ZW")).toBe("+263771234567");
    expect(toE164("77 123 4567", "ZW")).toBe("+263771234567");
    expect(toE164("024 270 0000", "ZW")).toBe("+263242700000");
  });

  it("reads a South African number typed locally, with or without its 0, with spaces", () => {
    expect(toE164("082 123 4567", "ZA")).toBe("+27821234567");
    expect(toE164("82 123 4567", "ZA")).toBe("+27821234567");
    expect(toE164("011 000 0000", "ZA")).toBe("+27110000000");
  });

  it("reads an international number whatever the region", () => {
    expect(toE164("+27 82 123 4567", "ZW")).toBe("+27821234567");
    expect(toE164("+263771234567", "ZA")).toBe("+263771234567");
    expect(toE164("00263 77 123 4567", "ZA")).toBe("+263771234567");
    expect(toE164("+263 (77) 123-4567", "ZA")).toBe("+263771234567");
  });

  it("reads nothing into garbage or a number too short", () => {
    expect(toE164("call me maybe", "ZW")).toBeNull();
    expect(toE164("12", "ZW")).toBeNull();
    expect(toE164("+263", "ZW")).toBeNull();
    expect(toE164("call 0771234567", "ZW")).toBeNull();
  });

  it("shows a stored number in the international format, and anything else as it is", () => {
    expect(formatPhone("+263771234567")).toBe("+263 77 123 4567");
    expect(formatPhone("+27821234567")).toBe("+27 82 123 4567");
    expect(formatPhone("call me maybe")).toBe("call me maybe");
    expect(formatPhone(null)).toBeNull();
  });
});

describe("the region a local number is read in", () => {
  it("is the country as people write it, in English, French or Portuguese, or its code", () => {
    expect(regionOfCountry("Zimbabwe")).toBe("ZW");
    expect(regionOfCountry(" south africa ")).toBe("ZA");
    expect(regionOfCountry("Afrique du Sud")).toBe("ZA");
    expect(regionOfCountry("África do Sul")).toBe("ZA");
    expect(regionOfCountry("ZA")).toBe("ZA");
    expect(regionOfCountry("Narnia")).toBeNull();
  });

  it("falls back to the office's country, then Zimbabwe", () => {
    expect(phoneRegionFor("Narnia", "South Africa")).toBe("ZA");
    expect(phoneRegionFor("Botswana", "South Africa")).toBe("BW");
    expect(phoneRegionFor(null, null)).toBe("ZW");
    expect(callingPrefixOf("ZW")).toBe("+263");
    expect(callingPrefixOf("ZA")).toBe("+27");
  });
});

describe("a number saved before phones were checked", () => {
  it("becomes E.164 when it reads, and is kept and flagged when it does not", () => {
    expect(migratePhone("077 123 4567", "ZW")).toEqual({ value: "+263771234567", needsFix: false });
    expect(migratePhone("+263 77 123 4567", "ZA")).toEqual({
      value: "+263771234567",
      needsFix: false,
    });
    expect(migratePhone("call me maybe", "ZW")).toEqual({ value: "call me maybe", needsFix: true });
    expect(migratePhone("", "ZW")).toEqual({ value: null, needsFix: false });
    expect(migratePhone(null, "ZW")).toEqual({ value: null, needsFix: false });
  });
});
