import { useTranslation } from "react-i18next";
import { Card } from "~/app/components/ui/card";
import { formatDate } from "~/domain/format";
import { OpenInquiryLink } from "./contact-rows";
import type { InboxData } from "./inbox-screen";
import { InquiryStatusBadge, InquiryStatusSelect } from "./status-parts";

type Row = InboxData<"outsourcing">["list"]["items"][number];

/**
 * What a business asked for: services (stored by their English name) and budget, and the company
 * where the card does not already show it as its heading.
 */
export function QuoteFacts({
  request,
  withCompany = false,
}: {
  request: Pick<Row, "company" | "services" | "budget">;
  withCompany?: boolean;
}) {
  const { t } = useTranslation("inbox");
  const facts: [string, string][] = [
    ...(withCompany ? [[t("outsourcing.company"), request.company] as [string, string]] : []),
    [
      t("outsourcing.services"),
      request.services.map((s) => t(`services.${s}` as "total", { defaultValue: s })).join(", "),
    ],
    [t("outsourcing.budget"), request.budget || t("outsourcing.noBudget")],
  ];
  return (
    <dl
      className={
        withCompany ? "grid gap-1 text-sm sm:grid-cols-3" : "grid gap-1 text-sm sm:grid-cols-2"
      }
    >
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt className="font-medium text-slate-800">{term}</dt>
          <dd className="text-slate-700">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Quote requests: one card each, with what was asked, on every screen width. */
export function QuoteRequestRows({ rows }: { rows: Row[] }) {
  const { t, i18n } = useTranslation("inbox");
  return (
    <ul className="grid grid-cols-1 gap-3" aria-label={t("kinds.outsourcing.listLabel")}>
      {rows.map((r) => (
        <li key={r.id} data-testid="outsourcing-row">
          <Card className="grid grid-cols-1 gap-3 p-4 wrap-anywhere">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <h2 className="text-base font-semibold text-slate-900">{r.company}</h2>
                <p className="text-sm text-slate-700">
                  {r.name} ·{" "}
                  <a href={`mailto:${r.email}`} className="text-primary-700 underline">
                    {r.email}
                  </a>
                </p>
                <p className="text-xs text-slate-600">
                  {t("outsourcing.received", {
                    date: formatDate(r.createdAt, i18n.language, "date"),
                  })}
                </p>
              </div>
              <InquiryStatusBadge kind="outsourcing" status={r.status} />
            </div>
            <QuoteFacts request={r} />
            {r.message ? (
              <p className="rounded-md bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800">
                {r.message}
              </p>
            ) : null}
            <div className="flex flex-wrap items-center gap-2">
              <InquiryStatusSelect
                kind="outsourcing"
                id={r.id}
                status={r.status}
                version={r.version}
                label={t("outsourcing.statusFor", { company: r.company })}
              />
              <OpenInquiryLink id={r.id} label={t("outsourcing.viewLabel", { company: r.company })}>
                {t("outsourcing.viewAndReply")}
              </OpenInquiryLink>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
