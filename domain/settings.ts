import { z } from "zod";
import type { AgencyTrust } from "./agency-trust";
import { SettingTextsSchema, withBuiltInTranslations } from "./setting-texts";

// One place for the facts the spec contradicted itself on (hours, fee, figures): every page reads
// these settings. Defaults follow shared/product-decisions.md.
const OfficeSchema = z.object({
  city: z.string().trim().min(1),
  country: z.string().trim().min(1),
  address: z.string().trim().min(1),
  phone: z.string().trim().min(1),
  email: z.string().trim().email(),
});

/**
 * A network's bare home page (https://www.facebook.com/) is no link to the agency: earlier
 * versions stored those as defaults, so they read as empty.
 */
const GENERIC_SOCIAL_HOME = /^https?:\/\/(www\.)?(facebook|linkedin|instagram)\.com\/?$/i;
const socialLink = z
  .string()
  .trim()
  .url()
  .or(z.literal(""))
  .transform((v) => (GENERIC_SOCIAL_HOME.test(v) ? "" : v));

/** The providers an admin can choose to offer (each must also be configured on the server). */
export const OFFERABLE_PROVIDERS = ["simulated", "paystack", "paynow"] as const;
export type OfferableProvider = (typeof OFFERABLE_PROVIDERS)[number];
export const MAX_OTHER_FEES = 3;

/** The registration fee in `currency` (the main fee or one of the others), or null when none is set. */
export function feeIn(s: Pick<SiteSettings, "registrationFee" | "payments">, currency: string) {
  const code = currency.toUpperCase();
  if (s.registrationFee.currency.toUpperCase() === code) {
    return { amountMinor: s.registrationFee.amountMinor, currency: s.registrationFee.currency };
  }
  const other = s.payments.otherFees.find((f) => f.currency.toUpperCase() === code);
  return other ? { amountMinor: other.amountMinor, currency: other.currency } : null;
}

const RegistrationSchema = z.object({
  countryCode: z.string().trim().toUpperCase().length(2),
  office: z.string().trim().default(""),
  label: z.string().trim().min(1),
  authority: z.string().trim().min(1),
  number: z.string().trim().min(1),
});
const OutsideBodySchema = z.object({
  countryCode: z.string().trim().toUpperCase().length(2),
  name: z.string().trim().min(1),
  topic: z.string().trim().default(""),
  url: z.string().trim().url().or(z.literal("")).default(""),
});

/** Public bodies anyone in the offices' countries may turn to (their own sites). */
const DEFAULT_OUTSIDE_BODIES = [
  {
    countryCode: "ZA",
    name: "Department of Employment and Labour",
    topic: "Fees charged to work-seekers, private employment agencies",
    url: "https://www.labour.gov.za",
  },
  {
    countryCode: "ZA",
    name: "Information Regulator",
    topic: "How personal information is used (POPIA)",
    url: "https://inforegulator.org.za",
  },
  {
    countryCode: "ZW",
    name: "Ministry of Public Service, Labour and Social Welfare",
    topic: "Employment agencies and recruitment fees",
    url: "https://www.mpslsw.gov.zw",
  },
  {
    countryCode: "ZW",
    name: "POTRAZ (Data Protection Authority)",
    topic: "How personal information is used (Cyber and Data Protection Act)",
    url: "https://www.potraz.gov.zw",
  },
];

