import { CheckCircle2Icon, CheckIcon, CreditCardIcon } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Link, redirect, useNavigate, useNavigation } from "react-router";
import { runIntent } from "~/app/lib/intent-action.server";
import { Flash } from "~/app/components/flash";
import { Alert } from "~/app/components/ui/alert";
import { buttonVariants } from "~/app/components/ui/button";
import { TitledCard } from "~/app/components/titled-card";
import { i18nHandle } from "~/app/i18n/namespaces";
import { shellScreen } from "~/app/lib/shell-screen";
import { resultFor } from "~/app/lib/action-result";
import { formatMoney } from "~/domain/format";
import { requireApplicant } from "~/server/auth/guards.server";
import { readPaymentPage } from "~/server/payments/payment-page.server";
import type { Route } from "./+types/payment";
import { keepReturnPath, takeReturnPath } from "./payment-return.server";
import { checkReturn, confirmSheet, pay } from "./payment.server";
import { requestLanguage } from "~/app/i18n/i18n.server";
import { LoadFailed } from "./load-failed";
import { CostSheet, NoFee } from "./payment-cost-sheet";
import { PaymentHistory } from "./payment-history";
import { PayMethods } from "./payment-methods";
import { CheckingPayment, WaitingForPhone } from "./payment-waiting";

export const { handle, meta } = shellScreen(i18nHandle("payment"), "titles.payment");

// The page reads; it never writes on a load (server/payments/payment-page.server.ts). What it
// posts: "confirm-sheet", "check" (how a checkout or phone prompt went) and the pay forms.

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireApplicant(request);
  const url = new URL(request.url);
  // Sent here on their way to a page (?redirectTo=): kept, to take them there once paid.
  const cookies = [await keepReturnPath(url)];
  const lng = await requestLanguage(request);
  const { redirectTo, page } = await readPaymentPage({ viewer, url, lng });
  if (redirectTo !== null) throw redirect(redirectTo);
  // Where the success message moves on to: the page they were going to, else the dashboard.
  let next = "/dashboard";
  if (page.result === "success") {
    const back = await takeReturnPath(request, lng);
    next = back.to;
    cookies.push(back.forget);
  }
  const headers = new Headers();
  for (const cookie of cookies) if (cookie) headers.append("set-cookie", cookie);
  return data({ ...page, next }, { headers });
}

export const action = ({ request }: Route.ActionArgs) =>
  runIntent(
    request,
    requireApplicant,
    { "confirm-sheet": confirmSheet, check: checkReturn, pay },
    // The ways to pay are forms of their own that post a method, no intent.
    { main: "pay", unknown: "errors.unknownAction" },
  );

const UNPAID_RESULT_TONE = {
  failed: "error",
  declined: "error",
  cancelled: "warning",
  timedOut: "warning",
  pending: "info",
} as const;

export default function PaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("payment");
  const navigation = useNavigation();
  const navigate = useNavigate();
  const {
    paid,
    fee,
    methods,
    notice,
    result,
    waiting,
    checking,
    history,
    feeDue,
    sheet,
    registration,
    next,
    student,
  } = loaderData;
  const back = next !== "/dashboard";
  const amount = formatMoney(fee.amountMinor, fee.currency, i18n.language);
  const processing = navigation.state !== "idle" && navigation.formMethod === "POST";
  const succeeded = result === "success" && paid;

  useEffect(() => {
    if (!succeeded) return;
    const timer = window.setTimeout(() => navigate(next), 2000);
    return () => window.clearTimeout(timer);
  }, [succeeded, navigate, next]);

  return (
    <div className="grid gap-6">
      {notice === "payment" && !paid && feeDue ? (
        <Alert tone="warning" title={t("notice.paymentRequiredTitle")}>
          {t("notice.paymentRequired")}
        </Alert>
      ) : null}
      {notice === "registration" && !paid && feeDue ? (
        // A premium job of a destination that asks them no fee (decision record 33).
        <Alert tone="warning" title={t("noFee.registrationRequiredTitle")}>
          {t("noFee.destinationRegistrationRequired")}
        </Alert>
      ) : null}
      {notice && !paid && !feeDue && !registration.premiumUnlocked ? (
        <Alert tone="warning" title={t("noFee.registrationRequiredTitle")}>
          {t("noFee.registrationRequired")}
        </Alert>
      ) : null}

      {succeeded ? (
        <Alert tone="success" title={t("result.successTitle")} data-testid="payment-result">
          <p>{t(student ? "result.successStudy" : "result.success")}</p>
          <p className="mt-2">
            {t(back ? "result.redirectingBack" : "result.redirecting")}{" "}
            <Link to={next} className="font-medium underline">
              {t(back ? "result.goBackNow" : "result.goNow")}
            </Link>
          </p>
          {/* Before JavaScript loads, the browser itself moves on after 2 seconds. */}
          <noscript>
            <meta httpEquiv="refresh" content={`2;url=${next}`} />
          </noscript>
        </Alert>
      ) : null}
      {result && result !== "success" && !paid && !waiting ? (
        <Alert
          tone={UNPAID_RESULT_TONE[result]}
          title={t(`result.${result}Title`)}
          data-testid="payment-result"
        >
          {t(`result.${result}`)}
        </Alert>
      ) : null}
      {actionData?.flash ? <Flash flash={actionData.flash} ns="payment" /> : null}

      {!paid && !feeDue ? <NoFee sheet={sheet} registration={registration} /> : null}

      {waiting && !paid ? <WaitingForPhone waiting={waiting} /> : null}
      {checking && !paid ? <CheckingPayment reference={checking.reference} /> : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        {paid ? (
          <TitledCard
            icon={<CheckCircle2Icon className="size-5 text-green-700" aria-hidden />}
            title={t("paid.title")}
            description={t(student ? "paid.bodyStudy" : "paid.body")}
          >
            <Link
              to={student ? "/study" : "/jobs"}
              className={buttonVariants({ variant: "default" })}
            >
              {t(student ? "paid.browseStudy" : "paid.browse")}
            </Link>
          </TitledCard>
        ) : !feeDue ? null : (
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
            <CostSheet sheet={sheet} amount={amount} lastResult={resultFor(actionData, "sheet")} />
            {waiting || !sheet.confirmedAt ? null : (
              <PayMethods
                methods={methods}
                processing={processing}
                lastResult={resultFor(actionData, "pay")}
              />
            )}
          </TitledCard>
        )}

        {feeDue ? (
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
        ) : null}
      </div>

      <PaymentHistory history={history} />
    </div>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("payment");
  return <LoadFailed title={t("errors.loadTitle")} body={t("errors.loadBody")} />;
}
