import { AgencyRegistrations } from "~/app/components/agency-registrations";
import { registrationsToShow } from "~/domain/agency-trust";
import { PrinterIcon } from "lucide-react";
import type { ParseKeys } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { i18nHandle } from "~/app/i18n/namespaces";
import { useHydrated } from "~/app/lib/use-hydrated";
import { publicPageMeta } from "~/app/lib/seo";
import { Button } from "~/app/components/ui/button";
import { dateFormatter, formatMoney } from "~/domain/format";
import { isStaff } from "~/domain/enums";
import { costSheetOf } from "~/domain/fee-policy";
import { refundOfPayment, refundText } from "~/domain/refunds";
import { receiptOffice } from "~/server/payments/receipts.server";
import { requestLanguage } from "~/app/i18n/i18n.server";
import { loadReceipt } from "./receipt.server";
import type { Route } from "./+types/receipt";

export const handle = i18nHandle("payment");

export const meta: Route.MetaFunction = publicPageMeta(({ data }, t) => ({
  title: data
    ? t("payment:receipt.metaTitle", { number: data.receipt.receiptNumber })
    : t("payment:receipt.notFound"),
  noindex: true,
}));

/**
 * A printable receipt of one completed payment, for its payer (from the payment page) and for
 * staff (from the payments list). Anyone else gets the same 404 as for a receipt that does not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { viewer, receipt, settings } = await loadReceipt(request, params.paymentId);
  return {
    receipt: {
      receiptNumber: receipt.receiptNumber!,
      amountMinor: receipt.amountMinor,
      currency: receipt.currency,
      method: receipt.method,
      reference: receipt.reference,
      paidAt: (receipt.paidAt ?? new Date()).toISOString(),
      payerName: receipt.payerName,
      payerEmail: receipt.payerEmail,
      // How much was given back, when and why: a partial refund names its amount.
      refund: refundOfPayment(receipt),
      // The written cost sheet confirmed before paying.
      costSheet: costSheetOf(receipt.metadata),
    },
    pdf: `/receipts/${receipt.id}/pdf`,
    agency: receiptOffice(settings, await requestLanguage(request)),
    // Who issued it: the offices' registrations.
    registrations: registrationsToShow(settings.trust),
    back: isStaff(viewer.role) ? "/admin/payments" : "/dashboard/payment",
  };
}

export default function ReceiptPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("payment");
  const hydrated = useHydrated();
  const { receipt, agency, back, pdf, registrations } = loaderData;
  const date = dateFormatter(i18n.language, "dateTime");
  const rows: [string, string][] = [
    [t("receipt.number"), receipt.receiptNumber],
    [t("receipt.date"), date.format(new Date(receipt.paidAt))],
    [t("receipt.payer"), `${receipt.payerName} <${receipt.payerEmail}>`],
    [t("receipt.for"), t("receipt.forRegistration")],
    [t("receipt.amount"), formatMoney(receipt.amountMinor, receipt.currency, i18n.language)],
    [t("receipt.currency"), receipt.currency],
    [t("receipt.method"), t(`method.${receipt.method}`, { defaultValue: receipt.method })],
    [t("receipt.reference"), receipt.reference],
  ];
  if (receipt.costSheet) {
    rows.push([
      t("receipt.costSheet"),
      t("receipt.costSheetValue", {
        version: receipt.costSheet.policyVersion,
        date: date.format(new Date(receipt.costSheet.confirmedAt)),
      }),
    ]);
  }
  return (
    <main className="mx-auto grid max-w-2xl gap-6 p-6 print:p-0" data-testid="receipt">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={back} className="text-sm font-medium text-primary-700 underline">
          {t("receipt.back")}
        </Link>
        <a href={pdf} className="text-sm font-medium text-primary-700 underline" download>
          {t("receipt.pdf")}
        </a>
        {hydrated ? (
          <Button type="button" variant="outline" onClick={() => window.print()}>
            <PrinterIcon aria-hidden />
            {t("receipt.print")}
          </Button>
        ) : (
          <p className="text-sm text-slate-600">{t("receipt.printHint")}</p>
        )}
      </div>
      <article className="grid gap-6 rounded-lg border border-slate-300 bg-white p-6">
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <p className="text-xl font-bold text-slate-900">{agency.name}</p>
            <p className="text-sm text-slate-700">{agency.address}</p>
            <p className="text-sm text-slate-700">
              {agency.phone} · {agency.email}
            </p>
          </div>
          <h1 className="text-2xl font-bold text-slate-900">{t("receipt.title")}</h1>
        </header>
        {receipt.refund ? (
          <p
            className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800"
            data-testid="receipt-refund"
          >
            {refundText(
              receipt.refund,
              receipt,
              (key, options) => t(key as ParseKeys<"payment">, options),
              i18n.language,
            )}
          </p>
        ) : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-medium break-all text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-slate-700">{t("receipt.thanks")}</p>
        <AgencyRegistrations registrations={registrations} />
      </article>
    </main>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("payment");
  return (
    <main className="mx-auto max-w-2xl p-6">
      <h1 className="text-xl font-bold text-slate-900">{t("receipt.notFound")}</h1>
      <p className="mt-2 text-slate-700">{t("receipt.notFoundBody")}</p>
      <Link to="/dashboard" className="mt-4 inline-block font-medium text-primary-700 underline">
        {t("receipt.back")}
      </Link>
    </main>
  );
}
