import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { FormInput, FormTextarea } from "~/app/components/ui/field";
import { LANGUAGE_NAMES } from "~/domain/languages";
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from "~/domain/setting-texts";
import type { SiteSettings } from "~/domain/settings";

// The settings form's texts in French and Portuguese (decision record 55): beside each English
// text a reader sees, its two versions, optional (an empty one shows the English), each labelled
// with its language ("Tagline (Français)").

type Texts = SiteSettings["translations"][TranslatedLanguage];

/** A language's texts as the form edits them: its office rows padded like the offices. */
export type TranslatedFormValues = Record<
  TranslatedLanguage,
  Omit<Texts, "offices"> & { offices: Partial<Texts["offices"][number]>[] }
>;

/** Each language's texts as the form's values: one office row per office row of the form. */
export function translatedDefaults(
  translations: SiteSettings["translations"],
  officeRows: number,
): TranslatedFormValues {
  const rows = (texts: Texts) =>
    Array.from({ length: officeRows }, (_, i) => texts.offices[i] ?? {});
  return {
    fr: { ...translations.fr, offices: rows(translations.fr) },
    pt: { ...translations.pt, offices: rows(translations.pt) },
  };
}

/** The fields of each language's texts. */
export function translatedFieldsets(translations: FieldMetadata<TranslatedFormValues>) {
  return TRANSLATED_LANGUAGES.map((lng) => {
    const texts = translations.getFieldset()[lng].getFieldset();
    return {
      lng,
      tagline: texts.tagline,
      hours: texts.businessHours.getFieldset(),
      fee: texts.registrationFee.getFieldset(),
      marketing: texts.marketing.getFieldset(),
      offices: texts.offices.getFieldList().map((row) => row.getFieldset()),
    };
  });
}
type Translated = ReturnType<typeof translatedFieldsets>[number];

/** A label of the "translated" keys, which name the language. */
type LabelKey =
  | "tagline"
  | "days"
  | "closedNote"
  | "refundPolicy"
  | "averageTurnaround"
  | "officeCountry"
  | "officeAddress";

/** The `pick` of an office row's texts: its country and address. */
export const officeTexts =
  (index: number) =>
  (texts: Translated): [FieldMetadata<string | undefined>, LabelKey][] => {
    const row = texts.offices[index];
    return row
      ? [
          [row.country, "officeCountry"],
          [row.address, "officeAddress"],
        ]
      : [];
  };

/**
 * A section's texts in French and Portuguese: `pick` names, for one language, its fields and their
 * labels; `multiline` fields are text areas across the fieldset.
 */
export function TranslatedFields({
  translated,
  pick,
  multiline = false,
  className = "sm:col-span-2",
}: {
  translated: Translated[];
  pick: (texts: Translated) => [FieldMetadata<string | undefined>, LabelKey][];
  multiline?: boolean;
  className?: string;
}) {
  const { t } = useTranslation("settings");
  return (
    <fieldset
      className={`grid gap-4 rounded-lg border border-dashed border-slate-300 p-4 sm:grid-cols-2 ${className}`}
    >
      <legend className="px-1 text-sm font-medium text-slate-800">{t("translated.legend")}</legend>
      <p className="text-xs text-slate-600 sm:col-span-2">{t("translated.hint")}</p>
      {translated.flatMap((texts) =>
        pick(texts).map(([field, label]) => {
          const props = {
            field,
            ns: "settings" as const,
            label: t(`translated.${label}`, { language: LANGUAGE_NAMES[texts.lng] }),
            lang: texts.lng,
          };
          return multiline ? (
            <div key={field.name} className="sm:col-span-2">
              <FormTextarea {...props} rows={3} />
            </div>
          ) : (
            <FormInput {...props} key={field.name} autoComplete="off" />
          );
        }),
      )}
    </fieldset>
  );
}
