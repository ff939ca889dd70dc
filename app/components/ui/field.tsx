import {
  type FieldMetadata,
  getInputProps,
  getSelectProps,
  getTextareaProps,
} from "@conform-to/react";
import type { FlatNamespace } from "i18next";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "~/app/components/ui/alert";
import { translateErrors } from "~/app/lib/form-errors";
import { cn } from "~/app/lib/utils";
import { fileInputClass, Input, Label, NativeSelect } from "./input";
import { Textarea } from "./textarea";

/*
 * One way to render a labelled form field (decision record 18).
 *
 * - A field of a Conform form: <FormInput field={fields.title} ns="cms" label={…} />, and likewise
 *   FormTextarea, FormSelect, FormCheckbox, and FormChoices for a set of radios or checkboxes. They
 *   call Conform's get*Props (name, id, default value) and translate the field's errors, which
 *   travel as translation keys of the page's namespace `ns` (see app/lib/form-errors.ts).
 * - A plain field of a form without Conform (a GET filter): InputField, SelectField, TextareaField
 *   with the control's props passed as they are.
 * Every one is drawn by FieldFrame: the label tied to the control, a hint and the errors announced
 * with it (aria-describedby names both, so a hint is not lost when the field turns invalid).
 */

type FrameProps = {
  id: string;
  label: React.ReactNode;
  /** Already translated text. */
  errors?: string[] | string | null;
  hint?: React.ReactNode;
  className?: string;
};

/** What ties a control to its frame: its id, and whether it is invalid and what describes it. */
type ControlAria = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

function describedBy(id: string, hasHint: boolean, hasError: boolean) {
  return (
    [hasHint && `${id}-hint`, hasError && `${id}-error`].filter(Boolean).join(" ") || undefined
  );
}

/**
 * The label, hint and errors around one control, which it draws with `children(aria)`. `inline`
 * puts a checkbox and its label on one line (a checkbox has no hint).
 */
function FieldFrame({
  id,
  label,
  errors,
  hint,
  className,
  inline = false,
  children,
}: FrameProps & { inline?: boolean; children: (aria: ControlAria) => React.ReactNode }) {
  const list = errors ? (Array.isArray(errors) ? errors : [errors]) : [];
  const hasError = list.length > 0;
  const control = children({
    id,
    "aria-invalid": hasError || undefined,
    "aria-describedby": describedBy(id, Boolean(hint), hasError),
  });
  return (
    <div className={cn(inline ? "grid gap-1" : "grid gap-1.5", className)}>
      {inline ? (
        <label className="flex items-center gap-2 text-sm font-medium">
          {control}
          {label}
        </label>
      ) : (
        <>
          <Label htmlFor={id}>{label}</Label>
          {control}
        </>
      )}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <ErrorText id={id} errors={list} />
    </div>
  );
}

function ErrorText({ id, errors }: { id: string; errors: string[] | undefined }) {
  return errors && errors.length > 0 ? (
    <p id={`${id}-error`} className="text-sm text-red-700">
      {errors.join(" ")}
    </p>
  ) : null;
}

export function InputField({
  inputProps,
  ...frame
}: FrameProps & { inputProps: React.ComponentProps<"input"> }) {
  return <FieldFrame {...frame}>{(aria) => <Input {...aria} {...inputProps} />}</FieldFrame>;
}

export function TextareaField({
  textareaProps,
  ...frame
}: FrameProps & { textareaProps: React.ComponentProps<"textarea"> }) {
  return <FieldFrame {...frame}>{(aria) => <Textarea {...aria} {...textareaProps} />}</FieldFrame>;
}

export function SelectField({
  selectProps,
  children,
  ...frame
}: FrameProps & { selectProps: React.ComponentProps<"select">; children: React.ReactNode }) {
  return (
    <FieldFrame {...frame}>
      {(aria) => (
        <NativeSelect {...aria} {...selectProps}>
          {children}
        </NativeSelect>
      )}
    </FieldFrame>
  );
}

// ---- Fields of a Conform form ----------------------------------------------------------------

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a field of any schema
export type AnyField = FieldMetadata<any, any, any>;

type BoundProps = {
  field: AnyField;
  /** The namespace whose `errors.*` keys the schema's messages name. */
  ns: FlatNamespace;
  label: React.ReactNode;
  hint?: React.ReactNode;
  /** Classes of the wrapper (grid placement); the control's own go in `controlClassName`. */
  className?: string;
  controlClassName?: string;
  /** Error keys to show instead of the field's own (e.g. a file input outside the schema). */
  errors?: unknown;
};

/** Owned by the component: Conform sets them from the field (a controlled `value` drops the default). */
type Bound = "id" | "name" | "form" | "defaultValue" | "defaultChecked" | "type" | "className";

