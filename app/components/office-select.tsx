import type { FlatNamespace } from "i18next";
import { type AnyField, FormSelect } from "~/app/components/ui/field";
import { useRootData } from "~/app/lib/root-data";

/**
 * The applicant's nearest office (the site settings' offices, by city): sign-up offers "choose
 * from my country" first (`automatic`), the profile only the offices.
 */
export function OfficeSelect({
  field,
  ns,
  label,
  hint,
  automatic,
}: {
  field: AnyField;
  ns: FlatNamespace;
  label: string;
  hint: string;
  automatic?: string;
}) {
  const { settings } = useRootData();
  return (
    <FormSelect field={field} ns={ns} label={label} hint={hint}>
      {automatic ? <option value="">{automatic}</option> : null}
      {settings.offices.map((o) => (
        <option key={o.city} value={o.city}>
          {`${o.city} (${o.country})`}
        </option>
      ))}
    </FormSelect>
  );
}
