import { desc, eq, inArray, or } from "drizzle-orm";
import { calendarDay, formatDate, formatMoney } from "~/domain/format";
import { isLanguage, type Language, DEFAULT_LANGUAGE } from "~/domain/languages";
import { db } from "~/server/db/client.server";
import * as schema from "~/server/db/schema";
import { serverT } from "~/server/i18n/translate.server";
import type { PersonalData } from "./data-export.server";

// The archive's readable part (passage-summary.html): what Passage holds about a person, as they
// would read it on a phone, in their language: their profile, applications with their history,
// documents, payments, messages, consents and who at Passage opened their file. The JSON beside it
// stays the complete, machine-readable copy; this page names things instead of ids and shows
// amounts as money. One file, no script, no outside style or font: it opens offline in any browser.

type Row = { cells: string[] };
type Section = { title: string; intro?: string; head: string[]; rows: Row[] };

const escape = (text: unknown) =>
  String(text ?? "").replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** The summary of `data` (collectPersonalData's), with names looked up for its ids. */
export async function dataSummaryHtml(userId: string, data: PersonalData): Promise<string> {
  const profile = data.tables.profiles?.[0] as
    (typeof schema.profiles.$inferSelect & Record<string, unknown>) | undefined;
  const lng: Language = isLanguage(String(profile?.preferredLanguage))
    ? (profile!.preferredLanguage as Language)
    : DEFAULT_LANGUAGE;
  const t = serverT(lng, "dashboard");
  const common = serverT(lng, "common");
  const docs = serverT(lng, "documents");
  const pay = serverT(lng, "payment");
  const date = (value: unknown) => (value ? formatDate(value as Date | string, lng, "date") : "");
  const dateTime = (value: unknown) =>
    value ? formatDate(value as Date | string, lng, "dateTime") : "";
  const statusLabel = (status: string) =>
    common(`labels.applicationStatus.${status}.label`, { defaultValue: status });

  const [applications, documents, types, payments, messages] = await Promise.all([
    db()
      .select({
        id: schema.jobApplications.id,
        status: schema.jobApplications.status,
        appliedAt: schema.jobApplications.appliedAt,
        job: schema.jobs.title,
        program: schema.programs.title,
      })
      .from(schema.jobApplications)
      .leftJoin(schema.jobs, eq(schema.jobs.id, schema.jobApplications.jobId))
      .leftJoin(schema.programs, eq(schema.programs.id, schema.jobApplications.programId))
      .where(eq(schema.jobApplications.userId, userId))
      .orderBy(desc(schema.jobApplications.appliedAt)),
    db()
      .select()
      .from(schema.documents)
      .where(eq(schema.documents.userId, userId))
      .orderBy(desc(schema.documents.uploadedAt)),
    db()
      .select({ key: schema.documentTypes.key, names: schema.documentTypes.names })
      .from(schema.documentTypes),
    db()
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.userId, userId))
      .orderBy(desc(schema.payments.createdAt)),
    db()
      .select({
        subject: schema.messages.subject,
        content: schema.messages.content,
        sentAt: schema.messages.sentAt,
        senderId: schema.messages.senderId,
      })
      .from(schema.messages)
      .where(
        or(
          eq(schema.messages.senderId, userId),
          eq(schema.messages.recipientId, userId),
          inArray(
            schema.messages.id,
            db()
              .select({ id: schema.messageRecipients.messageId })
              .from(schema.messageRecipients)
              .where(eq(schema.messageRecipients.userId, userId)),
          ),
        ),
      )
      .orderBy(desc(schema.messages.sentAt)),
  ]);
  const typeName = (key: string) => {
    const names = types.find((ty) => ty.key === key)?.names;
    return names?.[lng] || names?.en || key;
  };
  const historyOf = (id: string) =>
    data.applicationHistory
      .filter((h) => h.applicationId === id)
      .map((h) => `${date(h.createdAt)}: ${statusLabel(String(h.toStatus))}`)
      .join("; ");

  const sections: Section[] = [
    {
      title: t("dataSummary.profile"),
      head: [t("dataSummary.field"), t("dataSummary.value")],
      rows: profile
        ? (
            [
              ["fullName", profile.fullName],
              ["email", profile.email],
              ["phone", profile.phoneNumber],
              ["whatsapp", profile.whatsappNumber],
              ["country", profile.country],
              ["office", profile.office],
              ["language", profile.preferredLanguage],
              ["joined", date(profile.createdAt)],
            ] as const
          ).map(([key, value]) => ({
            cells: [t(`dataSummary.fields.${key}`), String(value ?? "")],
          }))
        : [],
    },
    {
      title: t("dataSummary.applications"),
      head: [t("dataSummary.appliedFor"), t("dataSummary.status"), t("dataSummary.history")],
      rows: applications.map((a) => ({
        cells: [
          `${a.job ?? a.program ?? ""} (${date(a.appliedAt)})`,
          statusLabel(a.status),
          historyOf(a.id),
        ],
      })),
    },
    {
      title: t("dataSummary.documents"),
      intro: t("dataSummary.documentsIntro"),
      head: [
        t("dataSummary.document"),
        t("dataSummary.status"),
        t("dataSummary.uploaded"),
        t("dataSummary.validUntil"),
      ],
      rows: documents.map((d) => ({
        cells: [
          `${typeName(d.documentType)}: ${d.fileName}`,
          docs(`status.${d.status}`, { defaultValue: d.status }),
          date(d.uploadedAt),
          d.expiresOn ? date(d.expiresOn) : "",
        ],
      })),
    },
    {
      title: t("dataSummary.payments"),
      head: [
        t("dataSummary.amount"),
        t("dataSummary.status"),
        t("dataSummary.date"),
        t("dataSummary.reference"),
      ],
      rows: payments.map((p) => ({
        cells: [
          formatMoney(p.amountMinor, p.currency, lng),
          pay(`status.${p.status}`, { defaultValue: p.status }),
          date(p.paymentDate ?? p.createdAt),
          p.receiptNumber ?? p.paymentReference,
        ],
      })),
    },
    {
      title: t("dataSummary.messages"),
      head: [t("dataSummary.date"), t("dataSummary.direction"), t("dataSummary.message")],
      rows: messages.map((m) => ({
        cells: [
          dateTime(m.sentAt),
          m.senderId === userId ? t("dataSummary.sent") : t("dataSummary.received"),
          `${m.subject}\n${m.content}`,
        ],
      })),
    },
    {
      title: t("dataSummary.consents"),
      head: [t("dataSummary.consent"), t("dataSummary.date")],
      rows: consentRows(data).map(([policy, version, when]) => ({
        cells: [
          t("dataSummary.accepted", {
            policy: t(`dataSummary.policies.${policy}`, { defaultValue: policy }),
            version: /^\d{4}-\d{2}-\d{2}$/.test(version) ? date(calendarDay(version)) : version,
          }),
          dateTime(when),
        ],
      })),
    },
    {
      title: t("profile.views.title"),
      intro: t("profile.views.hint"),
      head: [t("dataSummary.date"), t("dataSummary.what")],
      rows: data.staffViews.map((view) => {
        const role = view.role ? common(`roles.${view.role}`) : t("profile.views.someone");
        const document = view.documentNames
          ? view.documentNames[lng] || view.documentNames.en
          : (view.documentType ?? t("profile.views.aDocument"));
        return {
          cells: [
            dateTime(view.at),
            view.action === "document.view"
              ? t("profile.views.document", { role, document })
              : t("profile.views.profile", { role }),
          ],
        };
      }),
    },
  ];

  const body = sections
    .map((s) => {
      const table =
        s.rows.length === 0
          ? `<p class="none">${escape(t("dataSummary.none"))}</p>`
          : `<table><thead><tr>${s.head.map((h) => `<th scope="col">${escape(h)}</th>`).join("")}</tr></thead><tbody>${s.rows
              .map(
                (r) =>
                  `<tr>${r.cells.map((c) => `<td>${escape(c).replace(/\n/g, "<br>")}</td>`).join("")}</tr>`,
              )
              .join("")}</tbody></table>`;
      return `<section><h2>${escape(s.title)}</h2>${s.intro ? `<p>${escape(s.intro)}</p>` : ""}${table}</section>`;
    })
    .join("\n");
  return `<!doctype html>
<html lang="${lng}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(t("dataSummary.title"))}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#0f172a}h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:2rem}table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{border-bottom:1px solid #cbd5e1;padding:.4rem;text-align:left;vertical-align:top}th{background:#f1f5f9}.none{color:#475569}@media(max-width:40rem){thead{display:none}tr{display:block;border-bottom:2px solid #cbd5e1;padding:.4rem 0}td{display:block;border:0;padding:.1rem 0}}</style>
</head><body><h1>${escape(t("dataSummary.title"))}</h1>
<p>${escape(t("dataSummary.intro", { date: dateTime(data.exportedAt) }))}</p>
${body}
</body></html>
`;
}

/** The policies the person accepted (policy_acceptances), as [policy, its version, when]. */
function consentRows(data: PersonalData): [string, string, unknown][] {
  return (data.tables.policy_acceptances ?? []).map((row) => [
    String(row.policy),
    `${String(row.version)}`,
    row.acceptedAt,
  ]) as never;
}
