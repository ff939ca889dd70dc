import { EMAIL_CONFIRMATION_DAYS } from "~/domain/confirmation-link";
import { serverT } from "~/server/i18n/translate.server";
import { type MailBase, type RenderedMail, renderMail } from "~/server/mail/render.server";

/**
 * To a person an agent registered: their account waits for them. The link is a password link of
 * better-auth's (as a reset's): following it proves the address is theirs and lets them choose the
 * password nobody else ever knew.
 */
export function agentInvitationEmail(
  o: MailBase & { name: string; agentName: string; url: string },
): RenderedMail {
  const t = serverT(o.lng);
  const agency = o.settings.agencyName;
  return renderMail(o, {
    subject: t("agentInvitation.subject", { agencyName: agency }),
    greeting: o.name,
    blocks: [
      {
        kind: "p",
        text: t("agentInvitation.body", { agentName: o.agentName, agencyName: agency }),
      },
      { kind: "button", label: t("agentInvitation.button"), href: o.url },
      { kind: "p", text: t("agentInvitation.expires", { count: EMAIL_CONFIRMATION_DAYS }) },
      { kind: "p", text: t("agentInvitation.notYou") },
    ],
  });
}
