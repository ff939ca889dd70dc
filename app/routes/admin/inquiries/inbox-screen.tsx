import {
  AlertTriangleIcon,
  BriefcaseBusinessIcon,
  CheckCircle2Icon,
  ClockIcon,
  InboxIcon,
  LoaderIcon,
  SparklesIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CountCard, SearchStatusFilter } from "~/app/components/list-parts";
import { Flash } from "~/app/components/flash";
import { Pager } from "~/app/components/pager";
import { Alert } from "~/app/components/ui/alert";
import { Card } from "~/app/components/ui/card";
import type { ActionResult } from "~/app/lib/action-result";
import { INQUIRY_STATUSES, type InquiryKind } from "~/domain/inquiries";
import { ComplaintRows } from "./complaint-rows";
import { ContactRows } from "./contact-rows";
import type { loadInbox } from "./inbox.server";
import { InquiryDialog } from "./inquiry-dialog";
import { MailHealthPanel } from "./mail-health";
import { QuoteRequestRows } from "./quote-request-rows";

export type InboxData<K extends InquiryKind = InquiryKind> = K extends InquiryKind
  ? Awaited<ReturnType<typeof loadInbox<K>>>
  : never;

/** Count cards of each inbox, in the order staff know them. */
const CARDS: { [K in InquiryKind]: [status: string, icon: ReactNode][] } = {
  contact: [
    ["pending", <ClockIcon key="p" />],
    ["in_progress", <LoaderIcon key="i" />],
    ["resolved", <CheckCircle2Icon key="r" />],
    ["total", <InboxIcon key="t" />],
  ],
  outsourcing: [
    ["total", <BriefcaseBusinessIcon key="t" />],
    ["new", <SparklesIcon key="n" />],
    ["in_progress", <LoaderIcon key="i" />],
    ["completed", <CheckCircle2Icon key="c" />],
  ],
  complaint: [
    ["open", <AlertTriangleIcon key="o" />],
    ["in_progress", <LoaderIcon key="i" />],
    ["resolved", <CheckCircle2Icon key="r" />],
    ["total", <InboxIcon key="t" />],
  ],
};

/** The answer of the inbox's action when it stays on the page: `id` is the inquiry it concerns. */
export type InboxResult = ActionResult & { id?: string };

/** The back-office inbox of one kind: counts, mail health, filters, the list, the open inquiry. */
export function InboxScreen({ data, result }: { data: InboxData; result?: InboxResult }) {
  const { t } = useTranslation("inbox");
  const { kind, list, counts, detail, filters } = data;
  const byStatus = counts.byStatus as Record<string, number | undefined>;
  // One column that never grows past the screen: a long unbroken e-mail address or word wraps in
  // its card instead of widening the page on a phone.
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {CARDS[kind].map(([status, icon]) => (
          <CountCard
            key={status}
            label={status === "total" ? t("total") : t(`status.${kind}.${status}` as "total")}
            value={status === "total" ? counts.total : (byStatus[status] ?? 0)}
            icon={icon}
          />
        ))}
      </div>

      <MailHealthPanel mail={data.mail} />

      {detail ? null : <Flash flash={result?.flash} ns="inbox" className="" />}

      <SearchStatusFilter
        idPrefix={kind === "contact" ? "inq" : kind === "complaint" ? "cmp" : "out"}
        q={filters.q}
        status={filters.status}
        statuses={INQUIRY_STATUSES[kind].map((s) => ({
          value: s,
          label: t(`status.${kind}.${s}` as "total"),
        }))}
        labels={{
          form: t("filters.label"),
          search: t("filters.search"),
          placeholder: t(`kinds.${kind}.searchPlaceholder`),
          status: t("filters.status"),
          all: t("filters.all"),
          apply: t("filters.apply"),
          clear: t("filters.clear"),
        }}
      />

      {list.items.length === 0 ? (
        <Card className="p-8 text-center text-slate-600">
          {filters.q || filters.status ? t(`kinds.${kind}.empty`) : t(`kinds.${kind}.emptyAll`)}
        </Card>
      ) : (
        <>
          {data.kind === "contact" ? (
            <ContactRows rows={data.list.items} />
          ) : data.kind === "complaint" ? (
            <ComplaintRows rows={data.list.items} now={data.now} />
          ) : (
            <QuoteRequestRows rows={data.list.items} />
          )}
          <Pager page={list} withTotal drop={["id"]} />
        </>
      )}

      {data.detailMissing ? <Alert tone="error">{t("detail.notFound")}</Alert> : null}
      {data.detail ? (
        <InquiryDialog
          key={data.detail.id}
          kind={kind}
          detail={data.detail}
          owners={data.owners}
          // The open inquiry's answer, or a failure that names no inquiry (it was posted here).
          result={result && (result.id ?? data.detail.id) === data.detail.id ? result : undefined}
        />
      ) : null}
    </div>
  );
}
