import { registrationLine, registrationsToShow } from "~/domain/agency-trust";
import { type Language, localizePath } from "~/domain/languages";
import { settingText } from "~/domain/setting-texts";
import { type SiteSettings, whatsappLink } from "~/domain/settings";
import { formatPhone } from "~/domain/phone";
import { formatDate } from "~/domain/format";
import { config } from "~/server/config.server";
import type { MailAttachment } from "~/server/db/schema";
import { escapeMarkup } from "~/server/escape.server";
import { dateLocale, serverT } from "~/server/i18n/translate.server";

// The one layout of every e-mail the product sends: plain text and HTML built from the same lines.
// Each domain writes its own templates beside its services (server/<domain>/<domain>-mail.server.ts,
// e.g. server/payments/payment-mail.server.ts) as a subject, a greeting and blocks given to
// renderMail. The agency's name and contact details come from site settings so a change in
// /admin/settings shows in the next mail; links are absolute (BASE_URL), times in the agency's time
// zone. An applicant's e-mail is queued with enqueueApplicantMail (server/mail/outbox.server.ts),
// which renders the template with their name and the settings; other mail goes to enqueueMail
// together with `to`.
//
// Each mail is written in its recipient's language (`lng`: an applicant's preferred_language, an
// inquiry's page language; mail to the agency's own inbox in English), with the strings of
// app/locales/<lng>/mail.json, dates and money in that language and the agency's time zone.

export type RenderedMail = {
  subject: string;
  text: string;
  html: string;
  /** Files sent with it: an interview's calendar invite (.ics). */
  attachments?: MailAttachment[];
};

export type MailBase = {
  settings: SiteSettings;
  /** Absolute origin for links, e.g. "https://passage.example"; defaults to the configured BASE_URL. */
  baseUrl?: string;
  /** The recipient's language; English when not given. */
  lng?: Language;
};

export type MailBlock =
  | { kind: "p"; text: string }
  | { kind: "quote"; text: string }
  | { kind: "facts"; rows: [string, string][] }
  | { kind: "button"; label: string; href: string };

/** An absolute link; a public page's in the reader's language (`/fr/auth`). */
export function mailLink(o: MailBase, path: string, publicPage = false) {
  const base = o.baseUrl ?? config().baseUrl;
  return `${base.replace(/\/$/, "")}${publicPage ? localizePath(path, o.lng ?? "en") : path}`;
}

/**
 * "Monday, 2 March 2026 at 10:30 CAT", "lundi 2 mars 2026 à 10:30 UTC+2": a moment as an e-mail or
 * notification states it, in the agency's time zone and the reader's language.
 */
export function formatAgencyDateTime(d: Date, lng?: Language | null) {
  return formatDate(d, dateLocale(lng), "appointment");
}

