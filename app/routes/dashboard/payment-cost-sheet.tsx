import { getFormProps, useForm } from "@conform-to/react";
import { CheckCircle2Icon, CheckIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { FormCheckbox, FormErrors } from "~/app/components/ui/field";
import { Button } from "~/app/components/ui/button";
import { TitledCard } from "~/app/components/titled-card";
import type { resultFor } from "~/app/lib/action-result";
import { dateFormatter, formatMoney } from "~/domain/format";
import type { Route } from "./+types/payment";

// The payment page's cost sheet (confirmed before any way to pay appears) and, under a policy
// with no fee up front, what opens premium jobs instead.

type Sheet = Route.ComponentProps["loaderData"]["sheet"];
type Registration = Route.ComponentProps["loaderData"]["registration"];

/**
 * The written cost sheet: every line of what the fee is, confirmed once per policy version before
 * the ways to pay appear (the server refuses a payment without it). A plain form.
 */
export function CostSheet({
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
export function NoFee({ sheet, registration }: { sheet: Sheet; registration: Registration }) {
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
