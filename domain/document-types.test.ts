import { describe, expect, it } from "vitest";
import { DOCUMENT_TYPES, documentTypesFor } from "./enums";

describe("the documents an applicant is asked for", () => {
  it("asks a job seeker for a CV and experience, a student for transcripts and letters", () => {
    expect(documentTypesFor("job_seeker", new Set()).asked).toEqual([
      "cv",
      "passport",
      "education",
      "experience",
      "english",
    ]);
    const student = documentTypesFor("student_applicant", new Set());
    expect(student.asked).toEqual([
      "passport",
      "transcript",
      "education",
      "english",
      "motivation_letter",
      "recommendation_letter",
    ]);
    expect(student.others).toEqual(["cv", "experience"]);
  });

  it("keeps a type already uploaded among the asked ones, and loses none", () => {
    const { asked, others } = documentTypesFor("job_seeker", new Set(["transcript"] as const));
    expect(asked).toContain("transcript");
    expect(others).not.toContain("transcript");
    expect([...asked, ...others].sort()).toEqual([...DOCUMENT_TYPES].sort());
  });
});
