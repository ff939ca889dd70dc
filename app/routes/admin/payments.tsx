import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useSearchParams } from "react-router";
import { LoadError } from "~/app/components/admin/load-error";
import { applicantHref, ListTable, Td, Tr } from "~/app/components/admin/data-table";
import { choicesOf, ExportCsvLink, FilterSelects } from "~/app/components/admin/list-filters";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { DoneFlash, Flash } from "~/app/components/flash";
import { Pager } from "~/app/components/pager";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { InputField, TextareaField } from "~/app/components/ui/field";
import { i18nHandle } from "~/app/i18n/namespaces";
import { actionFailed, formInvalid } from "~/app/lib/action-result";
import { guardedRequest } from "~/app/lib/guarded-request";
import { redirectDone } from "~/app/lib/redirect-done";
import { shellScreen } from "~/app/lib/shell-screen";
import { PAGE_SIZE } from "~/domain/admin";
import {
  PAYMENT_PROVIDERS,
  PAYMENT_STATUS_TONE,
  PAYMENT_STATUSES,
  USER_ADMIN_ROLES,
} from "~/domain/enums";
import { dateFormatter, formatMoney } from "~/domain/format";
import { parsePaymentFilter, RefundSchema } from "~/domain/payments";
import { requireStaff, requireUserAdmin } from "~/server/auth/guards.server";
import { officeScopeFor } from "~/server/offices/scope.server";
import { logger } from "~/server/logger.server";
import {
  listAllPaymentsForStaff,
  RefundRefusedError,
  refundPayment,
  type StaffPaymentRow,
} from "~/server/payments/staff.server";
import type { Route } from "./+types/payments";

export const { handle, meta } = shellScreen(i18nHandle("admin"), "titles.payments");

export async function loader({ request }: Route.LoaderArgs) {
  const { viewer, url, page } = await guardedRequest(request, requireStaff);
  const filter = parsePaymentFilter(url.searchParams);
  // The payments of the applicants of the viewer's offices.
  const scope = await officeScopeFor(viewer);
  const payments = await listAllPaymentsForStaff({ filter, scope, page, pageSize: PAGE_SIZE });
  return {
    payments: {
      ...payments,
      items: payments.items.map((p) => ({
        ...p,
        overpayment: overpaymentState(p),
        metadata: undefined,
      })),
    },
    // Refunds are recorded by admins only.
    canRefund: (USER_ADMIN_ROLES as readonly string[]).includes(viewer.role),
  };
}

type OverpaymentState = "refundDue" | "refundFailed" | "refundedAutomatically" | null;

/**
 * A payment from someone already paid: still to refund by hand (its provider cannot refund, or
 * the automatic refund failed), or refunded automatically through its provider.
 */
function overpaymentState(p: StaffPaymentRow): OverpaymentState {
  const m = p.metadata;
  if (m?.overpayment !== true) return null;
  const refund = m.refund as { automatic?: boolean } | undefined;
  if (p.status === "refunded") return refund?.automatic === true ? "refundedAutomatically" : null;
  if (p.status !== "completed" || m.refundDue === false) return null;
  const auto = m.autoRefund as { failedAt?: string } | undefined;
  return auto?.failedAt ? "refundFailed" : "refundDue";
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireUserAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: RefundSchema });
  if (submission.status !== "success") return formInvalid("refund", submission.reply());
  try {
    const { accessRemoved } = await refundPayment({ actor: viewer, ...submission.value });
    return redirectDone(request, accessRemoved ? "refundedAccessRemoved" : "refunded");
  } catch (error) {
    if (error instanceof RefundRefusedError) {
      return actionFailed("refund", `payments.errors.${error.reason}`, 409);
    }
    logger().error({ err: error }, "recording a refund failed");
    return actionFailed("refund", "payments.errors.refundFailed");
  }
}

const DONE = {
  refunded: "payments.done.refunded",
  refundedAccessRemoved: "payments.refund.accessRemoved",
};

const COLUMNS = ["date", "payer", "amount", "method", "status", "receipt", "actions"] as const;

