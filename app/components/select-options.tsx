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
