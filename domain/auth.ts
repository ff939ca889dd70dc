import { z } from "zod";
import { APPLICANT_ROLES } from "./enums";
import { emailAddress, optionalText, requiredText } from "./text-fields";

// Validation messages are translation keys (namespace "auth"); the form shows t(key).
const email = emailAddress("errors.emailRequired", "errors.emailInvalid");

export const PASSWORD_MIN = 8;

/** A new password typed twice (sign-up, reset); `passwordsMatch` checks the second copy. */
const newPassword = {
  password: z
    .string({ error: "errors.passwordRequired" })
    .min(PASSWORD_MIN, "errors.passwordTooShort")
    .max(128, "errors.passwordTooLong"),
  confirmPassword: z.string({ error: "errors.confirmRequired" }).min(1, "errors.confirmRequired"),
};
const passwordsMatch = [
  (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword,
  {
    path: ["confirmPassword"],
    message: "errors.passwordsDoNotMatch",
    // Checked even while another field (the consent box, say) is still wrong, so the form says
    // everything at once.
    when: ({ value }: { value: unknown }) => {
      const v = value as { password?: unknown; confirmPassword?: unknown } | null;
      return typeof v?.password === "string" && typeof v.confirmPassword === "string";
    },
  },
] satisfies [unknown, { path: string[]; message: string; when: unknown }];

export const SignInSchema = z.object({
  email,
  password: z.string({ error: "errors.passwordRequired" }).min(1, "errors.passwordRequired"),
  redirectTo: z.string().optional(),
});
export type SignIn = z.infer<typeof SignInSchema>;

/**
 * What an account holds about its person. Every way an account reaches the database (the sign-up
 * form, better-auth's own endpoints, the seed) is checked against this one schema.
 */
export const AccountFieldsSchema = z.object({
  fullName: requiredText(120, "errors.fullNameRequired", "errors.fullNameTooLong"),
  email,
  phoneNumber: optionalText(40, "errors.phoneTooLong"),
  whatsappNumber: optionalText(40, "errors.phoneTooLong"),
  country: requiredText(80, "errors.countryRequired", "errors.countryRequired"),
  role: z.enum(APPLICANT_ROLES, { error: "errors.roleRequired" }),
  // Their nearest office's city; empty means "from my country" (checked against the settings'
  // offices when the account is made).
  office: z.string().trim().max(80, "errors.officeInvalid").optional(),
});
export type AccountFields = z.infer<typeof AccountFieldsSchema>;

const signUpFields = { ...newPassword, redirectTo: z.string().optional() };

/**
 * What better-auth's own sign-up endpoint is checked against: the form's fields without its
 * consent boxes (the form's action records consent; an account made any other way is asked to
 * accept the texts in force at its first visit to the dashboard).
 */
export const SignUpBodySchema = AccountFieldsSchema.extend(signUpFields).refine(...passwordsMatch);

export const SignUpSchema = AccountFieldsSchema.extend({
  ...signUpFields,
  // The terms and the privacy policy in force: required (recorded by version with the time).
  acceptPolicies: z.literal("on", { error: "errors.acceptPoliciesRequired" }),
  // News and job e-mail beyond their applications: only if they tick it.
  marketingEmails: z.literal("on").optional(),
}).refine(...passwordsMatch);
export type SignUp = z.infer<typeof SignUpSchema>;

export { safeRedirect } from "./safe-redirect";

export const ForgotPasswordSchema = z.object({ email });

/** "Send me a new confirmation link" on the sign-in page. */
export const ResendConfirmationSchema = z.object({
  email,
  redirectTo: z.string().optional(),
});

export const ResetPasswordSchema = z
  .object({ token: z.string().min(1, "errors.resetLinkInvalid"), ...newPassword })
  .refine(...passwordsMatch);
