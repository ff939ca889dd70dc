import { getFormProps, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { Form } from "~/app/components/localized";
import { Button } from "~/app/components/ui/button";
import { FormTextarea } from "~/app/components/ui/field";
import { useLazyValidation } from "~/app/lib/lazy-validation";
import { APPLICATION_NOTE_MAX } from "~/domain/job-search";

type LastResult = Parameters<typeof useForm>[0]["lastResult"];

/** An applicant's application to the job: an optional note, then Apply. */
export function ApplyForm({ lastResult }: { lastResult: LastResult }) {
  const { t } = useTranslation("jobs");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const lazy = useLazyValidation(() => import("~/domain/jobs").then((m) => m.ApplySchema));
  const [form, fields] = useForm({
    id: "apply",
    lastResult,
    onValidate: lazy.onValidate,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...lazy.formProps(getFormProps(form))} className="grid gap-3">
      <FormTextarea
        field={fields.note}
        ns="jobs"
        label={t("apply.note")}
        hint={t("apply.noteHint")}
        maxLength={APPLICATION_NOTE_MAX}
        rows={4}
      />
      <Button type="submit" variant="accent" disabled={busy}>
        {busy ? t("apply.submitting") : t("apply.submit")}
      </Button>
    </Form>
  );
}
