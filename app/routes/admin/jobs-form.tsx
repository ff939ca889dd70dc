import type { SubmissionResult } from "@conform-to/react";
import { CatalogueForm, CountryOptions, LabelledOptions } from "~/app/components/admin/catalogue";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { SelectOptions } from "~/app/components/select-options";
import { FormCheckbox, FormInput, FormSelect, FormTextarea } from "~/app/components/ui/field";
import { JobFormSchema } from "~/domain/jobs";
import { EMPLOYMENT_TYPES, JOB_TYPES, SALARY_PERIODS, SECTORS } from "~/domain/enums";
import type { StaffJobRow } from "~/server/jobs/admin.server";

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
    applicationDeadline: job.applicationDeadline ?? "",
    isActive: job.isActive ? "on" : "",
    isPublic: job.isPublic ? "on" : "",
  };
}

/** Add or edit a job (intent "create" / "update"), in the ?new=1 / ?edit=<id> dialog. */
export function JobForm({
  job,
  countries,
  lastResult,
}: {
  job?: StaffJobRow;
  countries: { id: number; name: string }[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t, tc } = useAdminT();
  return (
    <CatalogueForm
      name="job"
      keys="jobs"
      row={job}
      schema={JobFormSchema}
      defaultValue={defaultsFor(job)}
      lastResult={lastResult}
    >
      {(fields) => (
        <>
          <FormInput field={fields.title} ns="admin" label={t("jobs.form.title")} required />
          <FormTextarea
            field={fields.description}
            ns="admin"
            label={t("jobs.form.description")}
            required
            rows={4}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormSelect field={fields.sector} ns="admin" label={t("jobs.form.sector")}>
              <LabelledOptions values={SECTORS} group="sector" />
            </FormSelect>
            <FormSelect field={fields.jobType} ns="admin" label={t("jobs.form.jobType")}>
              <LabelledOptions values={JOB_TYPES} group="jobType" />
            </FormSelect>
            <FormSelect
              field={fields.employmentType}
              ns="admin"
              label={t("jobs.form.employmentType")}
            >
              <LabelledOptions values={EMPLOYMENT_TYPES} group="employmentType" />
            </FormSelect>
            <FormSelect field={fields.countryId} ns="admin" label={t("jobs.form.country")}>
              <option value="">{tc("labels.notSet")}</option>
              <CountryOptions countries={countries} />
            </FormSelect>
          </div>
          <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-3 sm:grid-cols-2">
            <legend className="px-1 text-sm font-medium">{t("jobs.form.salary")}</legend>
            <FormInput
              field={fields.salaryRange}
              ns="admin"
              className="sm:col-span-2"
              label={t("jobs.form.salaryRange")}
              hint={t("jobs.form.salaryRangeHint")}
            />
            <FormInput
              field={fields.salaryMin}
              ns="admin"
              label={t("jobs.form.salaryMin")}
              inputMode="decimal"
            />
            <FormInput
              field={fields.salaryMax}
              ns="admin"
              label={t("jobs.form.salaryMax")}
              inputMode="decimal"
            />
            <FormInput
              field={fields.salaryCurrency}
              ns="admin"
              label={t("jobs.form.salaryCurrency")}
              hint={t("jobs.form.salaryCurrencyHint")}
              maxLength={3}
            />
            <FormSelect field={fields.salaryPeriod} ns="admin" label={t("jobs.form.salaryPeriod")}>
              <option value="">{tc("labels.notSet")}</option>
              <SelectOptions
                options={SALARY_PERIODS.map((p) => ({
                  value: p,
                  label: t(`jobs.form.period.${p}`),
                }))}
              />
            </FormSelect>
          </fieldset>
          <FormTextarea
            field={fields.requirements}
            ns="admin"
            label={t("jobs.form.requirements")}
            hint={t("jobs.form.onePerLine")}
            rows={4}
          />
          <FormTextarea
            field={fields.benefits}
            ns="admin"
            label={t("jobs.form.benefits")}
            hint={t("jobs.form.onePerLine")}
            rows={4}
          />
          <FormInput
            field={fields.applicationDeadline}
            ns="admin"
            type="date"
            className="sm:max-w-xs"
            label={t("jobs.form.applicationDeadline")}
            hint={t("jobs.form.applicationDeadlineHint")}
          />
          <div className="flex flex-wrap gap-6">
            <FormCheckbox field={fields.isActive} ns="admin" label={t("jobs.form.isActive")} />
            <FormCheckbox field={fields.isPublic} ns="admin" label={t("jobs.form.isPublic")} />
          </div>
        </>
      )}
    </CatalogueForm>
  );
}
