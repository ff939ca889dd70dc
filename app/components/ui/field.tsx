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
import { Input, Label, NativeSelect, Textarea } from "./input";

/*
 * One way to render a labelled form field (decision record 18).
 *
 * - A field of a Conform form: <FormInput field={fields.title} ns="cms" label={…} />, and likewise
 *   FormTextarea, FormSelect, FormCheckbox. They call Conform's get*Props (name, id, default value,
 *   aria-invalid, aria-describedby) and translate the field's errors, which travel as translation
 *   keys of the page's namespace `ns` (see app/lib/form-errors.ts).
 * - A plain field of a form without Conform (a GET filter): InputField, SelectField, TextareaField
 *   with the control's props passed as they are.
 * Either way the label is tied to the control, a hint and the errors are announced with it.
 */

type ShellProps = {
  id: string;
  label: React.ReactNode;
  /** Already translated text. */
  errors?: string[] | string | null;
  hint?: React.ReactNode;
  className?: string;
};

function describedBy(id: string, hasHint: boolean, hasError: boolean) {
  return (
    [hasHint && `${id}-hint`, hasError && `${id}-error`].filter(Boolean).join(" ") || undefined
  );
}

function FieldShell({
  id,
  label,
  errors,
  hint,
  className,
  children,
}: ShellProps & { children: React.ReactNode }) {
  const list = errors ? (Array.isArray(errors) ? errors : [errors]) : [];
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {list.length > 0 ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {list.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

function plainControlProps(field: ShellProps) {
  const hasError = Boolean(field.errors && field.errors.length);
  return {
    id: field.id,
    "aria-invalid": hasError || undefined,
    "aria-describedby": describedBy(field.id, Boolean(field.hint), hasError),
  };
}

export function InputField({
  inputProps,
  ...field
}: ShellProps & { inputProps: React.ComponentProps<"input"> }) {
  return (
    <FieldShell {...field}>
      <Input {...plainControlProps(field)} {...inputProps} />
    </FieldShell>
  );
}

export function TextareaField({
  textareaProps,
  ...field
}: ShellProps & { textareaProps: React.ComponentProps<"textarea"> }) {
  return (
    <FieldShell {...field}>
      <Textarea {...plainControlProps(field)} {...textareaProps} />
    </FieldShell>
  );
}

export function SelectField({
  selectProps,
  children,
  ...field
}: ShellProps & { selectProps: React.ComponentProps<"select">; children: React.ReactNode }) {
  return (
    <FieldShell {...field}>
      <NativeSelect {...plainControlProps(field)} {...selectProps}>
        {children}
      </NativeSelect>
    </FieldShell>
  );
}

// ---- Fields of a Conform form ----------------------------------------------------------------

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a field of any schema
type AnyField = FieldMetadata<any, any, any>;

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

/** The field's translated errors, and its aria attributes (ours, so a hint stays described). */
function useBound({ field, ns, hint, errors }: BoundProps) {
  const { t } = useTranslation(ns);
  const translated = translateErrors(t, errors ?? field.errors);
  return {
    errors: translated,
    control: { ariaAttributes: false } as const,
    aria: plainControlProps({ id: field.id, label: null, hint, errors: translated }),
  };
}

type TextType = Exclude<Parameters<typeof getInputProps>[1]["type"], "checkbox" | "radio">;

export function FormInput({
  field,
  ns,
  label,
  hint,
  className,
  controlClassName,
  errors,
  type = "text",
  ...rest
}: BoundProps & { type?: TextType } & Omit<React.ComponentProps<"input">, Bound>) {
  const bound = useBound({ field, ns, label, hint, errors });
  return (
    <FieldShell id={field.id} label={label} hint={hint} errors={bound.errors} className={className}>
      <Input
        {...getInputProps(field, { type, ...bound.control, value: rest.value === undefined })}
        {...bound.aria}
        className={controlClassName}
        {...rest}
      />
    </FieldShell>
  );
}

export function FormTextarea({
  field,
  ns,
  label,
  hint,
  className,
  controlClassName,
  errors,
  ...rest
}: BoundProps & Omit<React.ComponentProps<"textarea">, Bound>) {
  const bound = useBound({ field, ns, label, hint, errors });
  return (
    <FieldShell id={field.id} label={label} hint={hint} errors={bound.errors} className={className}>
      <Textarea
        {...getTextareaProps(field, { ...bound.control, value: rest.value === undefined })}
        {...bound.aria}
        className={controlClassName}
        {...rest}
      />
    </FieldShell>
  );
}

export function FormSelect({
  field,
  ns,
  label,
  hint,
  className,
  controlClassName,
  errors,
  children,
  ...rest
}: BoundProps & Omit<React.ComponentProps<"select">, Bound>) {
  const bound = useBound({ field, ns, label, hint, errors });
  return (
    <FieldShell id={field.id} label={label} hint={hint} errors={bound.errors} className={className}>
      <NativeSelect
        {...getSelectProps(field, { ...bound.control, value: rest.value === undefined })}
        {...bound.aria}
        className={controlClassName}
        {...rest}
      >
        {children}
      </NativeSelect>
    </FieldShell>
  );
}

/** A checkbox with its label beside it; errors (rare: consents) show under it. */
export function FormCheckbox({
  field,
  ns,
  label,
  className,
  controlClassName,
  errors,
  ...rest
}: Omit<BoundProps, "hint"> & Omit<React.ComponentProps<"input">, Bound>) {
  const bound = useBound({ field, ns, label, errors });
  return (
    <div className={cn("grid gap-1", className)}>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          {...getInputProps(field, { type: "checkbox", ...bound.control })}
          className={cn("size-4", controlClassName)}
          {...bound.aria}
          {...rest}
        />
        {label}
      </label>
      {bound.errors ? (
        <p id={`${field.id}-error`} className="text-sm text-red-700">
          {bound.errors.join(" ")}
        </p>
      ) : null}
    </div>
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
  const { t } = useTranslation(ns);
  const list = translateErrors(t, errors);
  if (!list) return null;
  return (
    <Alert tone="error" data-testid="form-error" className={className}>
      {list.join(" ")}
    </Alert>
  );
}
