import { SearchIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, useLocation, useSubmit } from "react-router";
import { JOB_TYPES, SECTORS } from "~/domain/enums";
import type { JobSearch } from "~/domain/jobs";
import { cn } from "~/app/lib/utils";
import { Button } from "./ui/button";
import { Input, Label, NativeSelect } from "./ui/input";

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
  const { t } = useTranslation("jobs");
  const submit = useSubmit();
  const location = useLocation();
  const autoSubmit = (e: React.ChangeEvent<HTMLSelectElement>) =>
    submit(e.currentTarget.form, { preventScrollReset: true });
  const id = (name: string) => `${idPrefix}-${name}`;
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
      {withQuery ? (
        <div className="grid gap-1.5 sm:col-span-2 lg:col-span-1">
          <Label htmlFor={id("q")}>{t("filters.query")}</Label>
          <Input
            id={id("q")}
            name="q"
            type="search"
            defaultValue={search.q ?? ""}
            placeholder={t("filters.queryPlaceholder")}
            maxLength={100}
          />
        </div>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor={id("country")}>{t("filters.country")}</Label>
        <NativeSelect
          id={id("country")}
          name="country"
          defaultValue={search.country ?? "all"}
          onChange={autoSubmit}
        >
          <option value="all">{t("filters.allCountries")}</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={id("sector")}>{t("filters.sector")}</Label>
        <NativeSelect
          id={id("sector")}
          name="sector"
          defaultValue={search.sector ?? "all"}
          onChange={autoSubmit}
        >
          <option value="all">{t("filters.allSectors")}</option>
          {SECTORS.map((s) => (
            <option key={s} value={s}>
              {t(`labels.sector.${s}`, { ns: "common" })}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={id("type")}>{t("filters.jobType")}</Label>
        <NativeSelect
          id={id("type")}
          name="type"
          defaultValue={search.type ?? "all"}
          onChange={autoSubmit}
        >
          <option value="all">{t("filters.allJobTypes")}</option>
          {JOB_TYPES.map((s) => (
            <option key={s} value={s}>
              {t(`labels.jobType.${s}`, { ns: "common" })}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" className={withQuery ? "" : "sm:col-span-2 lg:col-span-1"}>
        <SearchIcon aria-hidden />
        {withQuery ? t("filters.search") : t("filters.apply")}
      </Button>
    </Form>
  );
}
