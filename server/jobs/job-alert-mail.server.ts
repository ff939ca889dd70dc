import { serverT } from "~/server/i18n/translate.server";
import {
  type MailBase,
  mailLink,
  type RenderedMail,
  renderMail,
} from "~/server/mail/render.server";

// The e-mails of job alerts: new jobs for an alert, and a visitor's confirmation link.

export type AlertJob = { id: string; title: string; countryName: string | null; teaser: boolean };

/**
 * New jobs for one alert (one at once, or a day's or week's digest). A premium job for someone who
 * has not unlocked premium jobs is only a teaser: its title and country, and what opens it (worded
 * for every fee policy: registration complete, and the fee paid where the office charges one).
 * The unsubscribe link stops this alert without signing in.
 */
export function jobAlertEmail(
  o: MailBase & {
    /** The person's name; null for a visitor's alert (greeted without their e-mail address). */
    name: string | null;
    alertName: string;
    /** What the alert looks for, in words ("Healthcare jobs in Canada"). */
    search: string;
    jobs: AlertJob[];
    unsubscribeUrl: string;
  },
): RenderedMail {
  const t = serverT(o.lng);
  const lines = o.jobs.map((job) => {
    const where = job.countryName ? ` (${job.countryName})` : "";
    const teaser = job.teaser ? ` · ${t("jobAlert.premium")}` : "";
    return `${job.title}${where}${teaser}: ${mailLink(o, `/jobs/${job.id}`, true)}`;
  });
  return renderMail(o, {
    subject: t("jobAlert.subject", { count: o.jobs.length, alertName: o.alertName }),
    greeting: o.name,
    blocks: [
      { kind: "p", text: t("jobAlert.body", { count: o.jobs.length, alertName: o.alertName }) },
      { kind: "p", text: t("jobAlert.search", { search: o.search }) },
      { kind: "p", text: lines.join("\n") },
      { kind: "button", label: t("jobAlert.button"), href: mailLink(o, "/jobs", true) },
      { kind: "p", text: t("jobAlert.unsubscribe", { url: o.unsubscribeUrl }) },
    ],
  });
}

/**
 * A visitor's new alert waits for this: the link confirms it (on a page with one button, so a mail
 * scanner that opens links confirms nothing). Nothing is matched or sent before, and an alert left
 * unconfirmed is deleted after `days`.
 */
export function jobAlertConfirmEmail(
  o: MailBase & { alertName: string; confirmUrl: string; days: number },
): RenderedMail {
  const t = serverT(o.lng);
  return renderMail(o, {
    subject: t("jobAlertConfirm.subject", { alertName: o.alertName }),
    greeting: null,
    blocks: [
      { kind: "p", text: t("jobAlertConfirm.body", { alertName: o.alertName }) },
      { kind: "button", label: t("jobAlertConfirm.button"), href: o.confirmUrl },
      { kind: "p", text: t("jobAlertConfirm.expires", { count: o.days }) },
      { kind: "p", text: t("jobAlertConfirm.ignore") },
    ],
  });
}
