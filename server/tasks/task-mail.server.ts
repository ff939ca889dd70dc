import { calendarDay, formatDate } from "~/domain/format";
import { serverT } from "~/server/i18n/translate.server";
import {
  type MailBase,
  mailLink,
  type RenderedMail,
  renderMail,
} from "~/server/mail/render.server";

// The e-mails of an applicant's tasks (decision record 51): one when staff give a task, one when
// it passes its due date (once).

type TaskMail = MailBase & { name: string; title: string; dueOn: string };

function dueDate(o: TaskMail) {
  return formatDate(calendarDay(o.dueOn), o.lng ?? "en", "longDate");
}

/** Staff gave the applicant a task: what it is, its instructions and when it is due. */
export function taskAssignedEmail(o: TaskMail & { instructions: string }): RenderedMail {
  const t = serverT(o.lng);
  const values = { title: o.title, date: dueDate(o) };
  return renderMail(o, {
    subject: t("task.assigned.subject", values),
    greeting: o.name,
    blocks: [
      { kind: "p", text: t("task.assigned.body", values) },
      { kind: "quote", text: o.instructions },
      { kind: "button", label: t("task.button"), href: mailLink(o, "/dashboard#tasks") },
    ],
  });
}

/** A task passed its due date and is still open. */
export function taskOverdueEmail(o: TaskMail): RenderedMail {
  const t = serverT(o.lng);
  const values = { title: o.title, date: dueDate(o) };
  return renderMail(o, {
    subject: t("task.overdue.subject", values),
    greeting: o.name,
    blocks: [
      { kind: "p", text: t("task.overdue.body", values) },
      { kind: "button", label: t("task.button"), href: mailLink(o, "/dashboard#tasks") },
    ],
  });
}
