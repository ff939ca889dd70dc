import { useTranslation } from "react-i18next";
import { Badge } from "~/app/components/ui/badge";
import { Card } from "~/app/components/ui/card";
import { formatDate } from "~/domain/format";
import { OpenInquiryLink } from "./contact-rows";
import type { InboxData } from "./inbox-screen";
import { InquiryStatusBadge, InquiryStatusSelect } from "./status-parts";

type Row = InboxData<"complaint">["list"]["items"][number];

/**
 * Complaints and scam reports (decision record 31): one card each with its reference, category,
 * who filed it (or "anonymous") and its deadline, marked when it is past.
 */
export function ComplaintRows({ rows, now }: { rows: Row[]; now: number }) {
  const { t, i18n } = useTranslation("inbox");
  const date = (d: Date) => formatDate(d, i18n.language, "date");
  return (
    <ul className="grid grid-cols-1 gap-3" aria-label={t("kinds.complaint.listLabel")}>
      {rows.map((r) => {
        const overdue = r.status !== "resolved" && new Date(r.dueAt).getTime() < now;
        return (
          <li key={r.id} data-testid="complaint-row">
            <Card className="grid grid-cols-1 gap-2 p-4 wrap-anywhere">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h2 className="font-mono text-base font-semibold text-slate-900">
                    {r.reference}
                  </h2>
                  <p className="text-sm text-slate-700">
                    {t(`complaint.categories.${r.category}` as "total")} ·{" "}
                    {r.name || r.email || t("complaint.anonymous")}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {overdue ? <Badge tone="danger">{t("complaint.overdue")}</Badge> : null}
                  <InquiryStatusBadge kind="complaint" status={r.status} />
                </div>
              </div>
              {r.reportedContact ? (
                <p className="text-sm text-slate-800">
                  {t("complaint.reported")}: <strong>{r.reportedContact}</strong>
                </p>
              ) : null}
              <p className="line-clamp-2 text-sm text-slate-700">{r.message}</p>
              <p className="text-xs text-slate-600">
                {t("complaint.filedDue", { filed: date(r.createdAt), due: date(r.dueAt) })}
              </p>
              <div className="flex flex-wrap items-center gap-2">
                <InquiryStatusSelect
                  kind="complaint"
                  id={r.id}
                  status={r.status}
                  label={t("table.statusFor", { name: r.reference })}
                  version={r.version}
                />
                <OpenInquiryLink id={r.id} label={t("table.viewLabel", { name: r.reference })}>
                  {t("table.view")}
                </OpenInquiryLink>
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