export default function AdminPayments({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang } = useAdminT();
  const [params] = useSearchParams();
  const { payments, canRefund } = loaderData;
  const exportQs = new URLSearchParams(params);
  for (const k of ["page", "done"]) exportQs.delete(k);
  const forUser = params.get("user") ? payments.items[0]?.payerName : null;
  const dateFmt = dateFormatter(lang, "dateTime");
  const providers = choicesOf(PAYMENT_PROVIDERS, (p) => t(`payments.providers.${p}`));
  const statuses = choicesOf(PAYMENT_STATUSES, (s) => t(`payments.statuses.${s}`));

  return (
    <div className="grid gap-6">
      {actionData?.flash ? <Flash flash={actionData.flash} className="" /> : null}
      {actionData ? null : <DoneFlash messages={DONE} className="" />}
      {forUser ? (
        <p className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <span className="font-medium">{t("payments.forUser", { name: forUser })}</span>
          <Link to="/admin/payments" className="text-primary-700 underline">
            {t("payments.allPayments")}
          </Link>
        </p>
      ) : null}
      <Form
        method="get"
        role="search"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto_auto] lg:items-end"
      >
        {params.get("user") ? (
          <input type="hidden" name="user" value={params.get("user") ?? ""} />
        ) : null}
        <FilterSelects
          idPrefix="payment"
          keys="payments.filters"
          current={Object.fromEntries(params)}
          filters={[
            { name: "provider", any: "anyProvider", options: providers },
            { name: "status", any: "anyStatus", options: statuses },
          ]}
        />
        <InputField
          id="payment-from"
          label={t("payments.filters.from")}
          inputProps={{ type: "date", name: "from", defaultValue: params.get("from") ?? "" }}
        />
        <InputField
          id="payment-to"
          label={t("payments.filters.to")}
          inputProps={{ type: "date", name: "to", defaultValue: params.get("to") ?? "" }}
        />
        <Button type="submit">{t("actions.filter")}</Button>
        <ExportCsvLink href={`/exports/payments.csv?${exportQs.toString()}`} />
      </Form>

      <ListTable
        columns={COLUMNS.map((c) => t(`payments.cols.${c}`))}
        rows={payments.items}
        empty={t("payments.empty")}
      >
        {(p) => (
          <PaymentRow
            key={p.id}
            payment={p}
            date={dateFmt.format(new Date(p.paidAt ?? p.createdAt))}
            canRefund={canRefund}
          />
        )}
      </ListTable>
      <Pager page={payments} withTotal />
    </div>
  );
}

type Row = Omit<StaffPaymentRow, "metadata" | "paidAt" | "createdAt"> & {
  paidAt: string | Date | null;
  createdAt: string | Date;
  overpayment: OverpaymentState;
};

function PaymentRow({
  payment: p,
  date,
  canRefund,
}: {
  payment: Row;
  date: string;
  canRefund: boolean;
}) {
  const { t, lang } = useAdminT();
  const amount = formatMoney(p.amountMinor, p.currency, lang);
  return (
    <Tr data-testid="payment-row">
      <Td label={t("payments.cols.date")}>{date}</Td>
      <Td label={t("payments.cols.payer")}>
        <Link
          to={`/admin/payments?user=${encodeURIComponent(p.userId)}`}
          className="font-medium text-slate-900 underline"
        >
          {p.payerName}
        </Link>
        <span className="block text-xs break-all text-slate-600">{p.payerEmail}</span>
        <Link
          to={applicantHref(p.userId)}
          discover="none"
          className="text-xs text-primary-700 underline"
          data-testid="applicant-link"
        >
          {t("payments.applicantPage")}
        </Link>
      </Td>
      <Td label={t("payments.cols.amount")} className="font-medium whitespace-nowrap">
        {amount}
      </Td>
      <Td label={t("payments.cols.method")}>
        {t(`payments.providers.${p.provider}`)}
        <span className="block text-xs text-slate-600">
          {t(`payments.methods.${p.method}`, { defaultValue: p.method })}
        </span>
        <span className="block font-mono text-xs break-all text-slate-500">{p.reference}</span>
      </Td>
      <Td label={t("payments.cols.status")}>
        <Badge tone={PAYMENT_STATUS_TONE[p.status]}>{t(`payments.statuses.${p.status}`)}</Badge>
        {p.overpayment === "refundDue" || p.overpayment === "refundFailed" ? (
          <span className="mt-1 block text-xs text-orange-800">
            {t(
              p.overpayment === "refundDue"
                ? "payments.overpayment"
                : "payments.overpaymentRefundFailed",
            )}
          </span>
        ) : p.overpayment === "refundedAutomatically" ? (
          <span className="mt-1 block text-xs text-slate-600">
            {t("payments.refundedAutomatically")}
          </span>
        ) : null}
      </Td>
      <Td label={t("payments.cols.receipt")}>
        {p.receiptNumber ? (
          <Link to={`/receipts/${p.id}`} className="font-mono text-xs text-primary-700 underline">
            {p.receiptNumber}
          </Link>
        ) : null}
      </Td>
      <Td label={t("payments.cols.actions")}>
        {canRefund && p.status === "completed" ? (
          // A disclosure: works without JavaScript, keyboard and screen reader alike.
          <details>
            <summary className="cursor-pointer text-sm font-medium text-primary-700">
              {t("payments.refund.open")}
            </summary>
            <Form method="post" className="mt-2 grid gap-2">
              <input type="hidden" name="paymentId" value={p.id} />
              <p className="text-sm font-medium text-slate-900">
                {t("payments.refund.title", { amount, name: p.payerName })}
              </p>
              <TextareaField
                id={`refund-reason-${p.id}`}
                label={t("payments.refund.reason")}
                hint={t("payments.refund.reasonHint")}
                textareaProps={{
                  name: "reason",
                  required: true,
                  minLength: 3,
                  maxLength: 500,
                  rows: 2,
                }}
              />
              <Button type="submit" variant="outline" size="sm">
                {t("payments.refund.submit")}
              </Button>
            </Form>
          </details>
        ) : null}
      </Td>
    </Tr>
  );
}

export function ErrorBoundary() {
  return <LoadError what="payments" />;
}
