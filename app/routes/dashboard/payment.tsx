import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  CheckCircle2Icon,
  CheckIcon,
  CreditCardIcon,
  ExternalLinkIcon,
  Loader2Icon,
  LockIcon,
  ReceiptIcon,
  SmartphoneIcon,
} from "lucide-react";
import type * as React from "react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import {
  data,
  Form,
  Link,
  redirect,
  useNavigate,
  useNavigation,
  useRevalidator,
} from "react-router";
import { Flash } from "~/app/components/flash";
import { FormCheckbox, FormChoices, FormErrors, FormInput } from "~/app/components/ui/field";
import { Alert } from "~/app/components/ui/alert";
import { Badge } from "~/app/components/ui/badge";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { TitledCard } from "~/app/components/titled-card";
import { i18nHandle } from "~/app/i18n/namespaces";
import { shellScreen } from "~/app/lib/shell-screen";
import { actionFailed, formInvalid, resultFor } from "~/app/lib/action-result";
import { useHydrated } from "~/app/lib/use-hydrated";
import { PAYMENT_STATUS_TONE } from "~/domain/enums";
import { chargesUpFront, ConfirmCostSheetSchema, feeSettingsFor } from "~/domain/fee-policy";
import { PAY_RESULTS, PayFormSchema, type PayResult } from "~/domain/payments";
import { profileCompletion } from "~/domain/profile";
import { dateFormatter, formatMoney } from "~/domain/format";
import { requireApplicant } from "~/server/auth/guards.server";
import { config } from "~/server/config.server";
import {
  confirmCostSheet,
  findConfirmation,
  registrationPolicyOf,
} from "~/server/fees/cost-sheet.server";
import { readPremiumFacts } from "~/server/fees/fee-policies.server";
import { paymentMethodsFor } from "~/server/payments/offer.server";
import {
  findWaitingMobilePayment,
  listPaymentsForOwner,
  type PaymentOutcome,
  startRegistrationPayment,
  verifyReturnedPayment,
} from "~/server/payments/payments.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import type { Route } from "./+types/payment";
import { keepReturnPath, takeReturnPath } from "./payment-return.server";
import { requestLanguage } from "~/app/i18n/i18n.server";
import { LoadFailed } from "./load-failed";

export const { handle, meta } = shellScreen(i18nHandle("payment"), "titles.payment");

