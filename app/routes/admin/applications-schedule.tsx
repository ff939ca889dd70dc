import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Flash } from "~/app/components/flash";
import { UrlDialog } from "~/app/components/admin/url-dialog";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { Button } from "~/app/components/ui/button";
import { FormInput } from "~/app/components/ui/field";
import { type ActionResult, resultFor } from "~/app/lib/action-result";
import { ScheduleInterviewSchema } from "~/domain/interview";
import type { Scheduling } from "./applications.server";

/**
 * The ?schedule=<id> dialog: Interview Scheduled is only ever set here, with the date and time
 * (agency time) and where it is held, whether staff came from the Schedule Interview button, the
 * status list or the pipeline arrow. A refusal of the service (the application is gone) shows as
 * the dialog's Flash; the page shows the other forms' answers.
 */
export function ScheduleInterviewDialog({
  scheduling,
  actionData,
}: {
  scheduling: Scheduling;
  actionData: ActionResult | undefined;
}) {
  const { t } = useAdminT();
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "schedule";
  const [form, fields] = useForm({
    id: `schedule-${scheduling.id}`,
    lastResult: resultFor(actionData, "schedule"),
    defaultValue: {
      interviewAt: scheduling.interviewAt,
      interviewLocation: scheduling.interviewLocation,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ScheduleInterviewSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <UrlDialog
      param="schedule"
      title={t("applications.schedule.title")}
      description={t("applications.schedule.description", {
        name: scheduling.applicantName,
        job: scheduling.jobTitle,
      })}
    >
      <Form
        method="post"
        {...getFormProps(form)}
        className="grid gap-4"
        preventScrollReset
        data-testid="schedule-form"
      >
        {actionData?.intent === "schedule" ? <Flash flash={actionData.flash} className="" /> : null}
        <input type="hidden" name="intent" value="schedule" />
        <input type="hidden" name="applicationId" value={scheduling.id} />
        <FormInput
          field={fields.interviewAt}
          ns="admin"
          type="datetime-local"
          label={t("applications.schedule.when")}
          hint={t("applications.schedule.whenHint")}
          required
          min={scheduling.min}
        />
        <FormInput
          field={fields.interviewLocation}
          ns="admin"
          label={t("applications.schedule.where")}
          hint={t("applications.schedule.whereHint")}
          maxLength={300}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="submit" disabled={busy}>
            {t("applications.schedule.submit")}
          </Button>
        </div>
      </Form>
    </UrlDialog>
  );
}
