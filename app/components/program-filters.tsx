import { SearchIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation, useSubmit } from "react-router";
import { FilterSelect, QueryField } from "~/app/components/filter-fields";
import { Form } from "~/app/components/localized";
import { FIELDS_OF_STUDY, PROGRAM_LEVELS } from "~/domain/enums";
import { formatIntake, type ProgramSearch } from "~/domain/program-search";
import { useEnumOptions } from "./select-options";
import { Button } from "./ui/button";

/**
 * /study's filters as a plain GET form (country, level, field, intake, scholarship only, text):
 * all in the URL, so a search can be shared and works before JavaScript loads; with JavaScript a
 * select applies itself on change.
 */
export function ProgramFilters({
  search,
  countries,
  intakeMonths,
}: {
  search: ProgramSearch;
  countries: { code: string; name: string }[];
  intakeMonths: string[];
}) {
  const { t, i18n } = useTranslation("study");
  const enumOptions = useEnumOptions();
  const submit = useSubmit();
  const location = useLocation();
  const autoSubmit = (e: React.ChangeEvent<HTMLSelectElement | HTMLInputElement>) =>
    submit(e.currentTarget.form, { preventScrollReset: true });
  const selects = [
    {
      name: "country",
      label: t("filters.country"),
      all: t("filters.anyCountry"),
      value: search.country,
      options: countries.map((c) => ({ value: c.code, label: c.name })),
    },
    {
      name: "level",
      label: t("filters.level"),
      all: t("filters.anyLevel"),
      value: search.level,
      options: enumOptions(PROGRAM_LEVELS, "programLevel"),
    },
    {
      name: "field",
      label: t("filters.field"),
      all: t("filters.anyField"),
      value: search.field,
      options: enumOptions(FIELDS_OF_STUDY, "fieldOfStudy"),
    },
    {
      name: "intake",
      label: t("filters.intake"),
      all: t("filters.anyIntake"),
      value: search.intake,
      options: intakeMonths.map((m) => ({
        value: m,
        label: formatIntake(`${m}-01`, i18n.language),
      })),
    },
  ];
  return (
    <Form
      method="get"
      action="/study"
      preventScrollReset
      key={location.search}
      role="search"
      aria-label={t("filters.label")}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3 lg:items-end"
    >
      <QueryField
        id="study-q"
        label={t("filters.q")}
        placeholder={t("filters.qPlaceholder")}
        defaultValue={search.q ?? ""}
        className="sm:col-span-2"
      />
      {selects.map(({ name, value, ...select }) => (
        <FilterSelect
          key={name}
          id={`study-${name}`}
          name={name}
          defaultValue={value ?? "all"}
          onChange={autoSubmit}
          {...select}
        />
      ))}
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800 lg:pb-2.5">
        <input
          type="checkbox"
          name="scholarship"
          value="1"
          defaultChecked={Boolean(search.scholarship)}
          onChange={autoSubmit}
          className="size-4 accent-primary-700"
        />
        {t("filters.scholarship")}
      </label>
      <Button type="submit">
        <SearchIcon aria-hidden />
        {t("filters.apply")}
      </Button>
    </Form>
  );
}