const SiteSettingsObjectSchema = z.object({
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
  // Empty until staff enter the agency's own pages; the footer and contact page hide an empty link.
  social: z
    .object({
      facebook: socialLink,
      linkedin: socialLink,
      instagram: socialLink,
    })
    .default({ facebook: "", linkedin: "", instagram: "" }),
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
  // Added later, with defaults, so settings saved before still read whole.
  payments: z
    .object({
      // The providers the payment page offers, of those configured on the server.
      offered: z.array(z.enum(OFFERABLE_PROVIDERS)).default([...OFFERABLE_PROVIDERS]),
      // The fee in currencies other than registrationFee.currency (e.g. ZAR for South Africa).
      otherFees: z
        .array(
          z.object({ currency: z.string().trim().length(3), amountMinor: z.number().int().min(0) }),
        )
        .default([]),
      // The refund policy: a refunded fee takes premium access back (staff record refunds).
      refundRemovesAccess: z.boolean().default(true),
    })
    .default({ offered: [...OFFERABLE_PROVIDERS], otherFees: [], refundRemovesAccess: true }),
  marketing: z
    .object({
      placements: z.string().trim(),
      successRate: z.string().trim(),
      partnerCountries: z.string().trim(),
      jobOpportunities: z.string().trim(),
      visasProcessed: z.string().trim(),
      interviewSuccess: z.string().trim(),
      // Added later: each has its own default, so settings saved before still read whole.
      // Interview preparation page.
      interviewsHeld: z.string().trim().default("1,750+"),
      // Document support page.
      documentsProcessed: z.string().trim().default("5,000+"),
      averageTurnaround: z.string().trim().default("48 hours"),
      // Visa assistance page, per visa type: empty (hidden) until staff enter their real figures.
      visaWorkSuccess: z.string().trim().default(""),
      visaStudySuccess: z.string().trim().default(""),
      visaVisitorSuccess: z.string().trim().default(""),
      visaFamilySuccess: z.string().trim().default(""),
    })
    .default({
      placements: "2,500+",
      successRate: "98%",
      partnerCountries: "15+",
      jobOpportunities: "10K+",
      visasProcessed: "2,500+",
      interviewSuccess: "95%",
      interviewsHeld: "1,750+",
      documentsProcessed: "5,000+",
      averageTurnaround: "48 hours",
      visaWorkSuccess: "",
      visaStudySuccess: "",
      visaVisitorSuccess: "",
      visaFamilySuccess: "",
    }),
  // Whether applying to a study program needs the registration fee, as a premium job does
  // (decision record 22; default: yes, the same fee).
  study: z.object({ requireFee: z.boolean().default(true) }).default({ requireFee: true }),
  // Data protection (decision record 23): how long an applicant's account and documents
  // are kept after their last activity, and who the Information Officer is (the privacy policy
  // names them).
  privacy: z
    .object({
      retentionMonths: z.number().int().min(6).max(120).default(24),
      informationOfficer: z.string().trim().default(""),
      // How to reach them: shown in the footer beside the agency's registrations.
      informationOfficerEmail: z.string().trim().email().or(z.literal("")).default(""),
    })
    .default({ retentionMonths: 24, informationOfficer: "", informationOfficerEmail: "" }),
  // Interview booking (decision record 24): an applicant moves or cancels a booked interview until
  // this many hours before it, and times starting sooner are not offered.
  interviews: z
    .object({ changeCutoffHours: z.number().int().min(1).max(168).default(24) })
    .default({ changeCutoffHours: 24 }),
  // How the agency proves who it is (decision record 31): registrations, the bodies a
  // person may also complain to, and the days a complaint waits for an answer.
  trust: z
    .object({
      registrations: z.array(RegistrationSchema).default([]),
      outsideBodies: z.array(OutsideBodySchema).default(DEFAULT_OUTSIDE_BODIES),
      complaintResponseDays: z.number().int().min(1).max(90).default(14),
    })
    .default({
      registrations: [],
      outsideBodies: DEFAULT_OUTSIDE_BODIES,
      complaintResponseDays: 14,
    })
    .transform((v): AgencyTrust => v),
  // The texts above a reader sees, in French and Portuguese as staff wrote them; empty reads as
  // the English (domain/setting-texts.ts, decision record 55).
  translations: z
    .object({ fr: SettingTextsSchema.prefault({}), pt: SettingTextsSchema.prefault({}) })
    .prefault({}),
});

/** The settings' own defaults, before any translation is added. */
const ENGLISH_DEFAULTS = SiteSettingsObjectSchema.parse({ translations: {} });

export const SiteSettingsSchema = z.preprocess(
  (raw) => withBuiltInTranslations(raw, ENGLISH_DEFAULTS),
  SiteSettingsObjectSchema,
);

export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

export const DEFAULT_SITE_SETTINGS: SiteSettings = SiteSettingsSchema.parse({});

// Kept importable from here for server code; browser code imports ./format (no zod).
export { formatMoney, whatsappLink } from "./format";

// ── The admin form (/admin/settings) ──────────────────────────────────────────────────────────
// Flat, form-shaped input (the fee as a decimal, blank office rows allowed) with messages that are
// translation keys in the "settings" namespace; transforms into SiteSettings.
const requiredText = (key: string, max = 200) =>
  z.string({ error: key }).trim().min(1, key).max(max, "errors.tooLong");
const optionalFormText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, "errors.tooLong")
    .optional()
    .transform((v) => v ?? "");
const emailField = z
  .string({ error: "errors.emailRequired" })
  .trim()
  .min(1, "errors.emailRequired")
  .email("errors.emailInvalid");
