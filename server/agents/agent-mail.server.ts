import { EMAIL_CONFIRMATION_DAYS } from "~/domain/confirmation-link";
import { serverT, type Translate } from "~/server/i18n/translate.server";
import {
  type MailBase,
  mailLink,
  type RenderedMail,
  renderMail,
} from "~/server/mail/render.server";

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

/**
 * To an agent: staff gave them applicants (one, or several at once from the user list), whom they
 * now follow in their area. `names` are the applicants'; `path` is where the button leads.
 */
export function applicantsGivenEmail(
  o: MailBase & { name: string; staffName: string; names: string[]; path: string },
): RenderedMail {
  const t = serverT(o.lng);
  const text = applicantsGivenText(t, o);
  return renderMail(o, {
    subject: text.title,
    greeting: o.name,
    blocks: [
      { kind: "p", text: text.body },
      { kind: "button", label: text.button, href: mailLink(o, o.path) },
    ],
    staff: true,
  });
}

/** What the notification and the e-mail say; at most 10 names, then how many more. */
export function applicantsGivenText(t: Translate, o: { staffName: string; names: string[] }) {
  const [first] = o.names;
  if (o.names.length === 1) {
    const values = { name: first, staffName: o.staffName };
    return {
      title: t("agentGiven.one.title", values),
      body: t("agentGiven.one.body", values),
      button: t("agentGiven.one.button"),
    };
  }
  const shown = o.names.slice(0, 10).join(", ");
  const more = o.names.length - 10;
  const values = {
    number: o.names.length,
    staffName: o.staffName,
    names: more > 0 ? t("agentGiven.several.more", { names: shown, number: more }) : shown,
  };
  return {
    title: t("agentGiven.several.title", values),
    body: t("agentGiven.several.body", values),
    button: t("agentGiven.several.button"),
  };
}
