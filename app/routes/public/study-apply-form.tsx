import { getFormProps, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { ApplyNoteAndSubmit } from "~/app/components/apply-note";
import { Form } from "~/app/components/localized";
import { FormSelect } from "~/app/components/ui/field";
import { useLazyValidation } from "~/app/lib/lazy-validation";
import { formatIntake } from "~/domain/program-search";

type LastResult = Parameters<typeof useForm>[0]["lastResult"];

/** A student's application to the program: the intake they want, an optional note, then Apply. */
export function ProgramApplyForm({
  intakes,
  lastResult,
}: {
  intakes: string[];
  lastResult: LastResult;
}) {
  const { t, i18n } = useTranslation("study");
  const lazy = useLazyValidation(() =>
    import("~/domain/programs").then((m) => m.ProgramApplySchema),
  );
  const [form, fields] = useForm({
    id: "apply-program",
    lastResult,
    defaultValue: { intake: intakes[0] },
    onValidate: lazy.onValidate,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...lazy.formProps(getFormProps(form))} className="grid gap-3">
      <input type="hidden" name="intent" value="apply" />
      <FormSelect field={fields.intake} ns="study" label={t("apply.intake")} required>
        {intakes.map((d) => (
          <option key={d} value={d}>
            {formatIntake(d, i18n.language)}
          </option>
        ))}
      </FormSelect>
      <ApplyNoteAndSubmit field={fields.note} ns="study" rows={3} />
    </Form>
  );
}
