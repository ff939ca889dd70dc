import { type BulkAnswer, BulkActions } from "~/app/components/admin/bulk-actions";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { SelectOptions } from "~/app/components/select-options";
import { InputField, SelectField } from "~/app/components/ui/field";
import { APPLICATION_BULK_ACTIONS } from "~/domain/bulk-actions";
import { APPLICATION_STATUSES } from "~/domain/enums";

export const APPLICATIONS_BULK_FORM = "bulk-applications";

type Owner = { id: string; fullName: string };

/** The owner choice of the applications list's filter: mine, unassigned, everyone's, or one person's. */
export function OwnerFilter({
  id = "app-owner",
  value,
  owners,
}: {
  id?: string;
  value: string;
  owners: readonly Owner[];
}) {
  const { t } = useAdminT();
  return (
    <SelectField
      id={id}
      label={t("owners.filter.label")}
      selectProps={{ name: "owner", defaultValue: value }}
    >
      <option value="me">{t("owners.filter.me")}</option>
      <option value="all">{t("owners.filter.all")}</option>
      <option value="none">{t("owners.filter.none")}</option>
      <SelectOptions options={owners.map((o) => ({ value: o.id, label: o.fullName }))} />
    </SelectField>
  );
}

/** "Applied since": the day from which a list or the board counts applications. */
export function AppliedFromField({ id, value }: { id: string; value: string | null | undefined }) {
  const { t } = useAdminT();
  return (
    <InputField
      id={id}
      label={t("applications.search.from")}
      inputProps={{ type: "date", name: "from", defaultValue: value ?? "" }}
    />
  );
}

/** The bulk form of the applications list, for the page shown and the list's filter. */
export function ApplicationsBulk({
  pageIds,
  matching,
  filter,
  owners,
  answer,
}: {
  pageIds: string[];
  matching: { total: number; capped: boolean };
  filter: Record<string, string>;
  owners: readonly Owner[];
  answer: BulkAnswer | undefined;
}) {
  const { tc } = useAdminT();
  return (
    <BulkActions
      formId={APPLICATIONS_BULK_FORM}
      actions={APPLICATION_BULK_ACTIONS}
      statuses={APPLICATION_STATUSES.map((s) => ({
        value: s,
        label: tc(`labels.applicationStatus.${s}.label`),
      }))}
      owners={owners}
      pageIds={pageIds}
      matching={matching}
      hidden={filter}
      exportHref="/exports/applications.csv"
      answer={answer}
    />
  );
}