export function renderMail(
  o: MailBase,
  mail: { subject: string; greeting: string | null; blocks: MailBlock[]; staff?: boolean },
): RenderedMail {
  const s = o.settings;
  const lng = o.lng ?? "en";
  const t = serverT(lng);
  const hours = `${settingText(s, "businessHours.days", lng)}, ${s.businessHours.open}–${s.businessHours.close} ${s.businessHours.timeZoneLabel}`;
  // Each office as the reader's language writes it (the city is its name in every language).
  const offices = s.offices.map((of, i) => ({
    city: of.city,
    country: settingText(s, `offices.${i}.country`, lng),
    address: settingText(s, `offices.${i}.address`, lng),
  }));
  const greeting = mail.greeting ? t("layout.greeting", { name: mail.greeting }) : null;
  const signature = mail.staff
    ? []
    : [t("layout.closing"), t("layout.team", { agencyName: s.agencyName })];
  const label = {
    email: t("layout.email"),
    phone: t("layout.phone"),
    whatsapp: t("layout.whatsapp"),
    hours: t("layout.officeHours"),
  };
  // Who the agency is, in every e-mail: its registrations, the data-protection
  // contact, and where to check that a number or address claiming to be us really is.
  const verifyUrl = mailLink(o, "/verify", true);
  const trustLines = [
    ...registrationsToShow(s.trust).map(registrationLine),
    ...(s.privacy.informationOfficerEmail
      ? [
          t("layout.dataProtection", {
            contact: [s.privacy.informationOfficer, s.privacy.informationOfficerEmail]
              .filter(Boolean)
              .join(", "),
          }),
        ]
      : []),
  ];
  const contactLines = [
    s.agencyName,
    `${label.email}: ${s.contactEmail} · ${label.phone}: ${formatPhone(s.phone)} · ${label.whatsapp}: ${formatPhone(s.whatsappNumber)}`,
    `${label.hours}: ${hours}`,
    ...offices.map((of) => `${of.city}, ${of.country}: ${of.address}`),
    ...trustLines,
    t("layout.verify", { url: verifyUrl }),
  ];

  const textParts: string[] = [];
  if (greeting) textParts.push(greeting);
  for (const b of mail.blocks) {
    if (b.kind === "p") textParts.push(b.text);
    else if (b.kind === "quote")
      textParts.push(
        b.text
          .split("\n")
          .map((l) => `> ${l}`)
          .join("\n"),
      );
    else if (b.kind === "facts") textParts.push(b.rows.map(([k, v]) => `${k}: ${v}`).join("\n"));
    else textParts.push(`${b.label}: ${b.href}`);
  }
  if (signature.length) textParts.push(signature.join("\n"));
  const text = `${textParts.join("\n\n")}\n\n-- \n${contactLines.join("\n")}\n`;

  const htmlParts: string[] = [];
  if (greeting) htmlParts.push(p(escapeMarkup(greeting)));
  for (const b of mail.blocks) {
    if (b.kind === "p") htmlParts.push(p(multiline(b.text)));
    else if (b.kind === "quote")
      htmlParts.push(
        `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #0f766e;background:#f1f5f9;color:#1e293b">${multiline(b.text)}</blockquote>`,
      );
    else if (b.kind === "facts")
      htmlParts.push(
        `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${b.rows
          .map(
            ([k, v]) =>
              `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;color:#475569;font-weight:600;vertical-align:top">${escapeMarkup(k)}</th><td style="padding:4px 0;color:#0f172a">${multiline(v)}</td></tr>`,
          )
          .join("")}</table>`,
      );
    else
      htmlParts.push(
        `<p style="margin:24px 0"><a href="${escapeMarkup(b.href)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escapeMarkup(b.label)}</a></p>`,
      );
  }
  if (signature.length) htmlParts.push(p(signature.map(escapeMarkup).join("<br>")));

  const html = `<!doctype html>
<html lang="${lng}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeMarkup(mail.subject)}</title></head>
<body style="margin:0;padding:0;background:#f8fafc;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#0f172a">
<div style="max-width:600px;margin:0 auto;padding:24px 16px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#0f766e">${escapeMarkup(s.agencyName)}</p>
<div style="background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">
${htmlParts.join("\n")}
</div>
<div style="padding:16px 4px;font-size:13px;color:#475569">
<p style="margin:0 0 4px"><strong>${escapeMarkup(s.agencyName)}</strong></p>
<p style="margin:0 0 4px">${escapeMarkup(label.email)}: <a href="mailto:${escapeMarkup(s.contactEmail)}" style="color:#0f766e">${escapeMarkup(s.contactEmail)}</a> · ${escapeMarkup(label.phone)}: ${escapeMarkup(formatPhone(s.phone))} · ${escapeMarkup(label.whatsapp)}: <a href="${escapeMarkup(whatsappLink(s.whatsappNumber))}" style="color:#0f766e">${escapeMarkup(formatPhone(s.whatsappNumber))}</a></p>
<p style="margin:0 0 4px">${escapeMarkup(label.hours)}: ${escapeMarkup(hours)}</p>
${offices.map((of) => `<p style="margin:0 0 4px">${escapeMarkup(of.city)}, ${escapeMarkup(of.country)}: ${escapeMarkup(of.address)}</p>`).join("\n")}
${trustLines.map((line) => `<p style="margin:0 0 4px">${escapeMarkup(line)}</p>`).join("\n")}
<p style="margin:8px 0 0">${escapeMarkup(t("layout.verify", { url: "" }).trim())} <a href="${escapeMarkup(verifyUrl)}" style="color:#0f766e">${escapeMarkup(verifyUrl)}</a></p>
</div>
</div>
</body></html>`;

  return { subject: oneLine(mail.subject), text, html };
}

function p(inner: string) {
  return `<p style="margin:0 0 16px">${inner}</p>`;
}

function multiline(s: string) {
  return escapeMarkup(s).replace(/\r?\n/g, "<br>");
}

// Subjects come partly from user input (inquiry subjects); a line break there would be a header
// injection attempt, and nodemailer would refuse it anyway.
function oneLine(s: string) {
  return s
    .replace(/[\r\n]+/g, " ")
    .trim()
    .slice(0, 200);
}
