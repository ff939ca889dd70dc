import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { Button } from "~/app/components/ui/button";
import { FormTextarea } from "~/app/components/ui/field";
import { APPLICATION_NOTE_MAX } from "~/domain/job-search";

/** The page namespaces that hold `apply.*` strings (the page declares its own). */
type ApplyNamespace = "jobs" | "study";

/**
 * The end of an apply form (a job's, a study program's): the applicant's optional note to staff,
 * then Apply, busy while it posts. `ns` holds the `apply.*` strings of the page.
 */
export function ApplyNoteAndSubmit({
  field,
  ns,
  rows,
}: {
  field: React.ComponentProps<typeof FormTextarea>["field"];
  ns: ApplyNamespace;
  rows: number;
}) {
  const { t } = useTranslation(ns);
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <FormTextarea
        field={field}
        ns={ns}
        label={t("apply.note")}
        hint={t("apply.noteHint")}
        maxLength={APPLICATION_NOTE_MAX}
        rows={rows}
      />
      <Button type="submit" variant="accent" disabled={busy}>
        {busy ? t("apply.submitting") : t("apply.submit")}
      </Button>
    </>
  );
}
