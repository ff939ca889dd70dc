import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "~/app/routes/admin/programs";
import { listStudyPrograms } from "~/server/content/study-programs.server";
import { countries, jobApplications, programs } from "~/server/db/schema";
import { createTestUser, runAs, setupTestDatabase, type TestUser } from "./harness";

const ctx = setupTestDatabase();
let manager: TestUser;
let countryId: number;

beforeAll(async () => {
  manager = await createTestUser({ role: "manager" });
  const [ca] = await ctx.db.select().from(countries).where(eq(countries.code, "CA"));
  countryId = ca!.id;
});

const post = async (user: TestUser | null, form: Record<string, string | string[]>) =>
  runAs(user, action, "/admin/programs", { form });

const valid = (title: string) => ({
  intent: "create",
  title,
  university: "University of Regina",
  city: "Regina",
  countryId: String(countryId),
  level: "master",
  fieldOfStudy: "computing",
  durationMonths: "24",
  languageOfInstruction: "English",
  tuitionAmount: "19,500",
  tuitionCurrency: "cad",
  intakes: "2027-09-01\n\n2027-01-05\n2027-09-01",
  applicationDeadline: "2027-03-31",
  entryRequirements: "Bachelor's degree\n  \nIELTS 6.5",
  requiredDocuments: ["passport", "transcript", "english"],
  description: "A two-year master's.",
  scholarship: "on",
  rating: "4.3",
  isActive: "on",
});

async function programByTitle(title: string) {
  const [row] = await ctx.db.select().from(programs).where(eq(programs.title, title));
  return row;
}

async function auditActions(id: string) {
  const rows = await ctx.auditEntries(id);
  return rows.map((r) => r.action);
}

describe("admin programs", () => {
  it("is for managers and up: applicants and visitors can neither list nor create", async () => {
    const student = await createTestUser({ role: "student_applicant" });
    const agent = await createTestUser({ role: "agent" });
    for (const user of [null, student, agent]) {
      const list = await runAs(user, loader, "/admin/programs");
      expect(list.status, user?.role ?? "visitor").toBe(302);
      const created = await post(user, valid(`Sneaky ${user?.role ?? "visitor"}`));
      expect(created.status).toBe(302);
      expect(created.location).not.toContain("done=");
    }
    expect(await programByTitle("Sneaky student_applicant")).toBeUndefined();
    expect(await programByTitle("Sneaky visitor")).toBeUndefined();
  });

  it("creates a program from the form, typed and tidied, audited, and on the site at once", async () => {
    await listStudyPrograms({ limit: 50 }); // kept until public content changes
    const outcome = await post(manager, valid("MSc Software Systems"));
    expect(outcome.location).toBe("/admin/programs?done=programCreated");
    const program = await programByTitle("MSc Software Systems");
    expect(program).toMatchObject({
      tuitionAmount: 19500,
      tuitionCurrency: "CAD",
      intakes: ["2027-01-05", "2027-09-01"],
      entryRequirements: ["Bachelor's degree", "IELTS 6.5"],
      requiredDocuments: ["passport", "transcript", "english"],
      scholarship: true,
      rating: 4.3,
      isActive: true,
    });
    expect(await auditActions(program!.id)).toEqual(["program.create"]);
    const listed = await listStudyPrograms({ limit: 50 });
    expect(listed.map((p) => p.title)).toContain("MSc Software Systems");
  });

  it("refuses a program without intakes or with a wrong date, saying which field", async () => {
    const outcome = await post(manager, {
      ...valid("Broken Program"),
      intakes: "September",
      university: "",
    });
    expect(outcome.status).toBe(400);
    const text = JSON.stringify(outcome.data);
    expect(text).toContain("errors.intakesInvalid");
    expect(text).toContain("errors.universityRequired");
    expect(await programByTitle("Broken Program")).toBeUndefined();
  });

  it("edits, deactivates and activates, each audited; off the site while inactive", async () => {
    const program = await programByTitle("MSc Software Systems");
    const edited = await post(manager, {
      ...valid("MSc Software Systems (Co-op)"),
      intent: "update",
      programId: program!.id,
    });
    expect(edited.location).toContain("done=programUpdated");
    await post(manager, { intent: "deactivate", programId: program!.id });
    expect((await listStudyPrograms({ limit: 50 })).map((p) => p.id)).not.toContain(program!.id);
    await post(manager, { intent: "activate", programId: program!.id });
    expect((await listStudyPrograms({ limit: 50 })).map((p) => p.id)).toContain(program!.id);
    expect(await auditActions(program!.id)).toEqual(
      expect.arrayContaining(["program.update", "program.deactivate", "program.activate"]),
    );
  });

  it("never deletes a program with applications: it is archived, and can be restored", async () => {
    const program = await programByTitle("MSc Software Systems (Co-op)");
    const student = await createTestUser({ role: "student_applicant" });
    await ctx.db.insert(jobApplications).values({
      userId: student.id,
      kind: "program",
      programId: program!.id,
      intake: "2027-09-01",
    });
    const removed = await post(manager, { intent: "remove", programId: program!.id });
    expect(removed.location).toContain("done=programArchived");
    const after = await programByTitle("MSc Software Systems (Co-op)");
    expect(after!.archivedAt).not.toBeNull();
    expect(after!.isActive).toBe(false);
    // Archived programs cannot be edited until restored.
    const edit = await post(manager, {
      ...valid("Renamed while archived"),
      intent: "update",
      programId: program!.id,
    });
    expect(edit.status).toBe(404);
    const restored = await post(manager, { intent: "restore", programId: program!.id });
    expect(restored.location).toContain("done=programRestored");
    expect((await programByTitle("MSc Software Systems (Co-op)"))!.archivedAt).toBeNull();

    await post(manager, valid("Short Course Nobody Took"));
    const lonely = await programByTitle("Short Course Nobody Took");
    const deleted = await post(manager, { intent: "remove", programId: lonely!.id });
    expect(deleted.location).toContain("done=programDeleted");
    expect(await programByTitle("Short Course Nobody Took")).toBeUndefined();
    const audits = await ctx.auditEntries(lonely!.id, "program.delete");
    expect(audits).toHaveLength(1);
  });

  it("lists programs paged and searchable, with counts and each one's applications", async () => {
    for (let i = 0; i < 27; i++) {
      await ctx.db.insert(programs).values({
        title: `Bulk Diploma ${i}`,
        university: "Bulk College",
        city: "Toronto",
        countryId,
        level: "diploma",
        fieldOfStudy: "business",
        durationMonths: 12,
        languageOfInstruction: "English",
        tuitionAmount: 15000,
        tuitionCurrency: "CAD",
        intakes: ["2027-09-01"],
        description: "Bulk.",
      });
    }
    const first = await runAs(manager, loader, "/admin/programs?q=bulk");
    const data = first.data as Awaited<ReturnType<typeof loader>>;
    expect(data.programs.total).toBe(27);
    expect(data.programs.items).toHaveLength(25);
    const second = await runAs(manager, loader, "/admin/programs?q=bulk&page=2");
    expect((second.data as typeof data).programs.items).toHaveLength(2);
    const byUni = await runAs(manager, loader, "/admin/programs?q=software systems");
    const row = (byUni.data as typeof data).programs.items[0]!;
    expect(row.applicationCount).toBe(1);
    expect(data.stats.total).toBeGreaterThanOrEqual(28);
  });
});
