import { getFormProps, useForm } from "@conform-to/react";
import type { z } from "zod";
import { useLazyValidation } from "~/app/lib/lazy-validation";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Conform's own bound for a form's values
type Values = Record<string, any>;
type Options<V extends Values> = Omit<Parameters<typeof useForm<V>>[0], "onValidate">;

/**
 * A Conform form of a public page that validates with a schema fetched on first use
 * (`useLazyValidation`). It checks on submit and then again on every input, unless `options` say
 * otherwise; spread the third item on the `<Form>`.
 *
 * `const [form, fields, formProps] = useLazyForm(() => import("~/domain/x").then((m) => m.XSchema), { id, lastResult })`
 */
export function useLazyForm<Schema extends z.ZodType<Values>>(
  loadSchema: () => Promise<Schema>,
  options: Options<z.output<Schema>>,
) {
  const lazy = useLazyValidation(loadSchema);
  const [form, fields] = useForm<z.output<Schema>>({
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    ...options,
    onValidate: lazy.onValidate,
  });
  return [form, fields, lazy.formProps(getFormProps(form))] as const;
}
