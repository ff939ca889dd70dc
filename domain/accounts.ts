import { z } from "zod";
import { email, newPassword, passwordsMatch } from "./auth";
import { APPLICANT_ROLES } from "./enums";
import { phonesInE164 } from "./phone";
import { optionalText, requiredText } from "./text-fields";

// The account's own fields, apart from domain/auth.ts: they read phone numbers (domain/phone.ts,
// libphonenumber-js), which the sign-in form never needs to load. Messages are keys of "auth".

const PHONES = ["phoneNumber", "whatsappNumber"] as const;
const inE164 = phonesInE164(PHONES, "errors.phoneInvalid");

/** The fields themselves, for `.pick` and `.extend` (the exported schemas read the numbers too). */
export const AccountFieldsShape = z.object({
  fullName: requiredText(120, "errors.fullNameRequired", "errors.fullNameTooLong"),
  email,
  phoneNumber: optionalText(40, "errors.phoneTooLong"),
  whatsappNumber: optionalText(40, "errors.phoneTooLong"),
  country: requiredText(80, "errors.countryRequired", "errors.countryRequired"),
  role: z.enum(APPLICANT_ROLES, { error: "errors.roleRequired" }),
  // Their nearest office's city; empty means "from my country" (checked against the settings'
  // offices when the account is made).
  office: z.string().trim().max(80, "errors.officeInvalid").optional(),
  // Where a local number is read when the country names none: the office's (a hidden field).
  phoneRegion: z.string().trim().max(2).optional(),
});

/**
 * What an account holds about its person. Every way an account reaches the database (the sign-up
 * form, better-auth's own endpoints, the seed) is checked against this one schema; its phone
 * numbers come out in E.164.
 */
export const AccountFieldsSchema = AccountFieldsShape.transform(inE164);
export type AccountFields = z.infer<typeof AccountFieldsSchema>;

const signUpFields = { ...newPassword, redirectTo: z.string().optional() };

/**
 * What better-auth's own sign-up endpoint is checked against: the form's fields without its
 * consent boxes (the form's action records consent; an account made any other way is asked to
 * accept the texts in force at its first visit to the dashboard).
 */
export const SignUpBodySchema = AccountFieldsShape.extend(signUpFields)
  .refine(...passwordsMatch)
  .transform(inE164);

export const SignUpSchema = AccountFieldsShape.extend({
  ...signUpFields,
  // The terms and the privacy policy in force: required (recorded by version with the time).
  acceptPolicies: z.literal("on", { error: "errors.acceptPoliciesRequired" }),
  // News and job e-mail beyond their applications: only if they tick it.
  marketingEmails: z.literal("on").optional(),
})
  .refine(...passwordsMatch)
  .transform(inE164);
export type SignUp = z.infer<typeof SignUpSchema>;
