import { cn } from "~/app/lib/utils";
import { SelectOptions } from "./select-options";
import { Input, Label, NativeSelect } from "./ui/input";

// The fields of a public search form (jobs, study programs): a labelled search box and
// labelled selects whose first option, "all", means no filter.

/** The free-text search box, with its label above it. */
export function QueryField({
  id,
  label,
  className,
  ...input
}: { id: string; label: string; className?: string } & React.ComponentProps<"input">) {
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} name="q" type="search" maxLength={100} {...input} />
    </div>
  );
}

/** A filter's select with its label above it: "all" first, then the options. */
export function FilterSelect({
  id,
  label,
  all,
  options,
  ...select
}: {
  id: string;
  label: string;
  all: string;
  options: { value: string; label: string }[];
} & React.ComponentProps<"select">) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} {...select}>
        <option value="all">{all}</option>
        <SelectOptions options={options} />
      </NativeSelect>
    </div>
  );
}
