import { describe, expect, it } from "vitest";
import {
  normaliseComplaintReference,
  phoneCandidates,
  registrationsToShow,
  verifyQueryKind,
} from "./agency-trust";
import { DEFAULT_SITE_SETTINGS, SiteSettingsFormSchema, settingsToFormValues } from "./settings";

describe("a phone number as typed", () => {
  it("reads spaces, +, 00 and a leading 0 (each office's country) as one number", () => {
    expect(phoneCandidates("+263 77 200 0000", ["263", "27"])).toEqual(["263772000000"]);
    expect(phoneCandidates("00263-77-200-0000", ["263"])).toEqual(["263772000000"]);
    expect(phoneCandidates("077 200 0000", ["263", "27"])).toEqual(["263772000000", "27772000000"]);
    expect(phoneCandidates("call me", ["263"])).toEqual([]);
    expect(phoneCandidates("12", ["263"])).toEqual([]);
  });

  it("tells a number, an address and a name apart", () => {
    expect(verifyQueryKind("+27 11 000 0000")).toBe("phone");
    expect(verifyQueryKind("Info@Passage.example")).toBe("email");
    expect(verifyQueryKind("Farai Chikwanha")).toBe("name");
  });
});

describe("a complaint reference", () => {
  it("is read whatever its case and spacing, and refused when it cannot be one", () => {
    expect(normaliseComplaintReference(" cmp-2026-7kq4 m9xd")).toBe("CMP-2026-7KQ4M9XD");
    expect(normaliseComplaintReference("2026-7KQ4M9XD")).toBe("CMP-2026-7KQ4M9XD");
    expect(normaliseComplaintReference("CMP-2026-OOOOOOOO")).toBeNull();
  });
});

describe("the registrations shown", () => {
  const trust = {
    registrations: [
      { countryCode: "ZA", office: "Midrand", label: "PEA", authority: "DEL", number: "1" },
      { countryCode: "PL", office: "", label: "KRAZ", authority: "Marszałek", number: "2" },
    ],
  };
  it("are the offices' everywhere, and a destination's only on its jobs", () => {
    expect(registrationsToShow(trust).map((r) => r.number)).toEqual(["1"]);
    expect(registrationsToShow(trust, "pl").map((r) => r.number)).toEqual(["1", "2"]);
    expect(registrationsToShow(trust, "CA").map((r) => r.number)).toEqual(["1"]);
  });
});

describe("the settings form's proof section", () => {
  it("keeps filled rows, drops blank ones and names what a partly filled row lacks", () => {
    const v = settingsToFormValues(DEFAULT_SITE_SETTINGS);
    const input = {
      ...v,
      trust: {
        ...v.trust,
        registrations: [
          { countryCode: "za", office: "Midrand", label: "PEA", authority: "DEL", number: "9" },
          {},
        ],
        complaintResponseDays: "10",
      },
    };
    const parsed = SiteSettingsFormSchema.parse(input);
    expect(parsed.trust.registrations).toEqual([
      { countryCode: "ZA", office: "Midrand", label: "PEA", authority: "DEL", number: "9" },
    ]);
    expect(parsed.trust.complaintResponseDays).toBe(10);

    input.trust.registrations = [{ countryCode: "South Africa", label: "PEA" } as never];
    input.trust.complaintResponseDays = "0";
    const result = SiteSettingsFormSchema.safeParse(input);
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => `${i.path.join(".")}=${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        "trust.registrations.0.countryCode=errors.trust.countryCodeInvalid",
        "trust.registrations.0.authority=errors.trust.authority",
        "trust.registrations.0.number=errors.trust.number",
        "trust.complaintResponseDays=errors.trust.daysInvalid",
      ]),
    );
  });
});
