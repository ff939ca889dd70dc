import type * as React from "react";
import { cn } from "~/app/lib/utils";
import { Input, Label, NativeSelect, Textarea } from "./input";

type FieldProps = {
  id: string;
  label: React.ReactNode;
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
}: FieldProps & { children: React.ReactNode }) {
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

export function InputField({
  inputProps,
  ...field
}: FieldProps & { inputProps: React.ComponentProps<"input"> }) {
  const hasError = Boolean(field.errors && field.errors.length);
  return (
    <FieldShell {...field}>
      <Input
        id={field.id}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy(field.id, Boolean(field.hint), hasError)}
        {...inputProps}
      />
    </FieldShell>
  );
}

export function TextareaField({
  textareaProps,
  ...field
}: FieldProps & { textareaProps: React.ComponentProps<"textarea"> }) {
  const hasError = Boolean(field.errors && field.errors.length);
  return (
    <FieldShell {...field}>
      <Textarea
        id={field.id}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy(field.id, Boolean(field.hint), hasError)}
        {...textareaProps}
      />
    </FieldShell>
  );
}

export function SelectField({
  selectProps,
  children,
  ...field
}: FieldProps & { selectProps: React.ComponentProps<"select">; children: React.ReactNode }) {
  const hasError = Boolean(field.errors && field.errors.length);
  return (
    <FieldShell {...field}>
      <NativeSelect
        id={field.id}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy(field.id, Boolean(field.hint), hasError)}
        {...selectProps}
      >
        {children}
      </NativeSelect>
    </FieldShell>
  );
}
