import { SearchIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation, useSubmit } from "react-router";
import { Form } from "~/app/components/localized";
import { JOB_TYPES, SECTORS } from "~/domain/enums";
import type { JobSearch } from "~/domain/jobs";
import { CachedHtml, keyOf } from "~/app/lib/cached-html";
import { cn } from "~/app/lib/utils";
import { FilterSelect, QueryField } from "./filter-fields";
import { useEnumOptions } from "./select-options";
import { Button } from "./ui/button";

/**
 * The job filters as a plain GET form: the filters live in the URL, so a search can be shared, the
 * back button works and it all works before JavaScript loads. With JavaScript a select applies
 * itself on change.
 */
export function JobFilters({
  action,
  search,
  countries,
  withQuery,
  idPrefix,
  label,
}: {
  action: string;
  search: Partial<JobSearch>;
  countries: { code: string; name: string }[];
  withQuery: boolean;
  idPrefix: string;
  label: string;
}) {
  const { t, i18n } = useTranslation("jobs");
  const enumOptions = useEnumOptions();
  const submit = useSubmit();
  const location = useLocation();
  const autoSubmit = (e: React.ChangeEvent<HTMLSelectElement>) =>
    submit(e.currentTarget.form, { preventScrollReset: true });
  const id = (name: string) => `${idPrefix}-${name}`;
  const selects = [
    {
      name: "country",
      label: t("filters.country"),
      all: t("filters.allCountries"),
      value: search.country,
      options: countryOptions(countries),
    },
    {
      name: "sector",
      label: t("filters.sector"),
      all: t("filters.allSectors"),
      value: search.sector,
      options: enumOptions(SECTORS, "sector"),
    },
    {
      name: "type",
      label: t("filters.jobType"),
      all: t("filters.allJobTypes"),
      value: search.type,
      options: enumOptions(JOB_TYPES, "jobType"),
    },
  ];
  return (
    <Form
      method="get"
      action={action}
      preventScrollReset
      key={location.search}
      role="search"
      aria-label={label}
      className={cn(
        "grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:items-end",
        withQuery ? "lg:grid-cols-[2fr_1fr_1fr_1fr_auto]" : "lg:grid-cols-[1fr_1fr_1fr_auto]",
      )}
    >
      {/* The same for everyone who makes this search (the key names each value it shows). */}
      <CachedHtml
        className="contents"
        cacheKey={`job-filters:${i18n.language}:${idPrefix}:${withQuery}:${keyOf([search.q, search.country, search.sector, search.type])}:${keyOf(countries)}`}
      >
        {() => (
          <>
            {withQuery ? (
              <QueryField
                id={id("q")}
                label={t("filters.query")}
                placeholder={t("filters.queryPlaceholder")}
                defaultValue={search.q ?? ""}
                className="sm:col-span-2 lg:col-span-1"
              />
            ) : null}
            {selects.map(({ name, value, ...select }) => (
              <FilterSelect
                key={name}
                id={id(name)}
                name={name}
                defaultValue={value ?? "all"}
                onChange={autoSubmit}
                {...select}
              />
            ))}
            <Button type="submit" className={withQuery ? "" : "sm:col-span-2 lg:col-span-1"}>
              <SearchIcon aria-hidden />
              {withQuery ? t("filters.search") : t("filters.apply")}
            </Button>
          </>
        )}
      </CachedHtml>
    </Form>
  );
}

/** The countries with active jobs as options of a select. */
export function countryOptions(countries: { code: string; name: string }[]) {
  return countries.map((c) => ({ value: c.code, label: c.name }));
}
