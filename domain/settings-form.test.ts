import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_SETTINGS, SiteSettingsFormSchema, settingsToFormValues } from "./settings";
import { SettingsFormSchema } from "./settings-form";

const valid = () => {
  const v = settingsToFormValues(DEFAULT_SITE_SETTINGS);
  return { ...v, offices: [...v.offices, {}] };
};

describe("the site settings form", () => {
  it("round-trips the defaults, dropping an empty office row", () => {
    const parsed = SiteSettingsFormSchema.parse(valid());
    expect(parsed).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it("turns the decimal fee into minor units and upper-cases the currency", () => {
    const input = valid();
    input.registrationFee = { ...input.registrationFee, amount: "115.5", currency: "zar" };
    const parsed = SiteSettingsFormSchema.parse(input);
    expect(parsed.registrationFee).toMatchObject({ amountMinor: 11550, currency: "ZAR" });
  });

  it("explains each mistake with a message key", () => {
    const input = valid();
    input.registrationFee = { ...input.registrationFee, amount: "12,00", currency: "dollars" };
    input.businessHours = { ...input.businessHours, open: "18:00", close: "09:00" };
    input.social = { ...input.social, facebook: "facebook" };
    input.offices = [{ city: "Bulawayo" }];
    const result = SiteSettingsFormSchema.safeParse(input);
    expect(result.success).toBe(false);
    const byPath = Object.fromEntries(
      result.error!.issues.map((i) => [i.path.join("."), i.message]),
    );
    expect(byPath).toMatchObject({
      "registrationFee.amount": "errors.amountInvalid",
      "registrationFee.currency": "errors.currencyInvalid",
      "social.facebook": "errors.urlInvalid",
      "offices.0.address": "errors.office.address",
      "offices.0.email": "errors.office.email",
    });
  });

  it("takes the interview cut-off in whole hours from 1 to 168", () => {
    const input = valid();
    input.interviews = { changeCutoffHours: "48" };
    expect(SiteSettingsFormSchema.parse(input).interviews.changeCutoffHours).toBe(48);
    input.interviews = { changeCutoffHours: "0" };
    const messages = SiteSettingsFormSchema.safeParse(input).error!.issues.map((i) => i.message);
    expect(messages).toContain("errors.cutoffInvalid");
  });

  it("needs at least one office", () => {
    const input = valid();
    input.offices = [{}, {}];
    const messages = SiteSettingsFormSchema.safeParse(input).error!.issues.map((i) => i.message);
    expect(messages).toContain("errors.officeRequired");
  });

  it("needs the closing time after the opening time", () => {
    const input = valid();
    input.businessHours = { ...input.businessHours, open: "17:00", close: "08:00" };
    const issues = SiteSettingsFormSchema.safeParse(input).error!.issues;
    expect(issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["businessHours.close", "errors.closeBeforeOpen"],
    ]);
  });
});

describe("the settings form's phone numbers", () => {
  it("are stored in E.164, an office's local number read in its country", () => {
    const input = valid();
    input.whatsappNumber = "077 200 0000";
    input.offices[1] = { ...input.offices[1], phone: "011 000 0000" };
    const parsed = SettingsFormSchema.parse(input);
    expect(parsed.phone).toBe("+263242700000");
    expect(parsed.whatsappNumber).toBe("+263772000000");
    expect(parsed.offices.map((o) => o.phone)).toEqual(["+263242700000", "+27110000000"]);
  });

  it("refuse one that does not read, on its own field", () => {
    const input = valid();
    input.offices[0] = { ...input.offices[0], phone: "ask at reception" };
    const result = SettingsFormSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["offices.0.phone", "errors.phoneInvalid"],
    ]);
  });
});
