import { ReceiptIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "~/app/components/ui/badge";
import { TitledCard } from "~/app/components/titled-card";
import { PAYMENT_STATUS_TONE } from "~/domain/enums";
import { dateFormatter, formatMoney } from "~/domain/format";
import type { Route } from "./+types/payment";

type Payment = Route.ComponentProps["loaderData"]["history"][number];

export function PaymentHistory({ history }: { history: Payment[] }) {
  const { t, i18n } = useTranslation("payment");
  const date = dateFormatter(i18n.language, "dateTime");
  return (
    <TitledCard
      icon={<ReceiptIcon className="size-5 text-slate-500" aria-hidden />}
      title={t("history.title")}
    >
      {history.length === 0 ? (
        <p className="text-sm text-slate-600">{t("history.empty")}</p>
      ) : (
        <ul className="grid gap-3" data-testid="payment-history">
          {history.map((p) => (
            <li key={p.id} className="rounded-lg border border-slate-200 p-3 text-sm">
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr_auto_1fr]">
                <dt className="text-slate-600">{t("history.date")}</dt>
                <dd>{date.format(new Date(p.date))}</dd>
                <dt className="text-slate-600">{t("history.amount")}</dt>
                <dd className="font-medium">
                  {formatMoney(p.amountMinor, p.currency, i18n.language)}
                </dd>
                <dt className="text-slate-600">{t("history.method")}</dt>
                <dd>
                  {p.method.startsWith("via.")
                    ? t(`method.${p.method}`, { defaultValue: "" })
                    : t(`method.${p.method}`, { defaultValue: p.method })}
                </dd>
                <dt className="text-slate-600">{t("history.reference")}</dt>
                <dd className="font-mono text-xs break-all">{p.reference}</dd>
                <dt className="text-slate-600">{t("history.status")}</dt>
                <dd>
                  <Badge tone={PAYMENT_STATUS_TONE[p.status]}>{t(`status.${p.status}`)}</Badge>
                </dd>
                {p.receiptNumber ? (
                  <>
                    <dt className="text-slate-600">{t("history.receipt")}</dt>
                    <dd>
                      <Link
                        to={`/receipts/${p.id}`}
                        className="font-medium text-primary-700 underline"
                        aria-label={t("history.openReceipt", { number: p.receiptNumber })}
                      >
                        {p.receiptNumber}
                      </Link>
                    </dd>
                  </>
                ) : null}
                {p.refunded ? (
                  <>
                    <dt className="text-slate-600">{t("history.refund")}</dt>
                    <dd className="sm:col-span-3" data-testid="history-refund">
                      {t(p.refunded.reason ? "history.refundedBecause" : "history.refunded", {
                        amount: formatMoney(p.refunded.amountMinor, p.currency, i18n.language),
                        reason: p.refunded.reason,
                      })}
                    </dd>
                  </>
                ) : null}
                {p.refundDue || p.refundedAutomatically ? (
                  <>
                    <dt className="text-slate-600">{t("history.refund")}</dt>
                    <dd className="sm:col-span-3">
                      {t(p.refundDue ? "history.refundDue" : "history.refundedAutomatically")}
                    </dd>
                  </>
                ) : null}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}
