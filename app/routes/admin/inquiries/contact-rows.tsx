import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { buttonVariants } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { formatDate } from "~/domain/format";
import type { InboxData } from "./inbox-screen";
import { InquiryStatusBadge, InquiryStatusSelect } from "./status-parts";

type Row = InboxData<"contact">["list"]["items"][number];

/** The URL of the current list with one inquiry opened over it. */
export function useOpenHref() {
  const [params] = useSearchParams();
  return (id: string) => {
    const next = new URLSearchParams(params);
    next.set("id", id);
    return `?${next.toString()}`;
  };
}

/** Contact messages: stacked cards on phones, a table on wider screens. */
export function ContactRows({ rows }: { rows: Row[] }) {
  const { t, i18n } = useTranslation("inbox");
  const open = useOpenHref();
  const date = (d: Date) => formatDate(d, i18n.language, "date");
  const statusSelect = (r: Row) => (
    <InquiryStatusSelect
      kind="contact"
      id={r.id}
      status={r.status}
      label={t("table.statusFor", { name: r.name })}
      selectClassName="w-36"
      okMessageClassName="sr-only"
    />
  );
  const view = (r: Row) => (
    <Link
      to={open(r.id)}
      className={buttonVariants({ variant: "outline", size: "sm" })}
      aria-label={t("table.viewLabel", { name: r.name })}
    >
      {t("table.view")}
    </Link>
  );
  return (
    <>
      <ul className="grid grid-cols-1 gap-3 md:hidden">
        {rows.map((r) => (
          <li key={r.id}>
            <Card className="grid grid-cols-1 gap-2 p-4 wrap-anywhere">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{r.name}</p>
                  <p className="truncate text-sm text-slate-600">{r.email}</p>
                  {r.phone ? <p className="text-sm text-slate-600">{r.phone}</p> : null}
                </div>
                <InquiryStatusBadge kind="contact" status={r.status} />
              </div>
              <p className="text-sm text-slate-800">{r.subject || t("table.noSubject")}</p>
              <p className="text-xs text-slate-600">{date(r.createdAt)}</p>
              <div className="flex flex-wrap items-center gap-2">
                {statusSelect(r)}
                {view(r)}
              </div>
            </Card>
          </li>
        ))}
      </ul>
      <Card className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm" data-testid="inquiries-table">
          <caption className="sr-only">{t("kinds.contact.listLabel")}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
            <tr>
              {(["name", "email", "phone", "subject", "status", "date"] as const).map((c) => (
                <th key={c} scope="col" className="px-4 py-3 font-medium">
                  {t(`table.${c}`)}
                </th>
              ))}
              <th scope="col" className="px-4 py-3 font-medium">
                <span className="sr-only">{t("table.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr key={r.id} data-testid="inquiry-row">
                <td className="px-4 py-3 font-medium text-slate-900">{r.name}</td>
                <td className="px-4 py-3 text-slate-700">{r.email}</td>
                <td className="px-4 py-3 text-slate-700">{r.phone || "—"}</td>
                <td className="max-w-60 truncate px-4 py-3 text-slate-700">
                  {r.subject || t("table.noSubject")}
                </td>
                <td className="px-4 py-3">{statusSelect(r)}</td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">{date(r.createdAt)}</td>
                <td className="px-4 py-3">{view(r)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </>
  );
}
