import { getFormProps, useForm } from "@conform-to/react";
import { ExternalLinkIcon, Loader2Icon, LockIcon, SmartphoneIcon } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { FormChoices, FormErrors, FormInput } from "~/app/components/ui/field";
import { Button } from "~/app/components/ui/button";
import type { resultFor } from "~/app/lib/action-result";
import { formatMoney } from "~/domain/format";
import type { Route } from "./+types/payment";

type Method = Route.ComponentProps["loaderData"]["methods"][number];

/**
 * The ways to pay offered to this applicant, the one that suits them first: a mobile money form
 * (EcoCash or OneMoney and a number), Paynow's own page, or a card. Each is its own small form
 * that works without JavaScript.
 */
export function PayMethods({
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
