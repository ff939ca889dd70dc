import { Form, useNavigation } from "react-router";
import { UrlDialog } from "~/app/components/admin/url-dialog";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { Button } from "~/app/components/ui/button";
import { InputField } from "~/app/components/ui/field";
import { translateErrors } from "~/app/lib/form-errors";
import type { Scheduling } from "./applications.server";

type ScheduleResult = {
  intent?: string;
  flash?: { message: string };
  result?: unknown;
} | null;

function fieldErrors(actionData: ScheduleResult | undefined, field: string) {
  const result = actionData?.result as { error?: Record<string, string[] | null> } | undefined;
  return result?.error?.[field] ?? undefined;
}

function submitted(actionData: ScheduleResult | undefined, field: string) {
  const result = actionData?.result as { initialValue?: Record<string, unknown> } | undefined;
  const value = result?.initialValue?.[field];
  return typeof value === "string" ? value : undefined;
}

/**
 * The ?schedule=<id> dialog: Interview Scheduled is only ever set here, with the date and time
 * (agency time) and where it is held, whether staff came from the Schedule Interview button, the
 * status list or the pipeline arrow.
 */
export function ScheduleInterviewDialog({
  scheduling,
  actionData,
}: {
  scheduling: Scheduling;
  actionData: ScheduleResult | undefined;
}) {
  const { t } = useAdminT();
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "schedule";
  const mine = actionData?.intent === "schedule" ? actionData : undefined;
  const whenErrors = fieldErrors(mine, "interviewAt") ?? (mine?.flash ? [mine.flash.message] : []);
  const whereErrors = fieldErrors(mine, "interviewLocation");
  return (
    <UrlDialog
      param="schedule"
      title={t("applications.schedule.title")}
      description={t("applications.schedule.description", {
        name: scheduling.applicantName,
        job: scheduling.jobTitle,
      })}
    >
      <Form method="post" className="grid gap-4" preventScrollReset data-testid="schedule-form">
        <input type="hidden" name="intent" value="schedule" />
        <input type="hidden" name="applicationId" value={scheduling.id} />
        <InputField
          id="interview-at"
          label={t("applications.schedule.when")}
          hint={t("applications.schedule.whenHint")}
          errors={translateErrors(t, whereErrors ? undefined : whenErrors)}
          inputProps={{
            type: "datetime-local",
            name: "interviewAt",
            required: true,
            min: scheduling.min,
            defaultValue: submitted(mine, "interviewAt") ?? scheduling.interviewAt,
          }}
        />
        <InputField
          id="interview-location"
          label={t("applications.schedule.where")}
          hint={t("applications.schedule.whereHint")}
          errors={translateErrors(t, whereErrors)}
          inputProps={{
            name: "interviewLocation",
            maxLength: 300,
            defaultValue: submitted(mine, "interviewLocation") ?? scheduling.interviewLocation,
          }}
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
