import { type FieldMetadata, getFormProps, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { DoneFlash, Flash } from "~/app/components/flash";
import { Button } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { FormFields } from "~/app/components/admin/form-fields";
import { FormCheckbox, FormChoices, FormInput } from "~/app/components/ui/field";
import { resultFor } from "~/app/lib/action-result";
import { useLazyValidation } from "~/app/lib/lazy-validation";
import {
  formatMoney,
  MAX_OFFICES,
  MAX_OTHER_FEES,
  MAX_OUTSIDE_BODIES,
  MAX_REGISTRATIONS,
  OFFERABLE_PROVIDERS,
  type SiteSettings,
  settingsToFormValues,
} from "~/domain/settings";
import type { Route } from "./+types/settings";
import {
  officeTexts,
  TranslatedFields,
  type TranslatedFormValues,
  translatedDefaults,
  translatedFieldsets,
} from "./settings-translated";
import { TrustSettingsFields } from "./settings-trust";

// The site settings form of /admin/settings: the agency, its offices and hours, the fee shown when
// no policy names one, payments, social links, the public pages' figures, privacy and trust.

/** The confirmation after a save (?done=saved), a key of the settings namespace. */
const SETTINGS_DONE = { saved: "messages.saved" };

export type Field = FieldMetadata<string | undefined>;

export const SOCIAL_FIELDS = ["facebook", "linkedin", "instagram"] as const;

/** The figures the public pages show, in the order of the form. */
export const MARKETING_FIELDS = [
  "placements",
  "successRate",
  "partnerCountries",
  "jobOpportunities",
  "visasProcessed",
  "interviewSuccess",
  "interviewsHeld",
  "documentsProcessed",
  "averageTurnaround",
  "visaWorkSuccess",
  "visaStudySuccess",
  "visaVisitorSuccess",
  "visaFamilySuccess",
] as const;

export type FormValues = Omit<
  ReturnType<typeof settingsToFormValues>,
  "offices" | "translations"
> & {
  offices: Partial<ReturnType<typeof settingsToFormValues>["offices"][number]>[];
  translations: TranslatedFormValues;
};

export function SettingsForm({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t, i18n } = useTranslation("settings");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { settings, configuredProviders } = loaderData;
  const defaults = settingsToFormValues(settings);
  const officeRows = Math.min(MAX_OFFICES, settings.offices.length + 1);
  const feeRows = Math.min(MAX_OTHER_FEES, settings.payments.otherFees.length + 1);
  // One empty row more than saved, like the offices.
  const padded = <T,>(rows: T[], max: number) => [
    ...rows,
    ...Array.from({ length: Math.min(max, rows.length + 1) - rows.length }, () => ({}) as T),
  ];
  // The schema (with the phone library it reads numbers with) loads when the form is first used.
  const lazy = useLazyValidation(() =>
    import("~/domain/settings-form").then((m) => m.SettingsFormSchema),
  );
  const [form, fields] = useForm<FormValues, SiteSettings>({
    id: "site-settings",
    lastResult: resultFor(actionData, "save"),
    defaultValue: {
      ...defaults,
      offices: [
        ...defaults.offices,
        ...Array.from({ length: officeRows - defaults.offices.length }, () => ({})),
      ],
      trust: {
        registrations: padded(defaults.trust.registrations, MAX_REGISTRATIONS),
        outsideBodies: padded(defaults.trust.outsideBodies, MAX_OUTSIDE_BODIES),
        complaintResponseDays: defaults.trust.complaintResponseDays,
      },
      payments: {
        offered: defaults.payments.offered,
        otherFees: [
          ...defaults.payments.otherFees,
          ...Array.from({ length: feeRows - defaults.payments.otherFees.length }, () => ({})),
        ],
      },
      // Each language's office texts row by row with the offices, the empty one included.
      translations: translatedDefaults(defaults.translations, officeRows),
    },
    onValidate: lazy.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const text = (
    field: Field,
    label: string,
    extra?: {
      hint?: string;
      type?: "text" | "email" | "url" | "time";
      inputMode?: "decimal" | "numeric";
      autoComplete?: string;
    },
  ) => (
    <FormInput
      key={field.name}
      field={field}
      ns="settings"
      type={extra?.type}
      label={label}
      hint={extra?.hint}
      inputMode={extra?.inputMode}
      autoComplete={extra?.autoComplete ?? "off"}
    />
  );

  const hours = fields.businessHours.getFieldset();
  const social = fields.social.getFieldset();
  const fee = fields.registrationFee.getFieldset();
  const marketing = fields.marketing.getFieldset();
  const offices = fields.offices.getFieldList();
  const pay = fields.payments.getFieldset();
  const otherFees = pay.otherFees.getFieldList();
  const privacy = fields.privacy.getFieldset();
  const interviews = fields.interviews.getFieldset();
  // The texts a reader sees, in French and Portuguese beside the English (decision record 55).
  const translated = translatedFieldsets(fields.translations);

  return (
    <Form method="post" {...lazy.formProps(getFormProps(form))} className="grid max-w-4xl gap-6">
      {loaderData.version ? (
        <input type="hidden" name="version" value={loaderData.version} />
      ) : null}
      {/* A post made after a save answers for itself; the old ?done=saved no longer applies. */}
      {actionData ? (
        <Flash flash={actionData.flash} ns="settings" className="" />
      ) : (
        <DoneFlash ns="settings" messages={SETTINGS_DONE} className="" />
      )}
      <p className="text-sm text-slate-700">{t("intro")}</p>

      <Section title={t("sections.agency")}>
        <div className="grid gap-4 sm:grid-cols-2">
          {text(fields.agencyName, t("fields.agencyName"))}
          {text(fields.tagline, t("fields.tagline"))}
          {text(fields.contactEmail, t("fields.contactEmail"), {
            type: "email",
            hint: t("hints.contactEmail"),
          })}
          {text(fields.inboxEmail, t("fields.inboxEmail"), {
            type: "email",
            hint: t("hints.inboxEmail"),
          })}
          {text(fields.phone, t("fields.phone"))}
          {text(fields.whatsappNumber, t("fields.whatsappNumber"), {
            hint: t("hints.whatsappNumber"),
          })}
          <TranslatedFields translated={translated} pick={(l) => [[l.tagline, "tagline"]]} />
        </div>
      </Section>

      <Section title={t("sections.offices")} description={t("hints.offices")}>
        <div className="grid gap-4">
          {offices.map((office, index) => {
            const o = office.getFieldset();
            return (
              <RowFieldset
                key={office.key}
                legend={
                  index < settings.offices.length
                    ? t("fields.officeN", { n: index + 1 })
                    : t("fields.officeNew")
                }
              >
                {text(o.city, t("fields.officeCity"))}
                {text(o.country, t("fields.officeCountry"))}
                <div className="sm:col-span-2">{text(o.address, t("fields.officeAddress"))}</div>
                {text(o.phone, t("fields.officePhone"))}
                {text(o.email, t("fields.officeEmail"), { type: "email" })}
                <TranslatedFields translated={translated} pick={officeTexts(index)} />
              </RowFieldset>
            );
          })}
        </div>
      </Section>

      <Section title={t("sections.hours")}>
        <div className="grid gap-4 sm:grid-cols-2">
          {text(hours.days, t("fields.days"), { hint: t("hints.days") })}
          {text(hours.timeZoneLabel, t("fields.timeZoneLabel"), { hint: t("hints.timeZoneLabel") })}
          {text(hours.open, t("fields.open"), { type: "time" })}
          {text(hours.close, t("fields.close"), { type: "time" })}
          <div className="sm:col-span-2">{text(hours.closedNote, t("fields.closedNote"))}</div>
          <TranslatedFields
            translated={translated}
            pick={(l) => [
              [l.hours.days, "days"],
              [l.hours.closedNote, "closedNote"],
            ]}
          />
        </div>
      </Section>

      <Section title={t("sections.fee")} description={t("hints.fee")}>
        <div className="grid gap-4 sm:grid-cols-2">
          {text(fee.amount, t("fields.amount"), {
            hint: t("hints.amount", {
              current: formatMoney(
                settings.registrationFee.amountMinor,
                settings.registrationFee.currency,
                i18n.language,
              ),
            }),
            inputMode: "decimal",
          })}
          {text(fee.currency, t("fields.currency"), { hint: t("hints.currency") })}
          <div className="sm:col-span-2">
            <FormFields
              fields={fee}
              ns="settings"
              specs={[
                {
                  textarea: "refundPolicy",
                  label: t("fields.refundPolicy"),
                  hint: t("hints.refundPolicy"),
                  rows: 3,
                },
              ]}
            />
          </div>
          <TranslatedFields
            translated={translated}
            multiline
            pick={(l) => [[l.fee.refundPolicy, "refundPolicy"]]}
          />
          <FormCheckbox
            field={fields.study.getFieldset().requireFee}
            ns="settings"
            label={t("fields.studyRequireFee")}
            className="sm:col-span-2"
          />
        </div>
      </Section>

      <Section title={t("sections.payments")} description={t("hints.payments")}>
        <FormChoices
          field={pay.offered}
          ns="settings"
          type="checkbox"
          legend={t("fields.offered")}
          hint={t("hints.offered")}
          options={OFFERABLE_PROVIDERS.map(
            (name) =>
              [
                name,
                configuredProviders.includes(name)
                  ? t(`providers.${name}`)
                  : t("providers.notConfigured", { provider: t(`providers.${name}`) }),
              ] as const,
          )}
          tilesClassName="grid gap-2 sm:grid-cols-3"
        />
        <FormCheckbox
          field={pay.refundRemovesAccess}
          ns="settings"
          label={t("fields.refundRemovesAccess")}
        />
        <div className="grid gap-2">
          <h3 className="text-sm font-medium text-slate-800">{t("fields.otherFees")}</h3>
          <p className="text-xs text-slate-600">{t("hints.otherFees")}</p>
          {otherFees.map((row, index) => {
            const r = row.getFieldset();
            return (
              <RowFieldset key={row.key} legend={t("fields.otherFeeN", { n: index + 1 })}>
                {text(r.currency, t("fields.currency"), { hint: t("hints.currency") })}
                {text(r.amount, t("fields.amount"), { inputMode: "decimal" })}
              </RowFieldset>
            );
          })}
        </div>
      </Section>

      <Section title={t("sections.privacy")} description={t("hints.privacy")}>
        <div className="grid gap-4 sm:grid-cols-2">
          {text(privacy.retentionMonths, t("fields.retentionMonths"), {
            hint: t("hints.retentionMonths"),
            inputMode: "numeric",
          })}
          {text(privacy.informationOfficer, t("fields.informationOfficer"), {
            hint: t("hints.informationOfficer"),
          })}
          {text(privacy.informationOfficerEmail, t("fields.informationOfficerEmail"), {
            type: "email",
            hint: t("hints.informationOfficerEmail"),
          })}
        </div>
      </Section>

      <Section title={t("sections.trust")} description={t("hints.trust")}>
        <TrustSettingsFields
          trust={{
            registrations: fields.trust.getFieldset().registrations,
            outsideBodies: fields.trust.getFieldset().outsideBodies,
            complaintResponseDays: fields.trust.getFieldset().complaintResponseDays,
          }}
          savedRegistrations={settings.trust.registrations.length}
          savedBodies={settings.trust.outsideBodies.length}
        />
      </Section>

      <Section title={t("sections.interviews")}>
        <div className="grid gap-4 sm:grid-cols-2">
          {text(interviews.changeCutoffHours, t("fields.interviewCutoffHours"), {
            hint: t("hints.interviewCutoffHours"),
            inputMode: "numeric",
          })}
        </div>
      </Section>

      <Section title={t("sections.social")}>
        <div className="grid gap-4 sm:grid-cols-3">
          {SOCIAL_FIELDS.map((name) => text(social[name], t(`fields.${name}`), { type: "url" }))}
        </div>
      </Section>

      <Section title={t("sections.marketing")} description={t("hints.marketing")}>
        <div className="grid gap-4 sm:grid-cols-3">
          {MARKETING_FIELDS.map((name) => text(marketing[name], t(`fields.${name}`)))}
          <TranslatedFields
            translated={translated}
            className="sm:col-span-3"
            pick={(l) => [[l.marketing.averageTurnaround, "averageTurnaround"]]}
          />
        </div>
      </Section>

      <div className="sticky bottom-0 -mx-1 flex justify-start bg-slate-50/90 px-1 py-3 backdrop-blur">
        <Button type="submit" disabled={busy}>
          {busy ? t("actions.saving") : t("actions.save")}
        </Button>
      </div>
    </Form>
  );
}

/** One office or one other fee: its fields in a bordered fieldset of two columns. */
export function RowFieldset({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold text-slate-800">{legend}</legend>
      {children}
    </fieldset>
  );
}

export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <Card className="grid gap-4 p-5">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      </div>
      {children}
    </Card>
  );
}
