import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { WideTable } from "~/app/components/admin/wide-table";
import { buttonVariants } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { formatDate } from "~/domain/format";
import type { InboxData } from "./inbox-screen";
import { InquiryStatusBadge, InquiryStatusSelect } from "./status-parts";

type Row = InboxData<"contact">["list"]["items"][number];

/** Opens one inquiry over the current list (?id=), keeping the list's filters. */
export function OpenInquiryLink({
  id,
  label,
  children,
}: {
  id: string;
  label: string;
  children: ReactNode;
}) {
  const [params] = useSearchParams();
  const next = new URLSearchParams(params);
  next.delete("done");
  next.set("id", id);
  return (
    <Link
      to={`?${next.toString()}`}
      className={buttonVariants({ variant: "outline", size: "sm" })}
      aria-label={label}
    >
      {children}
    </Link>
  );
}

const COLUMNS = ["name", "email", "phone", "subject", "status", "date"] as const;

/** Contact messages: stacked cards on phones, a table on wider screens. */
export function ContactRows({ rows }: { rows: Row[] }) {
  const { t, i18n } = useTranslation("inbox");
  const date = (d: Date) => formatDate(d, i18n.language, "date");
  const statusSelect = (r: Row) => (
    <InquiryStatusSelect
      kind="contact"
      id={r.id}
      status={r.status}
      version={r.version}
      label={t("table.statusFor", { name: r.name })}
    />
  );
  const view = (r: Row) => (
    <OpenInquiryLink id={r.id} label={t("table.viewLabel", { name: r.name })}>
      {t("table.view")}
    </OpenInquiryLink>
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
      <WideTable
        caption={t("kinds.contact.listLabel")}
        columns={[
          ...COLUMNS.map((c) => t(`table.${c}`)),
          <span key="actions" className="sr-only">
            {t("table.actions")}
          </span>,
        ]}
        testId="inquiries-table"
      >
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
      </WideTable>
    </>
  );
}
