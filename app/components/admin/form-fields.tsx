import type { FlatNamespace } from "i18next";
import type { ComponentProps, ComponentType, ReactNode } from "react";
import {
  type AnyField,
  FormCheckbox,
  FormChoices,
  FormInput,
  FormSelect,
  FormTextarea,
} from "~/app/components/ui/field";

/*
 * A back-office form's fields as one table, drawn by one loop: each entry names its control and
 * the form field it binds (`{ input: "title", required: true }`), with the control's own props
 * (hint, rows, type, a select's options as `children`); its label is the entry's `label`, else
 * `labelOf(name)`. A group entry lays a few fields out together (`FIELD_GROUPS`), a `legend`
 * making it a fieldset.
 */

/** A set of radios or checkboxes, whose label is its legend. */
function FormChoicesField({
  label,
  ...props
}: Omit<ComponentProps<typeof FormChoices>, "legend"> & { label: ReactNode }) {
  return <FormChoices legend={label} {...props} />;
}

const CONTROLS = {
  input: FormInput,
  textarea: FormTextarea,
  select: FormSelect,
  checkbox: FormCheckbox,
  choices: FormChoicesField,
};
type Kind = keyof typeof CONTROLS;
const KINDS = Object.keys(CONTROLS) as Kind[];

/** The layouts a group of fields takes, by the classes of its wrapper. */
const FIELD_GROUPS = {
  grid: "grid gap-4 sm:grid-cols-2",
  grid3: "grid gap-4 sm:grid-cols-3",
  fieldset: "grid gap-4 rounded-lg border border-slate-200 p-3 sm:grid-cols-2",
  row: "flex flex-wrap gap-6",
};

type ControlProps<K extends Kind> = Omit<ComponentProps<(typeof CONTROLS)[K]>, "field" | "ns">;

/** One field: `{ <control>: <field name>, ...the control's props }`. */
export type FieldSpec<Name extends string = string> = {
  [K in Kind]: { [P in K]: Name } & Omit<ControlProps<K>, "label"> & { label?: ReactNode };
}[Kind];

/** A few fields laid out together; with a `legend`, a fieldset. */
export type FieldGroup<Name extends string = string> = {
  group: keyof typeof FIELD_GROUPS;
  legend?: ReactNode;
  fields: readonly FieldSpec<Name>[];
};

export type FieldEntry<Name extends string = string> = FieldSpec<Name> | FieldGroup<Name>;

export function FormFields<F extends Record<string, AnyField>>({
  fields,
  ns,
  labelOf,
  specs,
}: {
  fields: F;
  /** The namespace whose `errors.*` keys the schema's messages name. */
  ns: FlatNamespace;
  labelOf?: (name: keyof F & string) => ReactNode;
  specs: readonly FieldEntry<keyof F & string>[];
}) {
  const field = (spec: FieldSpec<keyof F & string>) => {
    const kind = KINDS.find((k) => k in spec) as Kind;
    const { [kind]: name, label, ...props } = spec as Record<string, unknown>;
    const Control = CONTROLS[kind] as ComponentType<Record<string, unknown>>;
    const key = name as keyof F & string;
    return (
      <Control key={key} field={fields[key]} ns={ns} label={label ?? labelOf?.(key)} {...props} />
    );
  };
  return (
    <>
      {specs.map((entry, index) => {
        if (!("group" in entry)) return field(entry);
        const className = FIELD_GROUPS[entry.group];
        return entry.legend ? (
          <fieldset key={index} className={className}>
            <legend className="px-1 text-sm font-medium">{entry.legend}</legend>
            {entry.fields.map(field)}
          </fieldset>
        ) : (
          <div key={index} className={className}>
            {entry.fields.map(field)}
          </div>
        );
      })}
    </>
  );
}
