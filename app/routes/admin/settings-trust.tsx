import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { FormInput } from "~/app/components/ui/field";

// The settings' "proof of who we are" section (decision record 31): each office's
// registrations (and a destination's, e.g. Poland's KRAZ), the outside bodies a person may also
// complain to, and the days a complaint waits for an answer. Blank rows are left out on save.

type Field = FieldMetadata<string | undefined>;
type Rows = {
  getFieldList: () => { key: string | undefined; getFieldset: () => Record<string, Field> }[];
};

export function TrustSettingsFields({
  trust,
  savedRegistrations,
  savedBodies,
}: {
  trust: { registrations: Rows; outsideBodies: Rows; complaintResponseDays: Field };
  savedRegistrations: number;
  savedBodies: number;
}) {
  const { t } = useTranslation("settings");
  const text = (field: Field, label: string, hint?: string) => (
    <FormInput
      key={field.name}
      field={field}
      ns="settings"
      label={label}
      hint={hint}
      autoComplete="off"
    />
  );
  return (
    <div className="grid gap-4">
      <h3 className="text-sm font-medium text-slate-800">{t("fields.registrations")}</h3>
      {trust.registrations.getFieldList().map((row, index) => {
        const r = row.getFieldset();
        return (
          <fieldset
            key={row.key}
            className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2"
          >
            <legend className="px-1 text-sm font-semibold text-slate-800">
              {index < savedRegistrations
                ? t("fields.registrationN", { n: index + 1 })
                : t("fields.registrationNew")}
            </legend>
            {text(r.countryCode!, t("fields.countryCode"), t("hints.countryCode"))}
            {text(r.office!, t("fields.registrationOffice"), t("hints.registrationOffice"))}
            {text(r.label!, t("fields.registrationLabel"))}
            {text(r.authority!, t("fields.registrationAuthority"))}
            {text(r.number!, t("fields.registrationNumber"))}
          </fieldset>
        );
      })}
      <h3 className="text-sm font-medium text-slate-800">{t("fields.outsideBodies")}</h3>
      {trust.outsideBodies.getFieldList().map((row, index) => {
        const b = row.getFieldset();
        return (
          <fieldset
            key={row.key}
            className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2"
          >
            <legend className="px-1 text-sm font-semibold text-slate-800">
              {index < savedBodies ? t("fields.bodyN", { n: index + 1 }) : t("fields.bodyNew")}
            </legend>
            {text(b.countryCode!, t("fields.countryCode"), t("hints.countryCode"))}
            {text(b.name!, t("fields.bodyName"))}
            {text(b.topic!, t("fields.bodyTopic"))}
            {text(b.url!, t("fields.bodyUrl"))}
          </fieldset>
        );
      })}
      <div className="grid gap-4 sm:grid-cols-2">
        {text(
          trust.complaintResponseDays,
          t("fields.complaintResponseDays"),
          t("hints.complaintResponseDays"),
        )}
      </div>
    </div>
  );
}
