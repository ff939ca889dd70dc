import { useLoaderData } from "react-router";
import {
  CatalogueForm,
  type CatalogueFormProps,
  CountryOptions,
  LabelledOptions,
} from "~/app/components/admin/catalogue";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { SelectOptions } from "~/app/components/select-options";
import { EmployerFormSchema } from "~/domain/employers";
import { SECTORS } from "~/domain/enums";
import type { EmployerRow, loader } from "./employers";

/** Add or edit an employer (intent "create" / "update"), in the ?new=1 / ?edit=<id> dialog. */
export function EmployerForm({ row, countries }: CatalogueFormProps<EmployerRow>) {
  const { t, tc } = useAdminT();
  // The offices the viewer may give an employer to: their own (every office for those who see all).
  const { offices } = useLoaderData<typeof loader>();
  const f = (key: string) => t(`employers.form.${key}`);
  return (
    <CatalogueForm
      name="employer"
      keys="employers"
      row={row}
      schema={EmployerFormSchema}
      defaultValue={defaultsFor(row, offices)}
      fields={[
        { input: "name", required: true },
        {
          group: "grid",
          fields: [
            {
              select: "countryId",
              label: f("country"),
              children: <CountryOptions countries={countries} empty={tc("labels.notSet")} />,
            },
            {
              select: "sector",
              children: (
                <LabelledOptions values={SECTORS} group="sector" empty={tc("labels.notSet")} />
              ),
            },
            { input: "registrationNumber", hint: f("registrationNumberHint") },
            { input: "website", inputMode: "url", hint: f("websiteHint") },
            {
              select: "office",
              required: true,
              hint: f("officeHint"),
              children: <SelectOptions options={offices.map((o) => ({ value: o, label: o }))} />,
            },
          ],
        },
        { textarea: "notes", rows: 4, hint: f("notesHint") },
      ]}
    />
  );
}

function defaultsFor(employer: EmployerRow | undefined, offices: string[]) {
  if (!employer) return { office: offices[0] ?? "" };
  return {
    name: employer.name,
    countryId: employer.countryId ? String(employer.countryId) : "",
    sector: employer.sector ?? "",
    registrationNumber: employer.registrationNumber ?? "",
    website: employer.website ?? "",
    office: employer.office,
    notes: employer.notes,
  };
}
