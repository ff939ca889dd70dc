import { type FormMetadata, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { Button } from "~/app/components/ui/button";
import { type ActionResult, resultFor } from "~/app/lib/action-result";

/*
 * A Conform form of a back-office page that posts one `intent` to the page's action (the details
 * dialog's travel and note forms, the interview forms): validated in the browser with the action's
 * schema on submit, then on input; the action's answer to this intent is its last result.
 */

/** The form and its fields, and whether the page is posting this intent now. */
export function useIntentForm<Input extends Record<string, unknown>, Output>({
  id,
  intent,
  actionData,
  schema,
  defaultValue,
}: {
  id: string;
  intent: string;
  actionData: ActionResult | undefined;
  schema: z.ZodType<Output, Input>;
  defaultValue?: Partial<Input>;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useForm<Input, Output>({
    id,
    lastResult: resultFor(actionData, intent),
    defaultValue: defaultValue as Parameters<typeof useForm<Input, Output>>[0]["defaultValue"],
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return { form, fields, busy };
}

/** The form element: posts `intent` and the `hidden` values with the fields in `children`. */
export function IntentForm({
  form,
  intent,
  hidden = {},
  className,
  testId,
  children,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a form of any schema
  form: FormMetadata<any, string[]>;
  intent: string;
  hidden?: Record<string, string>;
  className: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className={className}
      preventScrollReset
      data-testid={testId}
    >
      <HiddenValues values={{ intent, ...hidden }} />
      {children}
    </Form>
  );
}

/** The form's submit button, in a wrapper of `className`; disabled while the form posts. */
export function IntentSubmit({
  className,
  busy,
  size,
  variant,
  children,
}: {
  className: string;
  busy: boolean;
  size?: "sm";
  variant?: "accent";
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <Button type="submit" size={size} variant={variant} disabled={busy}>
        {children}
      </Button>
    </div>
  );
}

/** What a form posts besides its fields (its intent, a row's id): one hidden input a value. */
export function HiddenValues({ values }: { values: Record<string, string> }) {
  return Object.entries(values).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
}
