import {
  CheckCircle2Icon,
  CheckIcon,
  CreditCardIcon,
  Loader2Icon,
  LockIcon,
  ReceiptIcon,
} from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useNavigate, useNavigation } from "react-router";
import { Alert } from "~/app/components/ui/alert";
import { Badge } from "~/app/components/ui/badge";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { TitledCard } from "~/app/components/titled-card";
import { i18nHandle } from "~/app/i18n/namespaces";
import { shellScreen } from "~/app/lib/shell-screen";
import { PAYMENT_STATUS_TONE } from "~/domain/enums";
import { dateFormatter, formatMoney } from "~/domain/format";
import { requireApplicant } from "~/server/auth/guards.server";
import { config } from "~/server/config.server";
import {
  listPaymentsForOwner,
  startRegistrationPayment,
  verifyReturnedPayment,
} from "~/server/payments/payments.server";
import { paymentProvider } from "~/server/payments/provider.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import type { Route } from "./+types/payment";
import { LoadFailed } from "./load-failed";

/** How a checkout ended, as the page's ?result= says it. */
const RESULTS = ["success", "failed", "pending"] as const;
type Result = (typeof RESULTS)[number];

export const { handle, meta } = shellScreen(i18nHandle("payment"), "titles.payment");

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireApplicant(request);
  const url = new URL(request.url);

  // Back from the provider's checkout (Paystack adds ?reference= and ?trxref=): ask the provider,
  // record the payment if it went through, then show the outcome on a clean address.
  const returned = url.searchParams.get("reference") ?? url.searchParams.get("trxref");
  if (returned) {
    const status = await verifyReturnedPayment({ actor: viewer, reference: returned });
    const result: Result = status === "completed" ? "success" : status;
    throw redirect(`/dashboard/payment?result=${result}`);
  }

  const [settings, history] = await Promise.all([
    getSiteSettings(),
    listPaymentsForOwner({ owner: viewer }),
  ]);
  const rawResult = url.searchParams.get("result");
  let result = (RESULTS as readonly string[]).includes(rawResult ?? "")
    ? (rawResult as Result)
    : null;
  // Only a real payment shows success; a hand-typed ?result=success does not.
  if (result === "success" && !viewer.registrationFeePaid) result = null;

  return {
    paid: viewer.registrationFeePaid,
    fee: settings.registrationFee,
    provider: paymentProvider().name,
    notice: url.searchParams.get("notice") === "payment-required",
    result,
    history: history.map((p) => ({
      id: p.id,
      amountMinor: p.amountMinor,
      currency: p.currency,
      method: p.paymentMethod,
      reference: p.paymentReference,
      status: p.status,
      // Paid again after the fee was already paid: staff refund it.
      refundDue: p.metadata?.overpayment === true,
      date: (p.paymentDate ?? p.createdAt).toISOString(),
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireApplicant(request);
  const outcome = await startRegistrationPayment({
    actor: viewer,
    callbackUrl: `${config().baseUrl}/dashboard/payment`,
  });
  switch (outcome.kind) {
    case "completed":
      throw redirect("/dashboard/payment?result=success");
    case "redirect":
      throw redirect(outcome.url);
    case "pending":
      // Another click is still starting this person's checkout; it is the same payment.
      throw redirect("/dashboard/payment?result=pending");
    case "alreadyPaid":
      throw redirect("/dashboard/payment");
    case "failed":
      throw redirect("/dashboard/payment?result=failed");
  }
}

const UNPAID_RESULT_TONE = { failed: "error", pending: "info" } as const;

export default function PaymentPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("payment");
  const navigation = useNavigation();
  const navigate = useNavigate();
  const { paid, fee, provider, notice, result, history } = loaderData;
  const amount = formatMoney(fee.amountMinor, fee.currency, i18n.language);
  const processing = navigation.state !== "idle" && navigation.formMethod === "POST";
  const succeeded = result === "success" && paid;

  useEffect(() => {
    if (!succeeded) return;
    const timer = window.setTimeout(() => navigate("/dashboard"), 2000);
    return () => window.clearTimeout(timer);
  }, [succeeded, navigate]);

  return (
    <div className="grid gap-6">
      {notice && !paid ? (
        <Alert tone="warning" title={t("notice.paymentRequiredTitle")}>
          {t("notice.paymentRequired")}
        </Alert>
      ) : null}

      {succeeded ? (
        <Alert tone="success" title={t("result.successTitle")} data-testid="payment-result">
          <p>{t("result.success")}</p>
          <p className="mt-2">
            {t("result.redirecting")}{" "}
            <Link to="/dashboard" className="font-medium underline">
              {t("result.goNow")}
            </Link>
          </p>
          {/* Before JavaScript loads, the browser itself moves on after 2 seconds. */}
          <noscript>
            <meta httpEquiv="refresh" content="2;url=/dashboard" />
          </noscript>
        </Alert>
      ) : null}
      {result && result !== "success" && !paid ? (
        <Alert
          tone={UNPAID_RESULT_TONE[result]}
          title={t(`result.${result}Title`)}
          data-testid="payment-result"
        >
          {t(`result.${result}`)}
        </Alert>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        {paid ? (
          <TitledCard
            icon={<CheckCircle2Icon className="size-5 text-green-700" aria-hidden />}
            title={t("paid.title")}
            description={t("paid.body")}
          >
            <Link to="/jobs" className={buttonVariants({ variant: "default" })}>
              {t("paid.browse")}
            </Link>
          </TitledCard>
        ) : (
          <TitledCard
            icon={<CreditCardIcon className="size-5 text-primary-700" aria-hidden />}
            title={t("fee.title")}
            description={t("fee.description")}
            contentClassName="grid gap-4"
          >
            <p>
              <span className="text-3xl font-bold text-slate-900" data-testid="fee-amount">
                {amount}
              </span>{" "}
              <span className="text-sm text-slate-600">{t("fee.oneTime")}</span>
            </p>
            <Form method="post" className="grid gap-2">
              <Button
                type="submit"
                variant="accent"
                size="lg"
                disabled={processing}
                className="w-full sm:w-auto"
              >
                {processing ? (
                  <Loader2Icon className="animate-spin" aria-hidden />
                ) : (
                  <LockIcon aria-hidden />
                )}
                {processing ? t("pay.processing") : t("pay.button", { amount })}
              </Button>
              <p className="text-xs text-slate-600" aria-live="polite">
                {processing
                  ? t("pay.processingHint")
                  : provider === "paystack"
                    ? t("pay.redirectHint")
                    : t("pay.demo")}
              </p>
            </Form>
            <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
              <h3 className="font-semibold text-slate-900">{t("fee.refundTitle")}</h3>
              <p className="mt-1">{fee.refundPolicy}</p>
            </div>
          </TitledCard>
        )}

        <TitledCard title={t("unlocks.title")}>
          <ul className="grid gap-2 text-sm text-slate-700">
            {(["premiumJobs", "details", "team", "tracking"] as const).map((key) => (
              <li key={key} className="flex gap-2">
                <CheckIcon className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden />
                {t(`unlocks.${key}`)}
              </li>
            ))}
          </ul>
        </TitledCard>
      </div>

      <PaymentHistory history={history} />
    </div>
  );
}

type Payment = Route.ComponentProps["loaderData"]["history"][number];

function PaymentHistory({ history }: { history: Payment[] }) {
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
                <dd>{t(`method.${p.method}`, { defaultValue: p.method })}</dd>
                <dt className="text-slate-600">{t("history.reference")}</dt>
                <dd className="font-mono text-xs break-all">{p.reference}</dd>
                <dt className="text-slate-600">{t("history.status")}</dt>
                <dd>
                  <Badge tone={PAYMENT_STATUS_TONE[p.status]}>{t(`status.${p.status}`)}</Badge>
                </dd>
                {p.refundDue ? (
                  <>
                    <dt className="text-slate-600">{t("history.refund")}</dt>
                    <dd className="sm:col-span-3">{t("history.refundDue")}</dd>
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

export function ErrorBoundary() {
  const { t } = useTranslation("payment");
  return <LoadFailed title={t("errors.loadTitle")} body={t("errors.loadBody")} />;
}
