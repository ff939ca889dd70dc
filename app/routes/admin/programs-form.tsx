import {
  CatalogueForm,
  type CatalogueFormProps,
  CountryOptions,
  LabelledOptions,
} from "~/app/components/admin/catalogue";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { useLoaderData } from "react-router";
import { inLanguage } from "~/domain/document-types";
import { FIELDS_OF_STUDY, PROGRAM_LEVELS } from "~/domain/enums";
import { ProgramFormSchema } from "~/domain/programs";
import type { StaffProgramRow } from "~/server/programs/admin.server";
import type { loader } from "./programs";

/** Add or edit a program (intent "create" / "update"), in the ?new=1 / ?edit=<id> dialog. */
export function ProgramForm({ row, countries }: CatalogueFormProps<StaffProgramRow>) {
  const { t, lang } = useAdminT();
  const { documentTypes } = useLoaderData<typeof loader>();
  const f = (key: string) => t(`programs.form.${key}`);
  const choose = f("choose");
  const options = {
    country: <CountryOptions countries={countries} empty={choose} />,
    level: <LabelledOptions values={PROGRAM_LEVELS} group="programLevel" empty={choose} />,
    fieldOfStudy: <LabelledOptions values={FIELDS_OF_STUDY} group="fieldOfStudy" empty={choose} />,
  };
  return (
    <CatalogueForm
      name="program"
      keys="programs"
      row={row}
      schema={ProgramFormSchema}
      defaultValue={defaultsFor(row)}
      fields={[
        { input: "title", required: true },
        {
          group: "grid",
          fields: [
            { input: "university", required: true },
            { input: "city", required: true },
            {
              select: "countryId",
              label: f("country"),
              required: true,
              children: options.country,
            },
            { select: "level", required: true, children: options.level },
            { select: "fieldOfStudy", required: true, children: options.fieldOfStudy },
            { input: "durationMonths", type: "number", min: 1, max: 120, required: true },
            { input: "languageOfInstruction", required: true },
            { input: "rating", inputMode: "decimal", hint: f("ratingHint") },
          ],
        },
        {
          group: "fieldset",
          legend: f("tuition"),
          fields: [
            { input: "tuitionAmount", inputMode: "decimal", required: true },
            { input: "tuitionCurrency", hint: f("currencyHint"), maxLength: 3, required: true },
          ],
        },
        {
          group: "grid",
          fields: [
            { textarea: "intakes", hint: f("intakesHint"), rows: 3, required: true },
            { input: "applicationDeadline", type: "date" },
          ],
        },
        { textarea: "description", rows: 4, required: true },
        { textarea: "entryRequirements", hint: t("jobs.form.onePerLine"), rows: 3 },
        {
          choices: "requiredDocuments",
          type: "checkbox",
          // The active types, and any retired one the program still asks for.
          options: documentTypes
            .filter((d) => d.active || row?.requiredDocuments.includes(d.key))
            .map((d) => [d.key, inLanguage(d.names, lang)] as const),
          tilesClassName: "grid gap-2 sm:grid-cols-2",
        },
        { checkbox: "scholarship" },
        { textarea: "scholarshipDetails", rows: 2 },
        { checkbox: "isActive" },
      ]}
    />
  );
}

/** The form's values: the program's own when editing, else a new program's. */
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
