import { z } from "zod";

// One place for the facts the spec contradicted itself on (hours, fee, figures): every page reads
// these settings. Defaults follow shared/product-decisions.md.
const OfficeSchema = z.object({
  city: z.string().trim().min(1),
  country: z.string().trim().min(1),
  address: z.string().trim().min(1),
  phone: z.string().trim().min(1),
  email: z.string().trim().email(),
});

export const SiteSettingsSchema = z.object({
  agencyName: z.string().trim().min(1).default("Passage"),
  tagline: z.string().trim().default("Jobs and study abroad, handled honestly."),
  contactEmail: z.string().trim().email().default("info@passage.example"),
  inboxEmail: z.string().trim().email().default("inbox@passage.example"),
  phone: z.string().trim().default("+263 24 270 0000"),
  whatsappNumber: z.string().trim().default("+263 77 200 0000"),
  offices: z.array(OfficeSchema).default([
    {
      city: "Harare",
      country: "Zimbabwe",
      address: "3rd Floor, Eastgate Building, Robert Mugabe Road, Harare",
      phone: "+263 24 270 0000",
      email: "harare@passage.example",
    },
    {
      city: "Midrand",
      country: "South Africa",
      address: "Waterfall Corner, Woodmead Drive, Midrand, Johannesburg",
      phone: "+27 11 000 0000",
      email: "midrand@passage.example",
    },
  ]),
  businessHours: z
    .object({
      days: z.string().trim().min(1),
      open: z.string().regex(/^\d{2}:\d{2}$/),
      close: z.string().regex(/^\d{2}:\d{2}$/),
      timeZoneLabel: z.string().trim().min(1),
      closedNote: z.string().trim(),
    })
    .default({
      days: "Monday – Friday",
      open: "08:00",
      close: "17:00",
      timeZoneLabel: "CAT",
      closedNote: "Closed on weekends and public holidays",
    }),
  social: z
    .object({
      facebook: z.string().trim().url().or(z.literal("")),
      linkedin: z.string().trim().url().or(z.literal("")),
      instagram: z.string().trim().url().or(z.literal("")),
    })
    .default({
      facebook: "https://www.facebook.com/",
      linkedin: "https://www.linkedin.com/",
      instagram: "https://www.instagram.com/",
    }),
  registrationFee: z
    .object({
      amountMinor: z.number().int().min(0),
      currency: z.string().trim().length(3),
      refundPolicy: z.string().trim().min(1),
    })
    .default({
      amountMinor: 9900,
      currency: "USD",
      refundPolicy:
        "The registration fee is a one-time, non-refundable payment. It covers our work on your file and does not guarantee a job offer or a visa.",
    }),
  marketing: z
    .object({
      placements: z.string().trim(),
      successRate: z.string().trim(),
      partnerCountries: z.string().trim(),
      jobOpportunities: z.string().trim(),
      visasProcessed: z.string().trim(),
      interviewSuccess: z.string().trim(),
    })
    .default({
      placements: "2,500+",
      successRate: "98%",
      partnerCountries: "15+",
      jobOpportunities: "10K+",
      visasProcessed: "2,500+",
      interviewSuccess: "95%",
    }),
});

export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

export const DEFAULT_SITE_SETTINGS: SiteSettings = SiteSettingsSchema.parse({});

/** The fee as a formatted amount, e.g. "$99.00" in en-US. */
export function formatMoney(amountMinor: number, currency: string, locale = "en") {
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(amountMinor / 100);
}

export function whatsappLink(number: string) {
  return `https://wa.me/${number.replace(/[^\d]/g, "")}`;
}