const optionalUrl = z
  .string()
  .trim()
  .max(500, "errors.tooLong")
  // Blank is allowed (no link); Conform sends it as undefined, a plain post as "".
  .refine((v) => v === "" || /^https?:\/\/[^\s]+\.[^\s]+/i.test(v), "errors.urlInvalid")
  .optional()
  .transform((v) => v ?? "");
/** A group of the form's fields under one name; a form that sent none of them gets their defaults. */
const formSection = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.preprocess((v) => v ?? {}, z.object(shape));
/** A number of one to three digits from `min` to `max`, one message for every way it is wrong. */
const wholeNumberText = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,3}$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);
/** A checkbox: ticked when the form sent "on" (or JSON sent true). */
const checkbox = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");
const time = z
  .string({ error: "errors.timeRequired" })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "errors.timeInvalid");

const OfficeRowSchema = z.object({
  city: z.string().trim().max(100, "errors.tooLong").optional(),
  country: z.string().trim().max(100, "errors.tooLong").optional(),
  address: z.string().trim().max(300, "errors.tooLong").optional(),
  phone: z.string().trim().max(40, "errors.tooLong").optional(),
  email: z.string().trim().max(254, "errors.tooLong").optional(),
});

export const MAX_OFFICES = 4;
export const MAX_REGISTRATIONS = 6;
export const MAX_OUTSIDE_BODIES = 8;

/** Rows of the trust section: a blank row is dropped, a partly filled one names what it lacks. */
const trustRows = <Key extends string>(
  keys: readonly Key[],
  required: readonly Key[],
  max: number,
  check: (row: Partial<Record<Key, string>>, issue: (key: Key, message: string) => void) => void,
) =>
  z
    .array(
      z.object(
        Object.fromEntries(keys.map((k) => [k, optionalFormText(300)])) as Record<
          Key,
          ReturnType<typeof optionalFormText>
        >,
      ),
    )
    .max(max)
    .optional()
    .transform((rows) => (rows ?? []) as Record<Key, string>[])
    .superRefine((rows, ctx) => {
      rows.forEach((row, i) => {
        if (!keys.some((k) => row[k])) return;
        const issue = (key: Key, message: string) =>
          ctx.addIssue({ code: "custom", path: [i, key], message });
        for (const key of required) if (!row[key]) issue(key, `errors.trust.${key}`);
        check(row, issue);
      });
    })
    .transform((rows) => rows.filter((row) => keys.some((k) => row[k])));

const countryCodeCheck = (
  row: { countryCode?: string },
  issue: (key: "countryCode", message: string) => void,
) => {
  if (row.countryCode && !/^[A-Za-z]{2}$/.test(row.countryCode)) {
    issue("countryCode", "errors.trust.countryCodeInvalid");
  }
};

/**
 * A language's version of the settings' texts, each optional (empty reads as the English), its
 * offices row by row with the form's offices.
 */
const translatedTexts = formSection({
  tagline: optionalFormText(160),
  businessHours: formSection({ days: optionalFormText(80), closedNote: optionalFormText(160) }),
  registrationFee: formSection({ refundPolicy: optionalFormText(1000) }),
  marketing: formSection({ averageTurnaround: optionalFormText(20) }),
  offices: z
    .array(formSection({ country: optionalFormText(100), address: optionalFormText(300) }))
    .max(MAX_OFFICES)
    .optional()
    .transform((rows) => rows ?? []),
});
type TranslatedTexts = z.infer<typeof translatedTexts>;

/** An office row of the form that names an office (a blank one is dropped). */
const officeFilled = (row: Record<string, string | undefined>) => Object.values(row).some((x) => x);

