import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { Button } from "~/app/components/ui/button";
import { FormInput, FormTextarea } from "~/app/components/ui/field";
import { type ActionResult, resultFor } from "~/app/lib/action-result";
import { DepartureSchema } from "~/domain/admin";

/**
 * The details dialog's travel form: the day the applicant leaves and what they need to know
 * (flight, meeting point). Saving tells the applicant; an empty day clears it.
 */
export function DepartureForm({
  applicationId,
  departureDate,
  departureDetails,
  actionData,
}: {
  applicationId: string;
  departureDate: string | null;
  departureDetails: string | null;
  actionData: ActionResult | undefined;
}) {
  const { t } = useAdminT();
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "departure";
  const [form, fields] = useForm({
    id: `departure-${applicationId}`,
    lastResult: resultFor(actionData, "departure"),
    defaultValue: { departureDate: departureDate ?? "", departureDetails: departureDetails ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DepartureSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="grid gap-2 sm:grid-cols-[12rem_1fr]"
      preventScrollReset
      data-testid="departure-form"
    >
      <input type="hidden" name="intent" value="departure" />
      <input type="hidden" name="applicationId" value={applicationId} />
      <FormInput
        field={fields.departureDate}
        ns="admin"
        type="date"
        label={t("applications.details.departureDate")}
        hint={t("applications.details.departureDateHint")}
      />
      <FormTextarea
        field={fields.departureDetails}
        ns="admin"
        label={t("applications.details.departureDetails")}
        hint={t("applications.details.departureDetailsHint")}
        rows={2}
        maxLength={500}
      />
      <div className="sm:col-span-2">
        <Button type="submit" size="sm" disabled={busy}>
          {t("applications.details.saveDeparture")}
        </Button>
      </div>
    </Form>
  );
}
