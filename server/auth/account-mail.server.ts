import { EMAIL_CONFIRMATION_DAYS } from "~/domain/confirmation-link";
import { serverT } from "~/server/i18n/translate.server";
import {
  type MailBase,
  mailLink,
  type RenderedMail,
  renderMail,
} from "~/server/mail/render.server";

// The e-mails of the account flows: confirm an address, reset a password, and tell an address's
// owner that someone tried to sign up with it.

export function passwordResetEmail(o: MailBase & { name: string; url: string }): RenderedMail {
  const t = serverT(o.lng);
  return renderMail(o, {
    subject: t("passwordReset.subject", { agencyName: o.settings.agencyName }),
    greeting: o.name,
    blocks: [
      { kind: "p", text: t("passwordReset.body") },
      { kind: "button", label: t("passwordReset.button"), href: o.url },
      { kind: "p", text: t("passwordReset.notYou") },
    ],
  });
}

export function emailVerificationEmail(o: MailBase & { name: string; url: string }): RenderedMail {
  const t = serverT(o.lng);
  return renderMail(o, {
    subject: t("verifyEmail.subject", { agencyName: o.settings.agencyName }),
    greeting: o.name,
    blocks: [
      { kind: "p", text: t("verifyEmail.body") },
      { kind: "button", label: t("verifyEmail.button"), href: o.url },
      { kind: "p", text: t("verifyEmail.expires", { count: EMAIL_CONFIRMATION_DAYS }) },
    ],
  });
}

/**
 * To the owner of an address someone tried to sign up with. Sign-up answers the same for a new
 * and a taken address (nobody can probe for accounts), so this is how the owner hears of it.
 */
export function signUpAttemptEmail(o: MailBase & { name: string }): RenderedMail {
  const t = serverT(o.lng);
  return renderMail(o, {
    subject: t("signUpAttempt.subject"),
    greeting: o.name,
    blocks: [
      { kind: "p", text: t("signUpAttempt.body", { agencyName: o.settings.agencyName }) },
      { kind: "p", text: t("signUpAttempt.ifYou") },
      { kind: "button", label: t("signUpAttempt.signIn"), href: mailLink(o, "/auth", true) },
      {
        kind: "button",
        label: t("signUpAttempt.newPassword"),
        href: mailLink(o, "/auth/forgot-password", true),
      },
      { kind: "p", text: t("signUpAttempt.notYou") },
    ],
  });
}