export const SiteSettingsFormSchema = z
  .object({
    agencyName: requiredText("errors.agencyNameRequired", 80),
    tagline: optionalFormText(160),
    contactEmail: emailField,
    inboxEmail: emailField,
    phone: requiredText("errors.phoneRequired", 40),
    whatsappNumber: requiredText("errors.whatsappRequired", 40).refine(
      (v) => v.replace(/[^\d]/g, "").length >= 8,
      "errors.whatsappInvalid",
    ),
    offices: z
      .array(OfficeRowSchema)
      .max(MAX_OFFICES)
      .optional()
      .transform((rows) => rows ?? [])
      .superRefine((rows, ctx) => {
        rows.forEach((row, i) => {
          const filled = Object.values(row).some((v) => v);
          if (!filled) return;
          for (const key of ["city", "country", "address", "phone", "email"] as const) {
            if (!row[key])
              ctx.addIssue({ code: "custom", path: [i, key], message: `errors.office.${key}` });
          }
          if (row.email && !z.email().safeParse(row.email).success) {
            ctx.addIssue({ code: "custom", path: [i, "email"], message: "errors.emailInvalid" });
          }
        });
        if (!rows.some((row) => Object.values(row).some((v) => v))) {
          ctx.addIssue({ code: "custom", path: [0, "city"], message: "errors.officeRequired" });
        }
      }),
    businessHours: formSection({
      days: requiredText("errors.daysRequired", 80),
      open: time,
      close: time,
      timeZoneLabel: requiredText("errors.timeZoneRequired", 40),
      closedNote: optionalFormText(160),
    }),
    social: z
      .object({ facebook: optionalUrl, linkedin: optionalUrl, instagram: optionalUrl })
      .optional()
      .transform((v) => ({
        facebook: v?.facebook ?? "",
        linkedin: v?.linkedin ?? "",
        instagram: v?.instagram ?? "",
      })),
    registrationFee: formSection({
      amount: z
        .string({ error: "errors.amountRequired" })
        .trim()
        .regex(/^\d{1,7}(\.\d{1,2})?$/, "errors.amountInvalid"),
      currency: z
        .string({ error: "errors.currencyRequired" })
        .trim()
        .transform((v) => v.toUpperCase())
        .refine((v) => /^[A-Z]{3}$/.test(v), "errors.currencyInvalid"),
      refundPolicy: requiredText("errors.refundPolicyRequired", 1000),
    }),
    payments: formSection({
      offered: z
        .array(z.enum(OFFERABLE_PROVIDERS), { error: "errors.providersRequired" })
        .min(1, "errors.providersRequired"),
      refundRemovesAccess: checkbox,
      otherFees: z
        .array(
          z.object({
            currency: z.string().trim().max(3, "errors.currencyInvalid").optional(),
            amount: z.string().trim().max(12, "errors.amountInvalid").optional(),
          }),
        )
        .max(MAX_OTHER_FEES)
        .optional()
        .transform((rows) => rows ?? [])
        .superRefine((rows, ctx) => {
          rows.forEach((row, i) => {
            if (!row.currency && !row.amount) return;
            if (!row.currency || !/^[A-Za-z]{3}$/.test(row.currency)) {
              ctx.addIssue({
                code: "custom",
                path: [i, "currency"],
                message: "errors.currencyInvalid",
              });
            }
            if (!row.amount || !/^\d{1,7}(\.\d{1,2})?$/.test(row.amount)) {
              ctx.addIssue({
                code: "custom",
                path: [i, "amount"],
                message: "errors.amountInvalid",
              });
            }
          });
        }),
    }),
    marketing: formSection({
      placements: optionalFormText(20),
      successRate: optionalFormText(20),
      partnerCountries: optionalFormText(20),
      jobOpportunities: optionalFormText(20),
      visasProcessed: optionalFormText(20),
      interviewSuccess: optionalFormText(20),
      interviewsHeld: optionalFormText(20),
      documentsProcessed: optionalFormText(20),
      averageTurnaround: optionalFormText(20),
      visaWorkSuccess: optionalFormText(20),
      visaStudySuccess: optionalFormText(20),
      visaVisitorSuccess: optionalFormText(20),
      visaFamilySuccess: optionalFormText(20),
    }),
    study: formSection({
      requireFee: checkbox,
    }),
    privacy: formSection({
      retentionMonths: wholeNumberText(6, 120, "errors.retentionInvalid"),
      informationOfficer: optionalFormText(200),
      informationOfficerEmail: optionalFormText(254).refine(
        (v) => v === "" || z.email().safeParse(v).success,
        "errors.emailInvalid",
      ),
    }),
    trust: formSection({
      registrations: trustRows(
        ["countryCode", "office", "label", "authority", "number"],
        ["countryCode", "label", "authority", "number"],
        MAX_REGISTRATIONS,
        countryCodeCheck,
      ),
      outsideBodies: trustRows(
        ["countryCode", "name", "topic", "url"],
        ["countryCode", "name"],
        MAX_OUTSIDE_BODIES,
        (row, issue) => {
          countryCodeCheck(row, issue);
          if (row.url && !/^https?:\/\/[^\s]+\.[^\s]+/i.test(row.url))
            issue("url", "errors.urlInvalid");
        },
      ),
      complaintResponseDays: wholeNumberText(1, 90, "errors.trust.daysInvalid").default(14),
    }),
    interviews: formSection({
      // A form from before this field existed keeps the default.
      changeCutoffHours: wholeNumberText(1, 168, "errors.cutoffInvalid").default(24),
    }),
    translations: formSection({ fr: translatedTexts, pt: translatedTexts }),
  })
  .refine((v) => v.businessHours.close > v.businessHours.open, {
    path: ["businessHours", "close"],
    message: "errors.closeBeforeOpen",
  })
  .superRefine((v, ctx) => {
    // One amount per currency: the main fee's currency is not repeated among the others.
    const seen = new Set([v.registrationFee.currency]);
    v.payments.otherFees.forEach((row, i) => {
      const code = row.currency?.toUpperCase();
      if (!code) return;
      if (seen.has(code)) {
        ctx.addIssue({
          code: "custom",
          path: ["payments", "otherFees", i, "currency"],
          message: "errors.currencyRepeated",
        });
      }
      seen.add(code);
    });
  })
  .transform((v): SiteSettings => {
    // The offices kept, by their row in the form: each language's office texts follow them.
    const rows = v.offices.flatMap((row, i) => (officeFilled(row) ? [i] : []));
    const texts = (t: TranslatedTexts) => ({
      ...t,
      offices: rows.map((i) => ({
        country: t.offices[i]?.country ?? "",
        address: t.offices[i]?.address ?? "",
      })),
    });
    return {
      agencyName: v.agencyName,
      tagline: v.tagline,
      contactEmail: v.contactEmail,
      inboxEmail: v.inboxEmail,
      phone: v.phone,
      whatsappNumber: v.whatsappNumber,
      offices: v.offices.filter(officeFilled).map((row) => ({
        city: row.city!,
        country: row.country!,
        address: row.address!,
        phone: row.phone!,
        email: row.email!,
      })),
      businessHours: v.businessHours,
      social: v.social,
      registrationFee: {
        amountMinor: Math.round(Number(v.registrationFee.amount) * 100),
        currency: v.registrationFee.currency,
        refundPolicy: v.registrationFee.refundPolicy,
      },
      payments: {
        offered: v.payments.offered,
        refundRemovesAccess: v.payments.refundRemovesAccess,
        otherFees: v.payments.otherFees
          .filter((row) => row.currency && row.amount)
          .map((row) => ({
            currency: row.currency!.toUpperCase(),
            amountMinor: Math.round(Number(row.amount) * 100),
          })),
      },
      marketing: v.marketing,
      study: v.study,
      privacy: v.privacy,
      interviews: v.interviews,
      trust: {
        registrations: v.trust.registrations.map((r) => ({
          ...r,
          countryCode: r.countryCode.toUpperCase(),
        })),
        outsideBodies: v.trust.outsideBodies.map((b) => ({
          ...b,
          countryCode: b.countryCode.toUpperCase(),
        })),
        complaintResponseDays: v.trust.complaintResponseDays,
      },
      translations: { fr: texts(v.translations.fr), pt: texts(v.translations.pt) },
    };
  });

