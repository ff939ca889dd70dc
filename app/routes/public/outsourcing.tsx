import {
  BadgeCheckIcon,
  BriefcaseBusinessIcon,
  ClockIcon,
  HeadsetIcon,
  LineChartIcon,
  PiggyBankIcon,
  ShieldCheckIcon,
  UserRoundCheckIcon,
  UsersIcon,
} from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Flash } from "~/app/components/flash";
import { HoneypotField } from "~/app/components/honeypot-field";
import { useLocalizePath } from "~/app/components/localized";
import { TitledCard } from "~/app/components/titled-card";
import { SubmissionKeyField } from "~/app/components/submission-key";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { HeroBand } from "~/app/components/page-section";
import { Card } from "~/app/components/ui/card";
import { FormChoices, FormErrors, FormInput, FormTextarea } from "~/app/components/ui/field";
import { i18nHandle } from "~/app/i18n/namespaces";
import { lazyComponent } from "~/app/lib/lazy-component";
import { useLazyForm } from "~/app/lib/lazy-form";
import { fixedPageMeta } from "~/app/lib/seo";
import { OUTSOURCING_SERVICES } from "~/domain/enums";
import type { Route } from "./+types/outsourcing";
import { useHydrated } from "~/app/lib/use-hydrated";
import { receiveQuoteRequest, submissionKeyLoader } from "./inquiry-form.server";
import { Link } from "~/app/components/localized";

export const handle = i18nHandle("outsourcing");

export const meta: Route.MetaFunction = fixedPageMeta("outsourcing:meta", "/outsourcing");

export const loader = submissionKeyLoader;

export const action = receiveQuoteRequest;

const SERVICE_ICONS = {
  "Virtual Assistants": UserRoundCheckIcon,
  "Call Centre Solutions": HeadsetIcon,
  "BPO & Staff Leasing": BriefcaseBusinessIcon,
} as const;

const REASONS = [
  ["cost", PiggyBankIcon],
  ["talent", UsersIcon],
  ["timezone", ClockIcon],
  ["quality", BadgeCheckIcon],
  ["scale", LineChartIcon],
  ["secure", ShieldCheckIcon],
] as const;

