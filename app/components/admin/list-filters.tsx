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
  options: readonly { value: string; label: string }[];
}) {
  return (
    <SelectField id={id} label={label} selectProps={{ name, defaultValue: value }}>
      <option value="">{any}</option>
      <SelectOptions options={options} />
    </SelectField>
  );
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