const toResult = (outcome: PaymentOutcome): PayResult =>
  outcome === "completed" ? "success" : outcome;

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireApplicant(request);
  const url = new URL(request.url);
  // Sent here on their way to a page (?redirectTo=): kept, to take them there once paid.
  const cookies = [await keepReturnPath(url)];

  // Back from the provider's checkout (Paystack adds ?reference= and ?trxref=, Paynow's return
  // address carries ?reference=): ask the provider, record the payment if it went through, then
  // show the outcome on a clean address.
  const returned = url.searchParams.get("reference") ?? url.searchParams.get("trxref");
  if (returned) {
    const outcome = await verifyReturnedPayment({ actor: viewer, reference: returned });
    throw redirect(`/dashboard/payment?result=${toResult(outcome)}`);
  }

  // A mobile money prompt on the applicant's phone: this page asks Paynow each time it loads
  // (it reloads itself every few seconds, with or without JavaScript) until the prompt is answered.
  // Without ?waiting= (the browser was closed meanwhile) the newest open prompt is looked up.
  let waiting: { reference: string } | null = null;
  const waitingFor = url.searchParams.get("waiting");
  // Paid while this page waited (Paynow's status update came first): say so.
  if (waitingFor && viewer.registrationFeePaid) {
    throw redirect("/dashboard/payment?result=success");
  }
  if (!viewer.registrationFeePaid) {
    const open = waitingFor
      ? {
          reference: waitingFor,
          outcome: await verifyReturnedPayment({ actor: viewer, reference: waitingFor }),
        }
      : url.searchParams.has("result")
        ? null
        : await findWaitingMobilePayment({ actor: viewer });
    if (open && open.outcome === "pending") waiting = { reference: open.reference };
    else if (open && (waitingFor || open.outcome === "completed")) {
      throw redirect(`/dashboard/payment?result=${toResult(open.outcome)}`);
    }
  }

  const [siteSettings, history, policy, facts] = await Promise.all([
    getSiteSettings(),
    listPaymentsForOwner({ owner: viewer }),
    registrationPolicyOf(viewer.id),
    readPremiumFacts(viewer.id),
  ]);
  // The fee, and whether there is one, is the policy's that applies to them (decision record 33).
  const feeDue = chargesUpFront(policy);
  const settings = feeSettingsFor(policy, siteSettings);
  const confirmation = feeDue ? await findConfirmation(viewer.id, policy) : null;
  const rawResult = url.searchParams.get("result");
  let result = (PAY_RESULTS as readonly string[]).includes(rawResult ?? "")
    ? (rawResult as PayResult)
    : null;
  // Only a real payment shows success; a hand-typed ?result=success does not.
  if (result === "success" && !viewer.registrationFeePaid) result = null;
  let next = "/dashboard";
  if (result === "success") {
    const back = await takeReturnPath(request, await requestLanguage(request));
    next = back.to;
    cookies.push(back.forget);
  }
  const waitingRow = waiting ? history.find((p) => p.paymentReference === waiting.reference) : null;

  const methods = (feeDue ? paymentMethodsFor(viewer, settings) : []).map((m) => ({
    method: m.method,
    provider: m.provider.name,
    fee: m.fee,
  }));
  const headers = new Headers();
  for (const cookie of cookies) if (cookie) headers.append("set-cookie", cookie);
  return data(
    {
      paid: viewer.registrationFeePaid,
      // A student's fee opens study programs: the page says so.
      student: viewer.role === "student_applicant",
      // Where the success message moves on to: the page they were going to, else the dashboard.
      next,
      // The fee in the currency of the way offered first; each way shows its own on its button.
      fee: {
        ...(methods[0]?.fee ?? settings.registrationFee),
        refundPolicy: settings.registrationFee.refundPolicy,
      },
      methods,
      feeDue,
      // The written cost sheet (issue 39): what the fee covers and does not, who else pays, the
      // refund rule and the legal basis; confirmed once per policy version before any payment.
      sheet: {
        policyId: policy.id,
        version: policy.version,
        kind: policy.kind,
        amountMinor: policy.amountMinor,
        currency: policy.currency,
        successBasisPoints: policy.successBasisPoints,
        covers: policy.covers,
        excludes: policy.excludes,
        othersPay: policy.othersPay,
        refundRule: policy.refundRule,
        legalBasis: policy.legalBasis,
        confirmedAt: confirmation?.confirmedAt.toISOString() ?? null,
      },
      // Under no up-front fee, premium jobs open when registration is complete.
      registration: {
        profileComplete: facts ? profileCompletion(facts) === 100 : false,
        hasCv: facts?.hasCv ?? false,
        premiumUnlocked: viewer.premiumUnlocked,
      },
      notice: url.searchParams.get("notice") === "payment-required",
      result,
      waiting: waitingRow
        ? {
            reference: waitingRow.paymentReference,
            wallet: String(waitingRow.metadata?.channel ?? ""),
            phone: String(waitingRow.metadata?.phone ?? ""),
            amountMinor: waitingRow.amountMinor,
            currency: waitingRow.currency,
          }
        : null,
      history: history.map((p) => ({
        id: p.id,
        amountMinor: p.amountMinor,
        currency: p.currency,
        // Before the provider says how (a payment never finished), the way it was started.
        method:
          p.paymentMethod !== "pending"
            ? p.paymentMethod
            : p.metadata?.channel === "ecocash" || p.metadata?.channel === "onemoney"
              ? p.metadata.channel
              : `via.${p.provider}`,
        reference: p.paymentReference,
        receiptNumber: p.status === "completed" || p.status === "refunded" ? p.receiptNumber : null,
        status: p.status,
        // Paid again after the fee was already paid: given back by the provider at once, or by staff.
        refundDue:
          p.metadata?.overpayment === true &&
          p.status === "completed" &&
          p.metadata.refundDue !== false,
        refundedAutomatically:
          p.status === "refunded" &&
          (p.metadata?.refund as { automatic?: boolean } | undefined)?.automatic === true,
        // A refund staff recorded (a refund rule's outcome, issue 39): how much, and why.
        refunded: refundOf(p),
        date: (p.paymentDate ?? p.createdAt).toISOString(),
      })),
    },
    { headers },
  );
}

