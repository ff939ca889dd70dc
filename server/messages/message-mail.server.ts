import { serverT } from "~/server/i18n/translate.server";
import {
  type MailBase,
  mailLink,
  type RenderedMail,
  renderMail,
} from "~/server/mail/render.server";

// The e-mail that tells an applicant a message from the agency waits in their inbox.

export function newMessageEmail(
  o: MailBase & {
    name: string;
    subject: string;
    /** The message itself, quoted, so a reply from the mail client knows what it answers. */
    content?: string;
    /** The Reply-To brings the reply back into their conversation (inbound mail is set up). */
    replyable?: boolean;
  },
): RenderedMail {
  const t = serverT(o.lng);
  return renderMail(o, {
    subject: t("newMessage.subject", { subject: o.subject }),
    greeting: o.name,
    blocks: [
      {
        kind: "p",
        text: t("newMessage.body", { agencyName: o.settings.agencyName, subject: o.subject }),
      },
      ...(o.content ? [{ kind: "quote" as const, text: o.content }] : []),
      ...(o.replyable ? [{ kind: "p" as const, text: t("newMessage.replyByEmail") }] : []),
      { kind: "button", label: t("newMessage.button"), href: mailLink(o, "/dashboard/messages") },
    ],
  });
}
