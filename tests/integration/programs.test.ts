import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listStudyPrograms } from "~/server/content/study-programs.server";
import { jobApplications, programs } from "~/server/db/schema";
import { seedDemoPrograms } from "~/server/db/seed.server";
import { createTestUser, setupTestDatabase } from "./harness";

const ctx = setupTestDatabase();

describe("study programs: the data", () => {
  it("seeds real programs once, with future intakes, and the home page lists them", async () => {
    await seedDemoPrograms();
    await seedDemoPrograms();
    const all = await ctx.db.select().from(programs);
    expect(all.length).toBeGreaterThanOrEqual(10);
    const today = new Date().toISOString().slice(0, 10);
    for (const p of all) {
      expect(p.intakes.length, p.title).toBeGreaterThan(0);
      expect(p.intakes.every((d) => d > today)).toBe(true);
    }
    const home = await listStudyPrograms({ limit: 6 }, ctx.db);
    expect(home).toHaveLength(6);
    expect(home[0]).toMatchObject({ title: "MSc Computer Science", countryName: "Canada" });
  });

  it("keeps a program application to its program and intake, and a job application to its job", async () => {
    const student = await createTestUser({ role: "student_applicant" });
    const [program] = await ctx.db.select().from(programs).limit(1);
    const job = await ctx.createTestJob();
    await expect(
      ctx.db.insert(jobApplications).values({
        userId: student.id,
        kind: "program",
        programId: program!.id,
      }),
    ).rejects.toThrow();
    await expect(
      ctx.db.insert(jobApplications).values({ userId: student.id, kind: "program", jobId: job.id }),
    ).rejects.toThrow();
    const [app] = await ctx.db
      .insert(jobApplications)
      .values({
        userId: student.id,
        kind: "program",
        programId: program!.id,
        intake: program!.intakes[0]!,
      })
      .returning();
    // A job application can be withdrawn (the status exists for both kinds).
    const [jobApp] = await ctx.db
      .insert(jobApplications)
      .values({ userId: student.id, jobId: job.id, status: "withdrawn" })
      .returning();
    expect(app!.kind).toBe("program");
    expect(jobApp!.kind).toBe("job");
    const [again] = await ctx.db
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.id, jobApp!.id));
    expect(again!.status).toBe("withdrawn");
  });
});
