import { getFormProps, useForm } from "@conform-to/react";
import { ApplyNoteAndSubmit } from "~/app/components/apply-note";
import { Form } from "~/app/components/localized";
import { useLazyValidation } from "~/app/lib/lazy-validation";

type LastResult = Parameters<typeof useForm>[0]["lastResult"];

/** An applicant's application to the job: an optional note, then Apply. */
export function ApplyForm({ lastResult }: { lastResult: LastResult }) {
  const lazy = useLazyValidation(() => import("~/domain/jobs").then((m) => m.ApplySchema));
  const [form, fields] = useForm({
    id: "apply",
    lastResult,
    onValidate: lazy.onValidate,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...lazy.formProps(getFormProps(form))} className="grid gap-3">
      <ApplyNoteAndSubmit field={fields.note} ns="jobs" rows={4} />
    </Form>
  );
}
