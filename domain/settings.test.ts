import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_SETTINGS, formatMoney, SiteSettingsSchema, whatsappLink } from "./settings";

describe("site settings", () => {
  it("defaults follow the product decisions: 99 USD non-refundable, Mon–Fri 08:00–17:00 CAT", () => {
    expect(DEFAULT_SITE_SETTINGS.registrationFee).toMatchObject({
      amountMinor: 9900,
      currency: "USD",
    });
    expect(DEFAULT_SITE_SETTINGS.registrationFee.refundPolicy).toMatch(/non-refundable/);
    expect(DEFAULT_SITE_SETTINGS.businessHours).toMatchObject({
      open: "08:00",
      close: "17:00",
      timeZoneLabel: "CAT",
    });
    expect(DEFAULT_SITE_SETTINGS.offices.map((o) => o.city)).toEqual(["Harare", "Midrand"]);
  });

  it("fills missing parts from the defaults and refuses malformed values", () => {
    const partial = SiteSettingsSchema.parse({ agencyName: "Passage Africa" });
    expect(partial.agencyName).toBe("Passage Africa");
    expect(partial.registrationFee.amountMinor).toBe(9900);
    expect(
      SiteSettingsSchema.safeParse({
        registrationFee: { amountMinor: -5, currency: "USD", refundPolicy: "x" },
      }).success,
    ).toBe(false);
  });

  it("leaves social links empty until staff set them; a network's bare home page reads as empty", () => {
    expect(DEFAULT_SITE_SETTINGS.social).toEqual({ facebook: "", linkedin: "", instagram: "" });
    const stored = SiteSettingsSchema.parse({
      social: {
        facebook: "https://www.facebook.com/",
        linkedin: "https://www.linkedin.com/company/passage-africa",
        instagram: "https://instagram.com",
      },
    });
    expect(stored.social).toEqual({
      facebook: "",
      linkedin: "https://www.linkedin.com/company/passage-africa",
      instagram: "",
    });
  });

  it("reads settings saved before the interview, document and visa figures existed, whole", () => {
    const saved = SiteSettingsSchema.parse({
      agencyName: "Passage Africa",
      marketing: {
        placements: "3,000+",
        successRate: "97%",
        partnerCountries: "16+",
        jobOpportunities: "12K+",
        visasProcessed: "2,800+",
        interviewSuccess: "94%",
      },
    });
    expect(saved.agencyName).toBe("Passage Africa");
    expect(saved.marketing).toMatchObject({
      placements: "3,000+",
      interviewSuccess: "94%",
      interviewsHeld: "1,750+",
      documentsProcessed: "5,000+",
      averageTurnaround: "48 hours",
      visaWorkSuccess: "",
    });
  });

  it("formats money with Intl and builds click-to-chat links", () => {
    expect(formatMoney(9900, "USD", "en-US")).toBe("$99.00");
    expect(formatMoney(11500, "ZAR", "en-ZA")).toMatch(/R\s?115[.,]00/);
    expect(whatsappLink("+263 77 200 0000")).toBe("https://wa.me/263772000000");
  });
});