export default function OutsourcingPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("outsourcing");
  return (
    <div>
      <HeroBand eyebrow={t("page.eyebrow")} title={t("page.title")} lead={t("page.intro")} tall>
        <div className="mt-8 flex flex-wrap gap-3">
          <QuoteButton label={t("page.cta")} testId="hero-quote" />
          <Link
            to="/contact"
            className="inline-flex h-11 items-center rounded-md border border-white/60 px-6 text-base font-medium text-white hover:bg-white/10"
          >
            {t("page.ctaSecondary")}
          </Link>
        </div>
      </HeroBand>

      <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="services-title">
        <h2 id="services-title" className="text-2xl font-bold text-slate-900">
          {t("page.servicesTitle")}
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {OUTSOURCING_SERVICES.map((s) => {
            const Icon = SERVICE_ICONS[s];
            return (
              <li key={s}>
                <Card className="h-full p-5">
                  <Icon className="size-8 text-primary-700" aria-hidden />
                  <h3 className="mt-3 text-lg font-semibold text-slate-900">
                    {t(`services.${s}.title`)}
                  </h3>
                  <p className="mt-2 text-sm text-slate-700">{t(`services.${s}.body`)}</p>
                </Card>
              </li>
            );
          })}
        </ul>
      </section>

      <section className="bg-slate-50" aria-labelledby="reasons-title">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="reasons-title" className="text-2xl font-bold text-slate-900">
            {t("page.reasonsTitle")}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {REASONS.map(([key, Icon]) => (
              <li key={key} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-5">
                <Icon className="size-6 shrink-0 text-accent-600" aria-hidden />
                <div>
                  <h3 className="font-semibold text-slate-900">{t(`reasons.${key}.title`)}</h3>
                  <p className="mt-1 text-sm text-slate-700">{t(`reasons.${key}.body`)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto grid max-w-6xl gap-8 px-4 py-12 lg:grid-cols-2" id="quote">
        <div>
          <h2 className="text-2xl font-bold text-slate-900">{t("page.bottomTitle")}</h2>
          <p className="mt-3 text-slate-700">{t("page.bottomBody")}</p>
          <div className="mt-6">
            <QuoteButton label={t("page.cta")} testId="bottom-quote" />
          </div>
        </div>
        <TitledCard title={t("page.formTitle")} description={t("page.formIntro")}>
          <QuoteForm formId="quote-page" fallback={actionData} />
        </TitledCard>
      </section>
    </div>
  );
}

// The quote box's code (Radix's dialog, 11 KB) comes when a visitor is about to open it, not with
// the page: until then the button is a link to the form further down, which is also what it does
// before JavaScript has loaded.
const quoteDialog = lazyComponent(() =>
  import("./outsourcing-quote-dialog").then((m) => m.QuoteDialog),
);

function QuoteButton({ label, testId }: { label: string; testId: string }) {
  const { t } = useTranslation("outsourcing");
  const [wanted, setWanted] = useState(false);
  const link = (
    <a
      href="#quote"
      className={buttonVariants({ variant: "accent", size: "lg" })}
      data-testid={testId}
      onPointerEnter={() => void quoteDialog.preload()}
      onFocus={() => void quoteDialog.preload()}
      onClick={(event) => {
        event.preventDefault();
        setWanted(true);
      }}
    >
      {label}
    </a>
  );
  if (!wanted) return link;
  return (
    <Suspense fallback={link}>
      <quoteDialog.Component triggerLabel={label} testId={testId} closeLabel={t("form.close")}>
        <QuoteForm formId={`quote-${testId}`} />
      </quoteDialog.Component>
    </Suspense>
  );
}

type ActionData = Route.ComponentProps["actionData"];

/** Who is asking: each required, with the browser's autofill hint. */
const QUOTE_CONTACT_FIELDS = [
  ["name", "text", "name"],
  ["company", "text", "organization"],
  ["email", "email", "email"],
] as const;

/** One form for the page and the modal. Before JavaScript it posts like any form (`fallback`). */
function QuoteForm({ formId, fallback }: { formId: string; fallback?: ActionData }) {
  const { t } = useTranslation("outsourcing");
  const fetcher = useFetcher<typeof action>({ key: formId });
  // Posted to this language's address: the confirmation e-mail is written in the page's language.
  const localize = useLocalizePath();
  const result = fetcher.data ?? fallback;
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState(0);
  const busy = fetcher.state !== "idle";
  const [form, fields, formProps] = useLazyForm(
    () => import("~/domain/inquiries").then((m) => m.OutsourcingInquirySchema),
    // Checked on submit, then as the person corrects: an error appearing on blur moved the
    // services under the pointer between press and release, and the click was lost.
    { id: formId, lastResult: result?.result },
  );
  const succeeded = result?.flash?.ok === true;
  useEffect(() => {
    if (succeeded) setChosen(0);
  }, [succeeded, fetcher.data]);
  return (
    <fetcher.Form
      method="post"
      action={localize("/outsourcing")}
      {...formProps}
      className="grid gap-4"
      onChange={(e) => {
        const f = e.currentTarget;
        setChosen(f.querySelectorAll('input[name="services"]:checked').length);
      }}
    >
      <SubmissionKeyField />
      <Flash flash={result?.flash} ns="outsourcing" className="" />
      <FormErrors errors={form.errors} ns="outsourcing" />
      {QUOTE_CONTACT_FIELDS.map(([name, type, autoComplete]) => (
        <FormInput
          key={name}
          field={fields[name]}
          ns="outsourcing"
          type={type}
          label={t(`form.${name}`)}
          autoComplete={autoComplete}
          required
        />
      ))}
      <FormChoices
        field={fields.services}
        ns="outsourcing"
        type="checkbox"
        legend={t("form.services")}
        hint={t("form.servicesHint")}
        options={OUTSOURCING_SERVICES.map((s) => [s, t(`services.${s}.title`)] as const)}
      />
      <FormInput
        field={fields.budget}
        ns="outsourcing"
        label={t("form.budget")}
        placeholder={t("form.budgetPlaceholder")}
      />
      <FormTextarea field={fields.message} ns="outsourcing" label={t("form.message")} rows={4} />
      <HoneypotField id={`${formId}-website`} label={t("form.honeypot")} />
      <Button
        type="submit"
        variant="accent"
        disabled={busy || (hydrated && chosen === 0)}
        className="justify-self-start"
      >
        {busy ? t("form.submitting") : t("form.submit")}
      </Button>
    </fetcher.Form>
  );
}
