import { describe, expect, it } from "vitest";
import { DocumentTypeFormSchema, documentTypeName, formatAllowed } from "./document-types";
import { documentTypesFor } from "./enums";

const ALL = [
  "passport",
  "cv",
  "education",
  "experience",
  "english",
  "transcript",
  "motivation_letter",
  "recommendation_letter",
  "police_clearance",
];

describe("the documents an applicant is asked for", () => {
  it("asks a job seeker for a CV and experience, a student for transcripts and letters", () => {
    expect(documentTypesFor("job_seeker", new Set(), ALL).asked).toEqual([
      "cv",
      "passport",
      "education",
      "experience",
      "english",
    ]);
    const student = documentTypesFor("student_applicant", new Set(), ALL);
    expect(student.asked).toEqual([
      "passport",
      "transcript",
      "education",
      "english",
      "motivation_letter",
      "recommendation_letter",
    ]);
    expect(student.others).toEqual(["cv", "experience", "police_clearance"]);
  });

  it("keeps a type already uploaded among the asked ones, and loses none", () => {
    const { asked, others } = documentTypesFor("job_seeker", new Set(["transcript"]), ALL);
    expect(asked).toContain("transcript");
    expect(others).not.toContain("transcript");
    expect([...asked, ...others].sort()).toEqual([...ALL].sort());
  });

  it("shows a retired type the applicant uploaded, and offers none they did not", () => {
    const active = ALL.filter((t) => t !== "english");
    expect(documentTypesFor("job_seeker", new Set(), active).asked).not.toContain("english");
    const { asked, others } = documentTypesFor("job_seeker", new Set(["english"]), active);
    expect(asked).toContain("english");
    expect(others).not.toContain("english");
  });
});

describe("a document type's name and formats", () => {
  const types = [
    {
      key: "police_clearance",
      names: { en: "Police Clearance", fr: "Extrait de casier judiciaire", pt: "" },
      formats: ["pdf", "png"] as ("pdf" | "png")[],
    },
  ];

  it("names a type in the reader's language, else in English, else by its key", () => {
    expect(documentTypeName(types, "police_clearance", "fr")).toBe("Extrait de casier judiciaire");
    expect(documentTypeName(types, "police_clearance", "pt")).toBe("Police Clearance");
    expect(documentTypeName(types, "unknown_type", "fr")).toBe("unknown_type");
  });

  it("allows only the formats the type lists, judged by the detected content type", () => {
    expect(formatAllowed(types[0]!, "application/pdf")).toBe(true);
    expect(formatAllowed(types[0]!, "image/jpeg")).toBe(false);
  });
});

describe("the admin's document type form", () => {
  const form = {
    key: "Police_Clearance",
    name_en: "Police Clearance",
    name_fr: "Casier judiciaire",
    name_pt: "Registo Criminal",
    formats: ["pdf", "jpeg"],
    validityMonths: "6",
    sensitive: "on",
  };

  it("reads a complete form", () => {
    const parsed = DocumentTypeFormSchema.parse(form);
    expect(parsed).toMatchObject({
      key: "police_clearance",
      names: { en: "Police Clearance", fr: "Casier judiciaire", pt: "Registo Criminal" },
      formats: ["pdf", "jpeg"],
      validityMonths: 6,
      sensitive: true,
      expires: false,
      certifiedCopy: false,
    });
  });

  it("asks for a name in every language, one format at least and a sensible validity", () => {
    const result = DocumentTypeFormSchema.safeParse({
      ...form,
      name_pt: " ",
      formats: undefined,
      validityMonths: "0",
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => `${i.path.join(".")}:${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        "name_pt:documentTypes.errors.nameRequired",
        "formats:documentTypes.errors.formats",
        "validityMonths:documentTypes.errors.validityMonths",
      ]),
    );
  });

  it("refuses a key that is not lower-case words", () => {
    expect(DocumentTypeFormSchema.safeParse({ ...form, key: "police clearance!" }).success).toBe(
      false,
    );
  });
});
