import type { SubmissionResult } from "@conform-to/react";
import { CatalogueForm, CountryOptions, LabelledOptions } from "~/app/components/admin/catalogue";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import {
  FormCheckbox,
  FormChoices,
  FormInput,
  FormSelect,
  FormTextarea,
} from "~/app/components/ui/field";
import { DOCUMENT_TYPES, FIELDS_OF_STUDY, PROGRAM_LEVELS } from "~/domain/enums";
import { ProgramFormSchema } from "~/domain/programs";
import type { StaffProgramRow } from "~/server/programs/admin.server";

function defaultsFor(program: StaffProgramRow | undefined) {
  if (!program) {
    return {
      languageOfInstruction: "English",
      requiredDocuments: ["passport", "transcript", "education", "english"],
      isActive: "on",
    };
  }
  return {
    title: program.title,
    university: program.university,
    city: program.city,
    countryId: String(program.countryId),
    level: program.level,
    fieldOfStudy: program.fieldOfStudy,
    durationMonths: String(program.durationMonths),
    languageOfInstruction: program.languageOfInstruction,
    tuitionAmount: String(program.tuitionAmount),
    tuitionCurrency: program.tuitionCurrency,
    intakes: program.intakes.join("\n"),
    applicationDeadline: program.applicationDeadline ?? "",
    entryRequirements: program.entryRequirements.join("\n"),
    requiredDocuments: program.requiredDocuments,
    scholarship: program.scholarship ? "on" : "",
    scholarshipDetails: program.scholarshipDetails ?? "",
    description: program.description,
    rating: program.rating != null ? String(program.rating) : "",
    isActive: program.isActive ? "on" : "",
  };
}

/** Add or edit a program (intent "create" / "update"), in the ?new=1 / ?edit=<id> dialog. */
export function ProgramForm({
  program,
  countries,
  lastResult,
}: {
  program?: StaffProgramRow;
  countries: { id: number; name: string }[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t, tc } = useAdminT();
  const f = (key: string) => t(`programs.form.${key}`);
  return (
    <CatalogueForm
      name="program"
      keys="programs"
      row={program}
      schema={ProgramFormSchema}
      defaultValue={defaultsFor(program)}
      lastResult={lastResult}
    >
      {(fields) => (
        <>
          <FormInput field={fields.title} ns="admin" label={f("title")} required />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormInput field={fields.university} ns="admin" label={f("university")} required />
            <FormInput field={fields.city} ns="admin" label={f("city")} required />
            <FormSelect field={fields.countryId} ns="admin" label={f("country")} required>
              <option value="">{f("choose")}</option>
              <CountryOptions countries={countries} />
            </FormSelect>
            <FormSelect field={fields.level} ns="admin" label={f("level")} required>
              <option value="">{f("choose")}</option>
              <LabelledOptions values={PROGRAM_LEVELS} group="programLevel" />
            </FormSelect>
            <FormSelect field={fields.fieldOfStudy} ns="admin" label={f("fieldOfStudy")} required>
              <option value="">{f("choose")}</option>
              <LabelledOptions values={FIELDS_OF_STUDY} group="fieldOfStudy" />
            </FormSelect>
            <FormInput
              field={fields.durationMonths}
              ns="admin"
              type="number"
              min={1}
              max={120}
              label={f("durationMonths")}
              required
            />
            <FormInput
              field={fields.languageOfInstruction}
              ns="admin"
              label={f("languageOfInstruction")}
              required
            />
            <FormInput
              field={fields.rating}
              ns="admin"
              inputMode="decimal"
              label={f("rating")}
              hint={f("ratingHint")}
            />
          </div>
          <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-3 sm:grid-cols-2">
            <legend className="px-1 text-sm font-medium">{f("tuition")}</legend>
            <FormInput
              field={fields.tuitionAmount}
              ns="admin"
              inputMode="decimal"
              label={f("tuitionAmount")}
              required
            />
            <FormInput
              field={fields.tuitionCurrency}
              ns="admin"
              label={f("tuitionCurrency")}
              hint={f("currencyHint")}
              maxLength={3}
              required
            />
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormTextarea
              field={fields.intakes}
              ns="admin"
              label={f("intakes")}
              hint={f("intakesHint")}
              rows={3}
              required
            />
            <FormInput
              field={fields.applicationDeadline}
              ns="admin"
              type="date"
              label={f("applicationDeadline")}
            />
          </div>
          <FormTextarea
            field={fields.description}
            ns="admin"
            label={f("description")}
            rows={4}
            required
          />
          <FormTextarea
            field={fields.entryRequirements}
            ns="admin"
            label={f("entryRequirements")}
            hint={t("jobs.form.onePerLine")}
            rows={3}
          />
          <FormChoices
            field={fields.requiredDocuments}
            ns="admin"
            type="checkbox"
            legend={f("requiredDocuments")}
            options={DOCUMENT_TYPES.map((d) => [d, tc(`labels.documentType.${d}`)] as const)}
            tilesClassName="grid gap-2 sm:grid-cols-2"
          />
          <FormCheckbox field={fields.scholarship} ns="admin" label={f("scholarship")} />
          <FormTextarea
            field={fields.scholarshipDetails}
            ns="admin"
            label={f("scholarshipDetails")}
            rows={2}
          />
          <FormCheckbox field={fields.isActive} ns="admin" label={f("isActive")} />
        </>
      )}
    </CatalogueForm>
  );
}
