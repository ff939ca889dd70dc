import { localizePath } from "~/domain/languages";
import { formatDate } from "~/domain/format";
import { config } from "~/server/config.server";
import { dateLocale, serverT } from "~/server/i18n/translate.server";
import { type MailBase, type RenderedMail, renderMail } from "~/server/mail/render.server";

// The warning before an inactive account is erased (the retention period of the site settings).

/**
 * An applicant whose account has been inactive for almost the retention period (site settings):
 * it will be erased on `eraseOn` unless they sign in (decision record 23).
 */
export function retentionWarningEmail(
  o: MailBase & { name: string; eraseOn: Date; months: number },
): RenderedMail {
  const t = serverT(o.lng);
  const date = formatDate(o.eraseOn, dateLocale(o.lng), "date");
  const base = o.baseUrl ?? config().baseUrl;
  return renderMail(o, {
    subject: t("retentionWarning.subject", { agencyName: o.settings.agencyName, date }),
    greeting: o.name,
    blocks: [
      {
        kind: "p",
        text: t("retentionWarning.body", {
          agencyName: o.settings.agencyName,
          months: o.months,
          date,
        }),
      },
      { kind: "p", text: t("retentionWarning.keep") },
      {
        kind: "button",
        label: t("retentionWarning.button"),
        href: `${base}${localizePath("/auth", o.lng ?? "en")}`,
      },
      { kind: "p", text: t("retentionWarning.download") },
    ],
  });
}
