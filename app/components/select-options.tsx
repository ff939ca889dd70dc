import type { ParseKeys } from "i18next";
import { useTranslation } from "react-i18next";

/** A native select's options, from value and label pairs. */
export function SelectOptions({
  options,
}: {
  options: readonly { value: string; label: string }[];
}) {
  return options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
}

/** Options for one of the enums, each labelled by the common `labels.<group>.<value>`. */
export function useEnumOptions() {
  const { t } = useTranslation();
  return (values: readonly string[], group: string) =>
    values.map((value) => ({ value, label: t(`labels.${group}.${value}` as ParseKeys<"common">) }));
}

/** A native select's options for one of the enums, labelled by the common `labels.<group>.<value>`. */
export function LabelOptions({ values, group }: { values: readonly string[]; group: string }) {
  const enumOptions = useEnumOptions();
  return <SelectOptions options={enumOptions(values, group)} />;
}