/** Error keys of the namespace `ns`, translated. */
function useTranslatedErrors(ns: FlatNamespace, errors: unknown) {
  const { t } = useTranslation(ns);
  return translateErrors(t, errors);
}

/**
 * The frame of a Conform field, and the props left for its control: the caller's attributes, the
 * control's classes, and the options for Conform's get*Props (our aria attributes replace Conform's,
 * and a controlled `value` drops the default).
 */
function useBoundField<P extends BoundProps>(props: P) {
  const { field, ns, label, hint, className, controlClassName, errors, ...rest } = props;
  const translated = useTranslatedErrors(ns, errors ?? field.errors);
  const frame = { id: field.id, label, hint, className, errors: translated };
  const conform = {
    ariaAttributes: false as const,
    value: (rest as { value?: unknown }).value === undefined,
  };
  return { frame, conform, control: { className: controlClassName, ...rest } };
}

type TextType = Exclude<Parameters<typeof getInputProps>[1]["type"], "checkbox" | "radio">;

export function FormInput({
  type = "text",
  ...props
}: BoundProps & { type?: TextType } & Omit<React.ComponentProps<"input">, Bound>) {
  const { frame, conform, control } = useBoundField(props);
  return (
    <FieldFrame {...frame}>
      {(aria) =>
        type === "file" ? (
          // A file input has its own frame (as tall as its button): not the text field's height.
          <input
            {...getInputProps(props.field, { type, ...conform })}
            {...aria}
            {...control}
            className={cn(fileInputClass, control.className)}
          />
        ) : (
          <Input {...getInputProps(props.field, { type, ...conform })} {...aria} {...control} />
        )
      }
    </FieldFrame>
  );
}

export function FormTextarea(props: BoundProps & Omit<React.ComponentProps<"textarea">, Bound>) {
  const { frame, conform, control } = useBoundField(props);
  return (
    <FieldFrame {...frame}>
      {(aria) => <Textarea {...getTextareaProps(props.field, conform)} {...aria} {...control} />}
    </FieldFrame>
  );
}

export function FormSelect(props: BoundProps & Omit<React.ComponentProps<"select">, Bound>) {
  const { frame, conform, control } = useBoundField(props);
  return (
    <FieldFrame {...frame}>
      {(aria) => <NativeSelect {...getSelectProps(props.field, conform)} {...aria} {...control} />}
    </FieldFrame>
  );
}

/** A checkbox with its label beside it; errors (rare: consents) show under it. */
export function FormCheckbox(
  props: Omit<BoundProps, "hint"> & Omit<React.ComponentProps<"input">, Bound>,
) {
  const { frame, control } = useBoundField(props);
  return (
    <FieldFrame {...frame} inline>
      {(aria) => (
        <input
          {...getInputProps(props.field, { type: "checkbox", ariaAttributes: false })}
          {...aria}
          {...control}
          className={cn("size-4", control.className)}
        />
      )}
    </FieldFrame>
  );
}

/**
 * A set of radio buttons (one value) or checkboxes (several) under a legend, each option a
 * bordered tile; `tilesClassName` lays the tiles out in a grid of their own.
 */
export function FormChoices({
  field,
  ns,
  type,
  legend,
  hint,
  options,
  tilesClassName,
}: {
  field: AnyField;
  ns: FlatNamespace;
  type: "radio" | "checkbox";
  legend: React.ReactNode;
  hint?: React.ReactNode;
  options: readonly (readonly [value: string, label: React.ReactNode])[];
  tilesClassName?: string;
}) {
  const errors = useTranslatedErrors(ns, field.errors);
  const initial: unknown = field.initialValue;
  const tiles = options.map(([value, label]) => (
    <label
      key={value}
      className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 p-3 text-sm has-[:checked]:border-primary-600 has-[:checked]:bg-primary-50"
    >
      <input
        type={type}
        name={field.name}
        value={value}
        defaultChecked={Array.isArray(initial) ? initial.includes(value) : initial === value}
        className={type === "checkbox" ? "size-4 accent-primary-700" : "accent-primary-700"}
      />
      {label}
    </label>
  ));
  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={describedBy(field.id, Boolean(hint), Boolean(errors))}
    >
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      {hint ? (
        <p id={`${field.id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {tilesClassName ? <div className={tilesClassName}>{tiles}</div> : tiles}
      <ErrorText id={field.id} errors={errors} />
    </fieldset>
  );
}

/** The errors of the whole form (not of one field), e.g. "wrong e-mail or password". */
export function FormErrors({
  errors,
  ns,
  className,
}: {
  errors: unknown;
  ns: FlatNamespace;
  className?: string;
}) {
  const list = useTranslatedErrors(ns, errors);
  if (!list) return null;
  return (
    <Alert tone="error" data-testid="form-error" className={className}>
      {list.join(" ")}
    </Alert>
  );
}