/** Settings as the admin form's default values (the fee as a decimal string). */
export function settingsToFormValues(s: SiteSettings) {
  return {
    ...s,
    registrationFee: {
      amount: (s.registrationFee.amountMinor / 100).toFixed(2),
      currency: s.registrationFee.currency,
      refundPolicy: s.registrationFee.refundPolicy,
    },
    payments: {
      offered: s.payments.offered as string[],
      refundRemovesAccess: s.payments.refundRemovesAccess ? "on" : undefined,
      otherFees: s.payments.otherFees.map((f) => ({
        currency: f.currency,
        amount: (f.amountMinor / 100).toFixed(2),
      })) as { currency?: string; amount?: string }[],
    },
    study: { requireFee: s.study.requireFee ? "on" : undefined },
    privacy: {
      retentionMonths: String(s.privacy.retentionMonths),
      informationOfficer: s.privacy.informationOfficer,
      informationOfficerEmail: s.privacy.informationOfficerEmail,
    },
    trust: {
      registrations: s.trust.registrations as Partial<AgencyTrust["registrations"][number]>[],
      outsideBodies: s.trust.outsideBodies as Partial<AgencyTrust["outsideBodies"][number]>[],
      complaintResponseDays: String(s.trust.complaintResponseDays),
    },
    interviews: { changeCutoffHours: String(s.interviews.changeCutoffHours) },
  };
}
