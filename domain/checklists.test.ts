import { describe, expect, it } from "vitest";
import {
  addMonths,
  type ChecklistRule,
  ChecklistRuleFormSchema,
  checklistGaps,
  checklistLines,
  currentUploads,
  reminderDue,
  resolveChecklist,
  validUntil,
} from "./checklists";

const rule = (
  destination: string,
  kind: "job" | "program",
  path: string,
  documentType: string,
  mandatory = true,
): ChecklistRule => ({
  id: documentType + destination + path,
  destination,
  kind,
  path,
  documentType,
  mandatory,
});

const RULES = [
  rule("CA", "job", "", "police_clearance"),
  rule("CA", "job", "healthcare", "english"),
  rule("CA", "job", "healthcare", "experience", false),
  rule("GB", "job", "", "english"),
  rule("", "job", "domestic", "birth_certificate", false),
  rule("", "program", "", "transcript"),
];

describe("an application's checklist", () => {
  it("is every rule of its destination and path, plus the job's own, on top of passport and CV", () => {
    const items = resolveChecklist(RULES, {
      kind: "job",
      destination: "CA",
      path: "healthcare",
      additions: ["medical_report", "experience"],
    });
    expect(items).toEqual([
      { documentType: "passport", mandatory: true },
      { documentType: "cv", mandatory: true },
      { documentType: "police_clearance", mandatory: true },
      { documentType: "english", mandatory: true },
      // Optional by the destination's rule, required by the job itself.
      { documentType: "experience", mandatory: true },
      { documentType: "medical_report", mandatory: true },
    ]);
  });

  it("leaves out another destination's or another path's rules", () => {
    const keys = (destination: string, path: string) =>
      resolveChecklist(RULES, { kind: "job", destination, path, additions: [] }).map(
        (i) => i.documentType,
      );
    expect(keys("CA", "logistics")).toEqual(["passport", "cv", "police_clearance"]);
    expect(keys("GB", "healthcare")).toEqual(["passport", "cv", "english"]);
    expect(keys("ZA", "domestic")).toEqual(["passport", "cv", "birth_certificate"]);
    expect(
      resolveChecklist(RULES, {
        kind: "program",
        destination: "CA",
        path: "master",
        additions: ["passport"],
      }).map((i) => i.documentType),
    ).toEqual(["transcript", "passport"]);
  });

  it("follows the document types' order when given", () => {
    const items = resolveChecklist(
      RULES,
      { kind: "job", destination: "GB", path: "", additions: [] },
      [{ key: "english" }, { key: "cv" }, { key: "passport" }],
    );
    expect(items.map((i) => i.documentType)).toEqual(["english", "cv", "passport"]);
  });
});

describe("how long a document can be used", () => {
  it("is its issue date plus its type's validity, or its own expiry, whichever comes first", () => {
    const police = { validityMonths: 6 };
    expect(validUntil({ issuedOn: "2026-01-15", expiresOn: null }, police)).toBe("2026-07-15");
    expect(validUntil({ issuedOn: "2026-08-31", expiresOn: null }, police)).toBe("2027-02-28");
    expect(validUntil({ issuedOn: "2026-01-15", expiresOn: "2026-03-01" }, police)).toBe(
      "2026-03-01",
    );
    expect(validUntil({ issuedOn: null, expiresOn: "2030-05-01" }, { validityMonths: null })).toBe(
      "2030-05-01",
    );
    expect(validUntil({ issuedOn: "2026-01-15", expiresOn: null }, { validityMonths: null })).toBe(
      null,
    );
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
  });

  it("says needed, uploaded, verified, expiring and expired, and which mandatory items are not usable", () => {
    const types = [
      { key: "passport", validityMonths: null },
      { key: "police_clearance", validityMonths: 6 },
      { key: "english", validityMonths: 24 },
    ];
    const current = currentUploads(
      [
        { type: "passport", status: "pending", issuedOn: null, expiresOn: "2031-01-01" },
        { type: "passport", status: "verified", issuedOn: null, expiresOn: "2030-01-01" },
        { type: "police_clearance", status: "verified", issuedOn: "2025-01-01", expiresOn: null },
        { type: "english", status: "verified", issuedOn: "2024-07-15", expiresOn: null },
      ],
      types,
    );
    const lines = checklistLines(
      [
        { documentType: "passport", mandatory: true },
        { documentType: "police_clearance", mandatory: true },
        { documentType: "english", mandatory: true },
        { documentType: "cv", mandatory: true },
        { documentType: "experience", mandatory: false },
      ],
      current,
      "2026-06-01",
    );
    expect(lines.map((l) => [l.documentType, l.state])).toEqual([
      ["passport", "uploaded"],
      ["police_clearance", "expired"],
      ["english", "expiring"],
      ["cv", "needed"],
      ["experience", "needed"],
    ]);
    expect(checklistGaps(lines)).toEqual([
      { documentType: "passport", state: "uploaded" },
      { documentType: "police_clearance", state: "expired" },
      { documentType: "cv", state: "needed" },
    ]);
  });

  it("is reminded of at 60, 30 and 7 days before, the nearest reached", () => {
    expect([90, 61, 60, 45, 30, 8, 7, 0, -1].map(reminderDue)).toEqual([
      null,
      null,
      60,
      60,
      30,
      30,
      7,
      7,
      null,
    ]);
  });
});

describe("an admin's checklist rule", () => {
  it("names a path of its own kind", () => {
    const parse = (form: Record<string, string>) => ChecklistRuleFormSchema.safeParse(form);
    expect(
      parse({ destination: "ca", kind: "job", path: "healthcare", documentType: "english" }).data,
    ).toEqual({
      destination: "CA",
      kind: "job",
      path: "healthcare",
      documentType: "english",
      mandatory: false,
    });
    expect(parse({ kind: "program", path: "healthcare", documentType: "english" }).success).toBe(
      false,
    );
    expect(parse({ kind: "job", destination: "Canada", documentType: "english" }).success).toBe(
      false,
    );
  });
});
