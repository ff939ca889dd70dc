import { serverT } from "~/server/i18n/translate.server";
import {
  type MailBase,
  mailLink,
  type RenderedMail,
  renderMail,
} from "~/server/mail/render.server";

// The e-mail that tells an applicant a message from the agency waits in their inbox.

export function newMessageEmail(o: MailBase & { name: string; subject: string }): RenderedMail {
  const t = serverT(o.lng);
  return renderMail(o, {
    subject: t("newMessage.subject", { subject: o.subject }),
    greeting: o.name,
    blocks: [
      {
        kind: "p",
        text: t("newMessage.body", { agencyName: o.settings.agencyName, subject: o.subject }),
      },
      { kind: "button", label: t("newMessage.button"), href: mailLink(o, "/dashboard/messages") },
    ],
  });
}
