import { FormFields } from "~/app/components/admin/form-fields";
import { IntentForm, IntentSubmit, useIntentForm } from "~/app/components/admin/intent-form";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import type { ActionResult } from "~/app/lib/action-result";
import { DepartureSchema } from "~/domain/admin";

/**
 * The details dialog's travel form: the day the applicant leaves and what they need to know
 * (flight, meeting point). Saving tells the applicant; an empty day clears it.
 */
export function DepartureForm({
  applicationId,
  version,
  departureDate,
  departureDetails,
  actionData,
}: {
  applicationId: string;
  version: number;
  departureDate: string | null;
  departureDetails: string | null;
  actionData: ActionResult | undefined;
}) {
  const { t } = useAdminT();
  const d = (key: string) => t(`applications.details.${key}`);
  const { form, fields, busy } = useIntentForm({
    id: `departure-${applicationId}`,
    intent: "departure",
    actionData,
    schema: DepartureSchema,
    // A save refused as stale keeps what was typed (decision record 37).
    defaultValue: (actionData?.intent === "departure"
      ? (actionData as { kept?: Record<string, string> }).kept
      : undefined) ?? {
      departureDate: departureDate ?? "",
      departureDetails: departureDetails ?? "",
    },
  });
  return (
    <IntentForm
      form={form}
      intent="departure"
      hidden={{ applicationId, version: String(version) }}
      className="grid gap-2 sm:grid-cols-[12rem_1fr]"
      testId="departure-form"
    >
      <FormFields
        fields={fields}
        ns="admin"
        labelOf={d}
        specs={[
          { input: "departureDate", type: "date", hint: d("departureDateHint") },
          {
            textarea: "departureDetails",
            hint: d("departureDetailsHint"),
            rows: 2,
            maxLength: 500,
          },
        ]}
      />
      <IntentSubmit className="sm:col-span-2" size="sm" busy={busy}>
        {d("saveDeparture")}
      </IntentSubmit>
    </IntentForm>
  );
}