function refundOf(p: { status: string; amountMinor: number; metadata: unknown }) {
  const refund = (p.metadata as { refund?: Record<string, unknown> } | null)?.refund;
  if (p.status !== "refunded" || !refund || refund.automatic === true) return null;
  return {
    amountMinor: typeof refund.amountMinor === "number" ? refund.amountMinor : p.amountMinor,
    reason: typeof refund.reason === "string" ? refund.reason : "",
  };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireApplicant(request);
  const formData = await request.formData();
  if (formData.get("intent") === "confirm-sheet") {
    const submission = parseWithZod(formData, { schema: ConfirmCostSheetSchema });
    if (submission.status !== "success") return formInvalid("sheet", submission.reply());
    const confirmed = await confirmCostSheet({ actor: viewer, ...submission.value });
    if (confirmed.kind === "changed") {
      return actionFailed("sheet", "sheet.changed", 409, { result: submission.reply() });
    }
    throw redirect("/dashboard/payment");
  }
  const policy = await registrationPolicyOf(viewer.id);
  if (!chargesUpFront(policy)) throw redirect("/dashboard/payment");
  const offered = paymentMethodsFor(viewer, feeSettingsFor(policy, await getSiteSettings()));
  // A form without a method (an older page) pays the way offered first.
  if (!formData.get("method") && offered[0]) formData.set("method", offered[0].method);
  const submission = parseWithZod(formData, { schema: PayFormSchema });
  if (submission.status !== "success") return formInvalid("pay", submission.reply());
  const { method, phone } = submission.value;
  const chosen = offered.find((m) => m.method === method);
  if (!chosen) {
    return actionFailed("pay", "errors.methodUnavailable", 400, { result: submission.reply() });
  }
  // A prompt sent before may have been approved meanwhile (its update not here yet) or still be
  // open: ask Paynow first, so trying again never pays twice.
  const open = await findWaitingMobilePayment({ actor: viewer });
  if (open?.outcome === "completed") throw redirect("/dashboard/payment?result=success");
  if (open?.outcome === "pending") {
    throw redirect(`/dashboard/payment?waiting=${encodeURIComponent(open.reference)}`);
  }
  const outcome = await startRegistrationPayment({
    actor: viewer,
    callbackUrl: `${config().baseUrl}/dashboard/payment`,
    provider: chosen.provider,
    currency: chosen.fee.currency,
    channel:
      (method === "ecocash" || method === "onemoney") && phone
        ? { kind: "mobile", method, phone }
        : { kind: "web" },
  });
  switch (outcome.kind) {
    case "completed":
      throw redirect("/dashboard/payment?result=success");
    case "redirect":
      throw redirect(outcome.url);
    case "waiting":
      throw redirect(`/dashboard/payment?waiting=${encodeURIComponent(outcome.reference)}`);
    case "pending":
      // Another click is still starting this person's checkout; it is the same payment.
      throw redirect("/dashboard/payment?result=pending");
    case "alreadyPaid":
      throw redirect("/dashboard/payment");
    case "failed":
      throw redirect("/dashboard/payment?result=failed");
    case "noFee":
      throw redirect("/dashboard/payment");
    case "sheetUnconfirmed":
      return actionFailed("pay", "errors.sheetUnconfirmed", 409);
  }
}

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
      {notice && !paid && feeDue ? (
        <Alert tone="warning" title={t("notice.paymentRequiredTitle")}>
          {t("notice.paymentRequired")}
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

type Sheet = Route.ComponentProps["loaderData"]["sheet"];
type Registration = Route.ComponentProps["loaderData"]["registration"];

/**
 * The written cost sheet: every line of what the fee is, confirmed once per policy version before
 * the ways to pay appear (the server refuses a payment without it). A plain form.
 */
function CostSheet({
  sheet,
  amount,
  lastResult,
}: {
  sheet: Sheet;
  amount: string;
  lastResult: ReturnType<typeof resultFor>;
}) {
  const { t, i18n } = useTranslation("payment");
  const [form, fields] = useForm({ id: "cost-sheet", lastResult, shouldValidate: "onSubmit" });
  const lines = [
    ["amount", amount],
    ["covers", sheet.covers],
    ["excludes", sheet.excludes],
    ["othersPay", sheet.othersPay],
    ["refundRule", sheet.refundRule],
    ["legalBasis", sheet.legalBasis],
  ] as const;
  return (
    <section
      aria-labelledby="cost-sheet-title"
      className="grid min-w-0 gap-3 rounded-lg border border-slate-200 p-4 break-words"
      data-testid="cost-sheet"
    >
      <h3 id="cost-sheet-title" className="font-semibold text-slate-900">
        {t("sheet.title")}
      </h3>
      <dl className="grid gap-2 text-sm">
        {lines
          .filter(([, value]) => value)
          .map(([key, value]) => (
            <div key={key}>
              <dt className="font-medium text-slate-900">{t(`sheet.${key}`)}</dt>
              <dd className="text-slate-700">{value}</dd>
            </div>
          ))}
      </dl>
      <p className="text-xs text-slate-600">{t("sheet.version", { version: sheet.version })}</p>
      {sheet.confirmedAt ? (
        <p className="flex items-center gap-2 text-sm text-green-800" data-testid="sheet-confirmed">
          <CheckCircle2Icon className="size-4" aria-hidden />
          {t("sheet.confirmedOn", {
            date: dateFormatter(i18n.language, "dateTime").format(new Date(sheet.confirmedAt)),
          })}
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="grid min-w-0 gap-3">
          <FormErrors errors={form.errors} ns="payment" />
          <input type="hidden" name="intent" value="confirm-sheet" />
          <input type="hidden" name="policyId" value={sheet.policyId} />
          <input type="hidden" name="version" value={sheet.version} />
          <FormCheckbox field={fields.confirm} ns="payment" label={t("sheet.confirmLabel")} />
          <Button type="submit" className="w-full sm:w-auto">
            {t("sheet.confirm")}
          </Button>
        </Form>
      )}
    </section>
  );
}

/**
 * Their policy charges nothing up front: no payment step, what the policy says instead, and what
 * opens premium jobs (a complete profile and a CV).
 */
function NoFee({ sheet, registration }: { sheet: Sheet; registration: Registration }) {
  const { t, i18n } = useTranslation("payment");
  const cap =
    sheet.amountMinor != null && sheet.currency
      ? formatMoney(sheet.amountMinor, sheet.currency, i18n.language)
      : "";
  const steps = [
    ["profile", registration.profileComplete, "/dashboard/profile"],
    ["cv", registration.hasCv, "/dashboard/documents"],
  ] as const;
  return (
    <TitledCard
      icon={<CheckCircle2Icon className="size-5 text-green-700" aria-hidden />}
      title={t("noFee.title")}
      description={t(`noFee.kind.${sheet.kind}`, {
        percent: (sheet.successBasisPoints ?? 0) / 100,
        cap,
      })}
      contentClassName="grid gap-4"
    >
      <div data-testid="no-fee">
        {sheet.legalBasis ? (
          <p className="text-sm text-slate-700">
            <span className="font-medium text-slate-900">{t("sheet.legalBasis")}: </span>
            {sheet.legalBasis}
          </p>
        ) : null}
        {sheet.othersPay ? <p className="mt-2 text-sm text-slate-700">{sheet.othersPay}</p> : null}
      </div>
      <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        <h3 className="font-semibold text-slate-900">
          {registration.premiumUnlocked ? t("noFee.unlocked") : t("noFee.premiumRule")}
        </h3>
        <ul className="mt-2 grid gap-1">
          {steps.map(([key, done, to]) => (
            <li key={key} className="flex items-center gap-2">
              {done ? (
                <CheckIcon className="size-4 text-green-700" aria-hidden />
              ) : (
                <span className="size-4 rounded-full border border-amber-600" aria-hidden />
              )}
              {done ? (
                t(`noFee.steps.${key}Done`)
              ) : (
                <Link to={to} className="font-medium underline">
                  {t(`noFee.steps.${key}`)}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </div>
    </TitledCard>
  );
}

type Method = Route.ComponentProps["loaderData"]["methods"][number];

/**
 * The ways to pay offered to this applicant, the one that suits them first: a mobile money form
 * (EcoCash or OneMoney and a number), Paynow's own page, or a card. Each is its own small form
 * that works without JavaScript.
 */
function PayMethods({
  methods,
  processing,
  lastResult,
}: {
  methods: Method[];
  processing: boolean;
  lastResult: ReturnType<typeof resultFor>;
}) {
  const { t, i18n } = useTranslation("payment");
  const wallets = methods.filter((m) => m.method === "ecocash" || m.method === "onemoney");
  const [form, fields] = useForm<{ method: string; phone: string }>({
    id: "mobile-money",
    lastResult,
    defaultValue: { method: wallets[0]?.method ?? "ecocash" },
    shouldValidate: "onSubmit",
  });
  const blocks: React.ReactNode[] = [];
  for (const m of methods) {
    if (m.method === "onemoney") continue;
    const amount = formatMoney(m.fee.amountMinor, m.fee.currency, i18n.language);
    if (m.method === "ecocash") {
      blocks.push(
        <section key="mobile" className="grid gap-3 rounded-lg border border-slate-200 p-4">
          <h3 className="flex items-center gap-2 font-semibold text-slate-900">
            <SmartphoneIcon className="size-4" aria-hidden />
            {t("methods.mobile.title")}
          </h3>
          <p className="text-sm text-slate-600">{t("methods.mobile.explain")}</p>
          <Form method="post" {...getFormProps(form)} className="grid gap-3">
            <FormErrors errors={form.errors} ns="payment" />
            <FormChoices
              field={fields.method}
              ns="payment"
              type="radio"
              legend={t("methods.mobile.wallet")}
              options={wallets.map((w) => [w.method, t(`method.${w.method}`)] as const)}
              tilesClassName="grid grid-cols-2 gap-2"
            />
            <FormInput
              field={fields.phone}
              ns="payment"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              label={t("methods.mobile.phone")}
              hint={t("methods.mobile.phoneHint")}
            />
            <Button
              type="submit"
              variant="accent"
              disabled={processing}
              className="w-full sm:w-auto"
            >
              <SmartphoneIcon aria-hidden />
              {t("methods.mobile.button")}
            </Button>
          </Form>
        </section>,
      );
    } else if (m.method === "paynow") {
      blocks.push(
        <OneButtonMethod key="paynow" method="paynow" explain={t("methods.paynow.explain")}>
          <Button
            type="submit"
            variant="outline"
            disabled={processing}
            className="w-full sm:w-auto"
          >
            <ExternalLinkIcon aria-hidden />
            {t("methods.paynow.button", { amount })}
          </Button>
        </OneButtonMethod>,
      );
    } else {
      blocks.push(
        <OneButtonMethod key="card" method="card">
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
              : m.provider === "paystack"
                ? t("pay.redirectHint")
                : t("pay.demo")}
          </p>
        </OneButtonMethod>,
      );
    }
  }
  return <div className="grid gap-4">{blocks}</div>;
}

/** A way to pay that is one button (Paynow's page, a card): its own form posting the method. */
function OneButtonMethod({
  method,
  explain,
  children,
}: {
  method: "paynow" | "card";
  explain?: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("payment");
  return (
    <Form method="post" className="grid gap-2 rounded-lg border border-slate-200 p-4">
      <h3 className="font-semibold text-slate-900">{t(`methods.${method}.title`)}</h3>
      {explain ? <p className="text-sm text-slate-600">{explain}</p> : null}
      <input type="hidden" name="method" value={method} />
      {children}
    </Form>
  );
}

type Waiting = NonNullable<Route.ComponentProps["loaderData"]["waiting"]>;

/**
 * A prompt is on the applicant's phone. The page asks again every few seconds: with JavaScript by
 * revalidating, without it by refreshing itself; "Check again" does the same by hand.
 */
function WaitingForPhone({ waiting }: { waiting: Waiting }) {
  const { t, i18n } = useTranslation("payment");
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 4000);
    return () => window.clearInterval(timer);
  }, [revalidator]);
  const here = `/dashboard/payment?waiting=${encodeURIComponent(waiting.reference)}`;
  return (
    <Alert tone="info" title={t("waiting.title")} data-testid="payment-waiting">
      <p>
        {t("waiting.body", {
          amount: formatMoney(waiting.amountMinor, waiting.currency, i18n.language),
          wallet: t(`method.${waiting.wallet}`, { defaultValue: waiting.wallet }),
          phone: waiting.phone,
        })}
      </p>
      <p className="mt-2">{t("waiting.expires")}</p>
      <p className="mt-3 flex items-center gap-3">
        {hydrated ? <Loader2Icon className="size-4 animate-spin" aria-hidden /> : null}
        <Link to={here} className="font-medium underline">
          {t("waiting.checkAgain")}
        </Link>
      </p>
      {/* Without JavaScript the page refreshes itself to ask again. */}
      <noscript>
        <meta httpEquiv="refresh" content={`5;url=${here}`} />
      </noscript>
    </Alert>
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

export function ErrorBoundary() {
  const { t } = useTranslation("payment");
  return <LoadFailed title={t("errors.loadTitle")} body={t("errors.loadBody")} />;
}
