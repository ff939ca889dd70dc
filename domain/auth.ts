import { z } from "zod";
import { emailAddress } from "./text-fields";

// Validation messages are translation keys (namespace "auth"); the form shows t(key).
export const email = emailAddress("errors.emailRequired", "errors.emailInvalid");

export const PASSWORD_MIN = 8;

/** A new password typed twice (sign-up, reset); `passwordsMatch` checks the second copy. */
export const newPassword = {
  password: z
    .string({ error: "errors.passwordRequired" })
    .min(PASSWORD_MIN, "errors.passwordTooShort")
    .max(128, "errors.passwordTooLong"),
  confirmPassword: z.string({ error: "errors.confirmRequired" }).min(1, "errors.confirmRequired"),
};
export const passwordsMatch = [
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
