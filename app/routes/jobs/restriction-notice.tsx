import { useTranslation } from "react-i18next";
import { Alert } from "~/app/components/ui/alert";

/**
 * Why this job was not advertised to the applicant (decision record 35), shown before the apply
 * form: the staff-written explanation, and what applying anyway means.
 */
export function RestrictionNotice({
  explanation,
  country,
}: {
  explanation: string;
  country: string;
}) {
  const { t } = useTranslation("jobs");
  return (
    <Alert tone="warning" title={t("restriction.title", { country })} data-testid="restriction">
      <p className="whitespace-pre-line">{explanation}</p>
      <p className="mt-2">{t("restriction.direct")}</p>
    </Alert>
  );
}
