import { Flash } from "~/app/components/flash";
import { FormFields } from "~/app/components/admin/form-fields";
import { IntentForm, IntentSubmit, useIntentForm } from "~/app/components/admin/intent-form";
import { UrlDialog } from "~/app/components/admin/url-dialog";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import type { ActionResult } from "~/app/lib/action-result";
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
  const s = (key: string) => t(`applications.schedule.${key}`);
  const { form, fields, busy } = useIntentForm({
    id: `schedule-${scheduling.id}`,
    intent: "schedule",
    actionData,
    schema: ScheduleInterviewSchema,
    defaultValue: {
      interviewAt: scheduling.interviewAt,
      interviewLocation: scheduling.interviewLocation,
    },
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
      <IntentForm
        form={form}
        intent="schedule"
        hidden={{ applicationId: scheduling.id }}
        className="grid gap-4"
        testId="schedule-form"
      >
        {actionData?.intent === "schedule" ? <Flash flash={actionData.flash} className="" /> : null}
        <FormFields
          fields={fields}
          ns="admin"
          specs={[
            {
              input: "interviewAt",
              type: "datetime-local",
              label: s("when"),
              hint: s("whenHint"),
              required: true,
              min: scheduling.min,
            },
            { input: "interviewLocation", label: s("where"), hint: s("whereHint"), maxLength: 300 },
          ]}
        />
        <IntentSubmit className="flex flex-wrap justify-end gap-2" busy={busy}>
          {s("submit")}
        </IntentSubmit>
      </IntentForm>
    </UrlDialog>
  );
}
