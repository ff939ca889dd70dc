import { getFormProps, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { FormErrors, FormInput, FormSelect, FormTextarea } from "~/app/components/ui/field";
import type { resultFor } from "~/app/lib/action-result";
import { FEE_KINDS, FEE_PATHS, type FeePolicy, REFUND_OUTCOME_STATUSES } from "~/domain/fee-policy";
import { formatMoney } from "~/domain/format";

// Fee policies (decision record 33): per office, with overrides per destination and
// path; each shown in plain words and edited in its own small form (audited; a change raises the
// policy's version, so applicants confirm the new cost sheet before paying). Each form posts the
// policy's edit version: a save over a colleague's newer one is refused (decision record 37).

/** A policy as the page edits it: with the edit version its form posts back. */
type EditedPolicy = FeePolicy & { editVersion: number };

type Fee = { amountMinor: number; currency: string };

/** What a policy means, in plain words, as the applicant will live it. */
function usePlainWords() {
  const { t, i18n } = useTranslation("settings");
  return (p: FeePolicy, siteFee: Fee) => {
    const where = [
      p.office,
      p.destination ? t("fees.plain.to", { country: p.destination }) : "",
      p.path ? t(`fees.paths.${p.path}`) : "",
    ]
      .filter(Boolean)
      .join(" · ");
    const fee = formatMoney(
      p.amountMinor ?? siteFee.amountMinor,
      p.currency ?? siteFee.currency,
      i18n.language,
    );
    const outcomes = [
      ...p.refundOutcomes.statuses.map((s) => t(`fees.outcomes.statuses.${s}`)),
      ...(p.refundOutcomes.noOfferDays != null
        ? [t("fees.outcomes.plainNoOffer", { days: p.refundOutcomes.noOfferDays })]
        : []),
    ];
    const refund = outcomes.length
      ? ` ${t("fees.outcomes.plain", { outcomes: outcomes.join("; ") })}`
      : "";
    return `${where}: ${t(`fees.plain.${p.kind}`, {
      fee,
      percent: (p.successBasisPoints ?? 0) / 100,
      cap: fee,
    })}${refund}`;
  };
}

export function FeePoliciesSection({
  policies,
  offices,
  siteFee,
  lastResult,
  savedId,
}: {
  policies: EditedPolicy[];
  offices: string[];
  siteFee: Fee;
  lastResult: ReturnType<typeof resultFor>;
  /** The policy the last post was about, whose form shows its reply. */
  savedId: string | null;
}) {
  const { t } = useTranslation("settings");
  const plain = usePlainWords();
  return (
    <Card className="grid gap-4 p-5" data-testid="fee-policies">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold text-slate-900">{t("fees.title")}</h2>
        <p className="text-sm text-slate-600">{t("fees.description")}</p>
      </div>
      <ul className="grid gap-1 text-sm text-slate-800">
        {offices.map((office) =>
          policies.some((p) => p.office === office) ? null : (
            <li key={office}>{t("fees.plain.missing", { office })}</li>
          ),
        )}
        {policies.map((p) => (
          <li key={p.id}>{plain(p, siteFee)}</li>
        ))}
      </ul>
      {policies.map((p) => (
        <PolicyForm
          key={`${p.id}-${p.editVersion}`}
          policy={p}
          offices={offices}
          lastResult={savedId === p.id ? lastResult : undefined}
        />
      ))}
      <PolicyForm
        policy={null}
        offices={offices}
        lastResult={savedId === "" ? lastResult : undefined}
      />
    </Card>
  );
}

function PolicyForm({
  policy,
  offices,
  lastResult,
}: {
  policy: EditedPolicy | null;
  offices: string[];
  lastResult: ReturnType<typeof resultFor>;
}) {
  const { t } = useTranslation("settings");
  const id = policy?.id ?? "new";
  const [form, fields] = useForm({
    id: `fee-policy-${id}`,
    lastResult,
    shouldValidate: "onSubmit",
    defaultValue: policy
      ? {
          office: policy.office,
          destination: policy.destination,
          path: policy.path,
          kind: policy.kind,
          amount: policy.amountMinor != null ? (policy.amountMinor / 100).toFixed(2) : "",
          currency: policy.currency ?? "",
          percent: policy.successBasisPoints != null ? String(policy.successBasisPoints / 100) : "",
          covers: policy.covers,
          excludes: policy.excludes,
          othersPay: policy.othersPay,
          refundRule: policy.refundRule,
          legalBasis: policy.legalBasis,
          noOfferDays:
            policy.refundOutcomes.noOfferDays != null
              ? String(policy.refundOutcomes.noOfferDays)
              : "",
        }
      : { office: offices[0] ?? "", kind: "none" },
  });
  const legend = policy
    ? t("fees.editLegend", {
        office: policy.office,
        scope:
          [policy.destination, policy.path ? t(`fees.paths.${policy.path}`) : ""]
            .filter(Boolean)
            .join(" · ") || t("fees.officeDefault"),
        version: policy.version,
      })
    : t("fees.newLegend");
  const text = (name: "covers" | "excludes" | "othersPay" | "refundRule" | "legalBasis") => (
    <FormTextarea field={fields[name]} ns="settings" label={t(`fees.fields.${name}`)} rows={2} />
  );
  return (
    <Form method="post" {...getFormProps(form)}>
      <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold text-slate-800">{legend}</legend>
        <input type="hidden" name="intent" value="fee-policy" />
        {policy ? <input type="hidden" name="id" value={policy.id} /> : null}
        {policy ? <input type="hidden" name="version" value={policy.editVersion} /> : null}
        <FormErrors errors={form.errors} ns="settings" />
        <FormSelect field={fields.office} ns="settings" label={t("fees.fields.office")}>
          {offices.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </FormSelect>
        <FormInput
          field={fields.destination}
          ns="settings"
          label={t("fees.fields.destination")}
          hint={t("fees.fields.destinationHint")}
          autoComplete="off"
          maxLength={2}
        />
        <FormSelect field={fields.path} ns="settings" label={t("fees.fields.path")}>
          <option value="">{t("fees.paths.any")}</option>
          {FEE_PATHS.map((p) => (
            <option key={p} value={p}>
              {t(`fees.paths.${p}`)}
            </option>
          ))}
        </FormSelect>
        <FormSelect field={fields.kind} ns="settings" label={t("fees.fields.kind")}>
          {FEE_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`fees.kinds.${k}`)}
            </option>
          ))}
        </FormSelect>
        <FormInput
          field={fields.amount}
          ns="settings"
          label={t("fees.fields.amount")}
          hint={t("fees.fields.amountHint")}
          inputMode="decimal"
          autoComplete="off"
        />
        <FormInput
          field={fields.currency}
          ns="settings"
          label={t("fees.fields.currency")}
          autoComplete="off"
          maxLength={3}
        />
        <FormInput
          field={fields.percent}
          ns="settings"
          label={t("fees.fields.percent")}
          hint={t("fees.fields.percentHint")}
          inputMode="decimal"
          autoComplete="off"
        />
        {text("covers")}
        {text("excludes")}
        {text("othersPay")}
        {text("refundRule")}
        {text("legalBasis")}
        <fieldset className="grid gap-2 sm:col-span-2" aria-describedby={`${id}-outcomes-hint`}>
          <legend className="text-sm font-medium text-slate-900">
            {t("fees.outcomes.legend")}
          </legend>
          <p id={`${id}-outcomes-hint`} className="text-xs text-slate-600">
            {t("fees.outcomes.hint")}
          </p>
          {REFUND_OUTCOME_STATUSES.map((s) => (
            <label key={s} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="refundStatuses"
                value={s}
                defaultChecked={policy?.refundOutcomes.statuses.includes(s) ?? false}
                className="size-4"
              />
              {t(`fees.outcomes.statuses.${s}`)}
            </label>
          ))}
          <FormInput
            field={fields.noOfferDays}
            ns="settings"
            label={t("fees.outcomes.noOfferDays")}
            hint={t("fees.outcomes.noOfferDaysHint")}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
          />
        </fieldset>
        <div className="sm:col-span-2">
          <Button type="submit" variant="outline">
            {policy ? t("fees.save") : t("fees.add")}
          </Button>
        </div>
      </fieldset>
    </Form>
  );
}
