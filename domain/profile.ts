import { z } from "zod";
import { APPLICANT_ROLES, FIELDS_OF_STUDY, SECTORS } from "./enums";
import { phonesInE164 } from "./phone";

// Messages are translation keys in the "dashboard" namespace.
const optionalPhone = z
  .string()
  .trim()
  .max(40, "profile.errors.phoneTooLong")
  .optional()
  .transform((v) => (v ? v : null));

export const ProfileSchema = z
  .object({
    fullName: z
      .string({ error: "profile.errors.fullNameRequired" })
      .trim()
      .min(1, "profile.errors.fullNameRequired")
      .max(120, "profile.errors.fullNameTooLong"),
    phoneNumber: optionalPhone,
    whatsappNumber: optionalPhone,
    country: z
      .string({ error: "profile.errors.countryRequired" })
      .trim()
      .min(1, "profile.errors.countryRequired")
      .max(80, "profile.errors.countryTooLong"),
    role: z.enum(APPLICANT_ROLES, { error: "profile.errors.roleInvalid" }).optional(),
    // An applicant's nearest office (a city of the settings' offices; checked by the service).
    office: z.string().trim().max(80, "profile.errors.officeInvalid").optional(),
    preferredCountryCode: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v && /^[A-Za-z]{2}$/.test(v) ? v.toUpperCase() : null)),
    preferredSector: z
      .string()
      .optional()
      .transform((v) =>
        (SECTORS as readonly string[]).includes(v ?? "") ? (v as (typeof SECTORS)[number]) : null,
      ),
    // A student's field of study: programs in it are recommended first.
    preferredFieldOfStudy: z
      .string()
      .optional()
      .transform((v) =>
        (FIELDS_OF_STUDY as readonly string[]).includes(v ?? "")
          ? (v as (typeof FIELDS_OF_STUDY)[number])
          : null,
      ),
    emailNotifications: z
      .union([z.boolean(), z.string()])
      .optional()
      .transform((v) => v === true || v === "on" || v === "true"),
    // News and job e-mail beyond their applications (consent): off unless ticked.
    marketingEmails: z
      .union([z.boolean(), z.string()])
      .optional()
      .transform((v) => v === true || v === "on" || v === "true"),
    // Their office's country (a hidden field): where a local number is read when the country names
    // none. Numbers are stored in E.164 (domain/phone.ts).
    phoneRegion: z.string().trim().max(2).optional(),
  })
  .transform(phonesInE164(["phoneNumber", "whatsappNumber"], "profile.errors.phoneInvalid"));
export type Profile = z.infer<typeof ProfileSchema>;

export { type CompletionFields, profileCompletion } from "./profile-completion";
