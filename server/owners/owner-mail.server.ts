import { serverT } from "~/server/i18n/translate.server";
import {
  type MailBase,
  mailLink,
  type RenderedMail,
  renderMail,
} from "~/server/mail/render.server";

// To the staff member who looks after an applicant: that applicant sent something new.

/**
 * To the staff member who owns an applicant: that applicant sent a new document or a message
 *. `detail` is the document's type or the message's subject, in the owner's language.
 */
export function applicantActivityEmail(
  o: MailBase & {
    name: string;
    event: "document" | "message";
    applicantName: string;
    detail: string;
    path: string;
  },
): RenderedMail {
  const t = serverT(o.lng);
  const values = { name: o.applicantName, detail: o.detail };
  return renderMail(o, {
    subject: t(`applicantActivity.${o.event}.title`, values),
    greeting: o.name,
    blocks: [
      { kind: "p", text: t(`applicantActivity.${o.event}.body`, values) },
      { kind: "button", label: t("applicantActivity.button"), href: mailLink(o, o.path) },
    ],
    staff: true,
  });
}
