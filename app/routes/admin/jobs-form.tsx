import {
  CatalogueForm,
  type CatalogueFormProps,
  CountryOptions,
  LabelledOptions,
} from "~/app/components/admin/catalogue";
import { useLoaderData } from "react-router";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { SelectOptions } from "~/app/components/select-options";
import { inLanguage } from "~/domain/document-types";
import { JobFormSchema } from "~/domain/jobs";
import { EMPLOYMENT_TYPES, JOB_TYPES, SALARY_PERIODS, SECTORS } from "~/domain/enums";
import type { StaffJobRow } from "~/server/jobs/admin.server";
import type { loader } from "./jobs";

/** Add or edit a job (intent "create" / "update"), in the ?new=1 / ?edit=<id> dialog. */
export function JobForm({ row, countries }: CatalogueFormProps<StaffJobRow>) {
  const { t, tc, lang } = useAdminT();
  const f = (key: string) => t(`jobs.form.${key}`);
  const { employers, documentTypes } = useLoaderData<typeof loader>();
  const options = {
    employer: (
      <>
        <option value="">{f("noEmployer")}</option>
        <SelectOptions options={employers.map((e) => ({ value: e.id, label: e.name }))} />
      </>
    ),
    sector: <LabelledOptions values={SECTORS} group="sector" />,
    jobType: <LabelledOptions values={JOB_TYPES} group="jobType" />,
    employmentType: <LabelledOptions values={EMPLOYMENT_TYPES} group="employmentType" />,
    country: <CountryOptions countries={countries} empty={tc("labels.notSet")} />,
    salaryPeriod: (
      <>
        <option value="">{tc("labels.notSet")}</option>
        <SelectOptions
          options={SALARY_PERIODS.map((p) => ({ value: p, label: f(`period.${p}`) }))}
        />
      </>
    ),
  };
  return (
    <CatalogueForm
      name="job"
      keys="jobs"
      row={row}
      schema={JobFormSchema}
      defaultValue={defaultsFor(row)}
      fields={[
        { input: "title", required: true },
        { textarea: "description", required: true, rows: 4 },
        {
          group: "grid",
          fields: [
            { select: "sector", children: options.sector },
            { select: "jobType", children: options.jobType },
            { select: "employmentType", children: options.employmentType },
            { select: "countryId", label: f("country"), children: options.country },
          ],
        },
        {
          group: "grid",
          fields: [
            { select: "employerId", children: options.employer },
            { input: "employerShownAs", hint: f("employerShownAsHint") },
          ],
        },
        {
          group: "fieldset",
          legend: f("salary"),
          fields: [
            { input: "salaryRange", className: "sm:col-span-2", hint: f("salaryRangeHint") },
            { input: "salaryMin", inputMode: "decimal" },
            { input: "salaryMax", inputMode: "decimal" },
            { input: "salaryCurrency", hint: f("salaryCurrencyHint"), maxLength: 3 },
            { select: "salaryPeriod", children: options.salaryPeriod },
          ],
        },
        { textarea: "requirements", hint: f("onePerLine"), rows: 4 },
        { textarea: "benefits", hint: f("onePerLine"), rows: 4 },
        {
          choices: "requiredDocuments",
          type: "checkbox",
          // Beyond the destination's checklist: the active types, and any retired one it names.
          options: documentTypes
            .filter((d) => d.active || row?.requiredDocuments.includes(d.key))
            .map((d) => [d.key, inLanguage(d.names, lang)] as const),
          tilesClassName: "grid gap-2 sm:grid-cols-2",
        },
        {
          input: "applicationDeadline",
          type: "date",
          className: "sm:max-w-xs",
          hint: f("applicationDeadlineHint"),
        },
        {
          group: "row",
          fields: [{ checkbox: "isActive" }, { checkbox: "isPublic" }],
        },
      ]}
    />
  );
}

/** The form's values: the job's own when editing, else a new job's. */
function defaultsFor(job: StaffJobRow | undefined) {
  if (!job) {
    return {
      sector: "technology",
      jobType: "entry_level",
      employmentType: "full_time",
      isActive: "on",
      isPublic: "on",
    };
  }
  return {
    title: job.title,
    description: job.description,
    sector: job.sector,
    jobType: job.jobType,
    employmentType: job.employmentType,
    countryId: job.countryId ? String(job.countryId) : "",
    salaryRange: job.salaryRange ?? "",
    salaryMin: job.salaryMin != null ? String(job.salaryMin) : "",
    salaryMax: job.salaryMax != null ? String(job.salaryMax) : "",
    salaryCurrency: job.salaryCurrency ?? "",
    salaryPeriod: job.salaryPeriod ?? "",
    requirements: job.requirements.join("\n"),
    benefits: job.benefits.join("\n"),
    requiredDocuments: job.requiredDocuments,
    applicationDeadline: job.applicationDeadline ?? "",
    employerId: job.employerId ?? "",
    employerShownAs: job.employerShownAs ?? "",
    isActive: job.isActive ? "on" : "",
    isPublic: job.isPublic ? "on" : "",
  };
}
