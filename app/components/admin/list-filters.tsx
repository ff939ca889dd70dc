import { DownloadIcon } from "lucide-react";
import { SelectOptions } from "~/app/components/select-options";
import { buttonVariants } from "~/app/components/ui/button";
import { SelectField } from "~/app/components/ui/field";
import { Input, Label } from "~/app/components/ui/input";
import { useAdminT } from "./use-admin-t";

// The parts of a back-office list's GET filter form: search box, dropdowns, CSV download.

/** The free-text search (`?q=`). */
export function SearchInput({
  id,
  label,
  defaultValue,
  placeholder,
}: {
  id: string;
  label: string;
  defaultValue: string;
  placeholder: string;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="search" name="q" defaultValue={defaultValue} placeholder={placeholder} />
    </div>
  );
}

type Choice = { value: string; label: string };

/** A dropdown's choices for a list of values (an enum's, say), each labelled by `label`. */
export function choicesOf(values: readonly string[], label: (value: string) => string): Choice[] {
  return values.map((value) => ({ value, label: label(value) }));
}

/** A dropdown filter: "any" (empty) first, then one option a choice. */
export function FilterSelect({
  id,
  name,
  label,
  value,
  any,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  any: string;
  options: readonly Choice[];
}) {
  return (
    <SelectField id={id} label={label} selectProps={{ name, defaultValue: value }}>
      <option value="">{any}</option>
      <SelectOptions options={options} />
    </SelectField>
  );
}

/**
 * A list's dropdown filters, from one table. A filter's `name` is its `?name=` parameter; its
 * select's id is `<idPrefix>-<name>`, its label the admin string `<keys>.<name>` and its empty
 * choice `<keys>.<any>`; it shows `current[name]`.
 */
export function FilterSelects({
  idPrefix,
  keys,
  current,
  filters,
}: {
  idPrefix: string;
  keys: string;
  current: Readonly<Record<string, string | null | undefined>>;
  filters: readonly { name: string; any: string; options: readonly Choice[] }[];
}) {
  const { t } = useAdminT();
  return filters.map(({ name, any, options }) => (
    <FilterSelect
      key={name}
      id={`${idPrefix}-${name}`}
      name={name}
      label={t(`${keys}.${name}`)}
      value={current[name] ?? ""}
      any={t(`${keys}.${any}`)}
      options={options}
    />
  ));
}

/** Downloads the list as it is filtered, as CSV. */
export function ExportCsvLink({ href }: { href: string }) {
  const { t } = useAdminT();
  return (
    <a href={href} className={buttonVariants({ variant: "outline" })} download>
      <DownloadIcon aria-hidden />
      {t("actions.exportCsv")}
    </a>
  );
}

/**
 * The office filter of a list a staff member of more than one office sees (`?office=`): none for
 * someone of one office.
 */
export function OfficeFilter({
  id,
  offices,
}: {
  id: string;
  offices: { choices: readonly string[]; all: boolean; office: string | null };
}) {
  const { t } = useAdminT();
  if (offices.choices.length <= 1) return null;
  return (
    <FilterSelect
      id={id}
      name="office"
      label={t("offices.filter.label")}
      value={offices.office ?? ""}
      any={offices.all ? t("offices.filter.allOffices") : t("offices.filter.allMyOffices")}
      options={offices.choices.map((o) => ({ value: o, label: o }))}
    />
  );
}
