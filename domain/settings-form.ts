import type { z } from "zod";
import { phoneRegionFor, toE164 } from "./phone";
import { type SiteSettings, SiteSettingsFormSchema } from "./settings";

// The settings form's schema with its phone numbers read (domain/phone.ts): apart from
// domain/settings.ts, which every page's settings go through, so only this form loads the phone
// library (lazily, in the browser). Messages are keys of the "settings" namespace.

function phonesInE164(value: SiteSettings, ctx: z.RefinementCtx<SiteSettings>): SiteSettings {
  const read = (raw: string, country: string | undefined, path: (string | number)[]) => {
    const e164 = toE164(raw, phoneRegionFor(country));
    if (!e164) ctx.addIssue({ code: "custom", path, message: "errors.phoneInvalid" });
    return e164 ?? raw;
  };
  // The agency's own numbers are read in its first office's country.
  const home = value.offices[0]?.country;
  return {
    ...value,
    phone: read(value.phone, home, ["phone"]),
    whatsappNumber: read(value.whatsappNumber, home, ["whatsappNumber"]),
    offices: value.offices.map((office, i) => ({
      ...office,
      phone: read(office.phone, office.country, ["offices", i, "phone"]),
    })),
  };
}

/** The settings as the form posts them, every number stored in E.164. */
export const SettingsFormSchema = SiteSettingsFormSchema.transform(phonesInE164);
