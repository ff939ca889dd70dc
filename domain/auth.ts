import { z } from "zod";
import { APPLICANT_ROLES } from "./enums";

// Validation messages are translation keys (namespace "auth"); the form shows t(key).
const email = z
  .string({ error: "errors.emailRequired" })
  .trim()
  .min(1, "errors.emailRequired")
  .max(254, "errors.emailInvalid")
  .email("errors.emailInvalid")
  .transform((v) => v.toLowerCase());

const optionalText = z
  .string()
  .trim()
  .max(40, "errors.phoneTooLong")
  .optional()
  .transform((v) => (v ? v : undefined));

export const PASSWORD_MIN = 8;

export const SignInSchema = z.object({
  email,
  password: z.string({ error: "errors.passwordRequired" }).min(1, "errors.passwordRequired"),
  redirectTo: z.string().optional(),
});
export type SignIn = z.infer<typeof SignInSchema>;

export const SignUpSchema = z
  .object({
    fullName: z
      .string({ error: "errors.fullNameRequired" })
      .trim()
      .min(1, "errors.fullNameRequired")
      .max(120, "errors.fullNameTooLong"),
    email,
    phoneNumber: optionalText,
    whatsappNumber: optionalText,
    country: z
      .string({ error: "errors.countryRequired" })
      .trim()
      .min(1, "errors.countryRequired")
      .max(80, "errors.countryRequired"),
    role: z.enum(APPLICANT_ROLES, { error: "errors.roleRequired" }),
    password: z
      .string({ error: "errors.passwordRequired" })
      .min(PASSWORD_MIN, "errors.passwordTooShort")
      .max(128, "errors.passwordTooLong"),
    confirmPassword: z.string({ error: "errors.confirmRequired" }).min(1, "errors.confirmRequired"),
    redirectTo: z.string().optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "errors.passwordsDoNotMatch",
  });
export type SignUp = z.infer<typeof SignUpSchema>;

/** Only same-site paths: never an open redirect to another host. */
export function safeRedirect(to: string | null | undefined, fallback = "/"): string {
  if (!to || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (to.startsWith("/auth")) return fallback;
  return to;
}

export const ForgotPasswordSchema = z.object({ email });

export const ResetPasswordSchema = z
  .object({
    token: z.string().min(1, "errors.resetLinkInvalid"),
    password: z
      .string({ error: "errors.passwordRequired" })
      .min(PASSWORD_MIN, "errors.passwordTooShort")
      .max(128, "errors.passwordTooLong"),
    confirmPassword: z.string({ error: "errors.confirmRequired" }).min(1, "errors.confirmRequired"),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "errors.passwordsDoNotMatch",
  });
