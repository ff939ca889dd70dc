import { describe, expect, it } from "vitest";
import { feeSettingsFor } from "./fee-policy";
import { settingText } from "./setting-texts";
import { DEFAULT_SITE_SETTINGS, SiteSettingsSchema } from "./settings";
import { settingsChanges } from "./versions";

describe("settingText", () => {
  const settings = SiteSettingsSchema.parse({
    tagline: "Work abroad, honestly.",
    translations: {
      fr: { tagline: "Travailler à l'étranger, honnêtement.", offices: [{ country: "Zimbabwe" }] },
      pt: {},
    },
  });

  it("reads the reader's language when written, else the English", () => {
    expect(settingText(settings, "tagline", "fr")).toBe("Travailler à l'étranger, honnêtement.");
    expect(settingText(settings, "tagline", "pt")).toBe("Work abroad, honestly.");
    expect(settingText(settings, "tagline", "en")).toBe("Work abroad, honestly.");
    expect(settingText(settings, "tagline", undefined)).toBe("Work abroad, honestly.");
    expect(settingText(settings, "offices.1.address", "fr")).toBe(
      DEFAULT_SITE_SETTINGS.offices[1]!.address,
    );
  });

  it("gives settings stored before translations the product's own, for texts staff did not change", () => {
    const stored = SiteSettingsSchema.parse({
      tagline: "Our own words.",
      offices: [
        { ...DEFAULT_SITE_SETTINGS.offices[0]!, address: "12 Samora Machel Avenue, Harare" },
      ],
    });
    expect(stored.translations.fr.tagline).toBe("");
    expect(settingText(stored, "tagline", "fr")).toBe("Our own words.");
    expect(settingText(stored, "businessHours.days", "fr")).toBe("Du lundi au vendredi");
    expect(settingText(stored, "offices.0.country", "pt")).toBe("Zimbabué");
    expect(settingText(stored, "offices.0.address", "pt")).toBe("12 Samora Machel Avenue, Harare");
    expect(settingText(DEFAULT_SITE_SETTINGS, "registrationFee.refundPolicy", "pt")).toMatch(
      /^A taxa de inscrição/,
    );
  });

  it("a fee policy's own refund rule is read as written, in every language", () => {
    const fee = feeSettingsFor(
      { amountMinor: null, currency: null, refundRule: "Refunded in full if no offer." },
      DEFAULT_SITE_SETTINGS,
    );
    expect(settingText(fee, "registrationFee.refundPolicy", "fr")).toBe(
      "Refunded in full if no offer.",
    );
    const site = feeSettingsFor(
      { amountMinor: null, currency: null, refundRule: "" },
      DEFAULT_SITE_SETTINGS,
    );
    expect(settingText(site, "registrationFee.refundPolicy", "fr")).toMatch(
      /^Les frais d'inscription/,
    );
  });

  it("a refused save lists a changed translation under its field and language", () => {
    const sent = {
      ...DEFAULT_SITE_SETTINGS,
      translations: {
        ...DEFAULT_SITE_SETTINGS.translations,
        fr: { ...DEFAULT_SITE_SETTINGS.translations.fr, tagline: "Autre slogan" },
      },
    };
    expect(settingsChanges(DEFAULT_SITE_SETTINGS, sent)).toEqual([
      {
        key: "settings:translated.tagline",
        values: { language: "Français" },
        value: DEFAULT_SITE_SETTINGS.translations.fr.tagline,
      },
    ]);
  });
});
