import { desc, eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as activityLoader } from "~/app/routes/admin/activity";
import { action as jobsAction } from "~/app/routes/admin/jobs";
import { getJobStatsForStaff, listAllJobsForStaff } from "~/server/jobs/admin.server";
import { jobApplications, jobs } from "~/server/db/schema";
import { createTestUser, runAs, setupTestDatabase, type TestUser } from "./harness";

const ctx = setupTestDatabase();
let staff: TestUser;

beforeAll(async () => {
  staff = await createTestUser({ role: "manager" });
});

const post = async (form: Record<string, string | string[]>) =>
  runAs(staff, jobsAction, "/admin/jobs?new=1", { form });

async function jobByTitle(title: string) {
  const [row] = await ctx.db.select().from(jobs).where(eq(jobs.title, title));
  return row;
}

describe("admin jobs", () => {
  it("creates a job with the spec defaults and drops blank requirement lines", async () => {
    const outcome = await post({
      intent: "create",
      title: "Dairy Farm Hand",
      description: "Milking and feeding.",
      requirements: "Early riser\n\n   \nDriving licence\r\n",
      benefits: "",
      isActive: "on",
      isPublic: "on",
    });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/admin/jobs?done=jobCreated");
    const job = await jobByTitle("Dairy Farm Hand");
    expect(job).toMatchObject({
      sector: "technology",
      jobType: "entry_level",
      employmentType: "full_time",
      isActive: true,
      isPublic: true,
      requirements: ["Early riser", "Driving licence"],
      benefits: [],
    });
    const audit = await ctx.auditEntries(job!.id, "job.create");
    expect(audit).toHaveLength(1);
  });

  it("keeps the documents a job asks for beyond its destination's checklist, known types only", async () => {
    const form = { intent: "create", description: "Driving.", isActive: "on", isPublic: "on" };
    await post({
      ...form,
      title: "Tanker Driver",
      requiredDocuments: ["driving_licence", "medical_report", "no_such_type"],
    });
    expect(await jobByTitle("Tanker Driver")).toMatchObject({
      requiredDocuments: ["driving_licence", "medical_report"],
    });
  });

  it("refuses a job without a title and keeps nothing", async () => {
    const outcome = await post({ intent: "create", title: " ", description: "x" });
    expect(outcome.status).toBe(400);
    expect(JSON.stringify(outcome.data)).toContain("errors.titleRequired");
    expect(await jobByTitle(" ")).toBeUndefined();
  });

  it("keeps an optional application deadline, and refuses a day that does not exist", async () => {
    const form = { intent: "create", description: "Picking.", isActive: "on", isPublic: "on" };
    await post({ ...form, title: "Fruit Picker", applicationDeadline: "2030-03-31" });
    expect(await jobByTitle("Fruit Picker")).toMatchObject({ applicationDeadline: "2030-03-31" });
    await post({ ...form, title: "Berry Picker" });
    expect(await jobByTitle("Berry Picker")).toMatchObject({ applicationDeadline: null });
    const refused = await post({
      ...form,
      title: "Grape Picker",
      applicationDeadline: "2030-02-30",
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("errors.dateInvalid");
    expect(await jobByTitle("Grape Picker")).toBeUndefined();
  });

  it("toggles the flags and records each toggle", async () => {
    const job = await jobByTitle("Dairy Farm Hand");
    const outcome = await post({ intent: "toggle-public", jobId: job!.id });
    expect(outcome.location).toContain("done=jobPublicUpdated");
    expect((await jobByTitle("Dairy Farm Hand"))!.isPublic).toBe(false);
    await post({ intent: "toggle-active", jobId: job!.id });
    expect((await jobByTitle("Dairy Farm Hand"))!.isActive).toBe(false);
    const audit = await ctx.auditEntries(job!.id);
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["job.toggle_public", "job.toggle_active"]),
    );
  });

  it("archives a job with applications instead of deleting it", async () => {
    await post({ intent: "create", title: "Hotel Porter", description: "Bags.", isActive: "on" });
    const job = await jobByTitle("Hotel Porter");
    const applicant = await createTestUser();
    await ctx.db.insert(jobApplications).values({ userId: applicant.id, jobId: job!.id });
    const outcome = await post({ intent: "delete", jobId: job!.id });
    expect(outcome.location).toContain("done=jobArchived");
    const after = await jobByTitle("Hotel Porter");
    expect(after!.archivedAt).toBeInstanceOf(Date);
    expect(after!.isActive).toBe(false);

    await post({ intent: "create", title: "Night Guard", description: "Watch." });
    const lonely = await jobByTitle("Night Guard");
    const deleted = await post({ intent: "delete", jobId: lonely!.id });
    expect(deleted.location).toContain("done=jobDeleted");
    expect(await jobByTitle("Night Guard")).toBeUndefined();
  });

  it("lists the audit trail with filters on the activity page", async () => {
    const run = async (qs: string) =>
      (await runAs(staff, activityLoader, `/admin/activity?${qs}`)).data as {
        items: { action: string; actorId: string | null }[];
        total: number;
      };
    const all = await run("");
    expect(all.total).toBeGreaterThanOrEqual(6);
    const deletes = await run("action=job.delete");
    expect(deletes.items.map((r) => r.action)).toEqual(["job.delete"]);
    const mine = await run(`actor=${staff.id}&target=job`);
    expect(mine.total).toBe(all.total);
    const future = await run("from=2999-01-01");
    expect(future.total).toBe(0);
  });
});

describe("the staff job cards and list total", () => {
  // What the cards would say if every job were counted now.
  async function countedNow() {
    const open = (await ctx.db.select().from(jobs)).filter((j) => j.archivedAt === null);
    return {
      total: open.length,
      active: open.filter((j) => j.isActive).length,
      public: open.filter((j) => j.isPublic).length,
      paidOnly: open.filter((j) => !j.isPublic).length,
    };
  }
  const exact = async () => {
    const now = await countedNow();
    expect(await getJobStatsForStaff()).toEqual(now);
    const list = await listAllJobsForStaff({ page: 1, pageSize: 5 });
    expect(list.total).toBe(now.total);
    // Newest first, archived jobs left out.
    const newest = await ctx.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(isNull(jobs.archivedAt))
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(5);
    expect(list.items.map((j) => j.id)).toEqual(newest.map((j) => j.id));
  };

  it("stay exact through new jobs, toggles, archiving and deletes", async () => {
    await exact();
    const shown = await ctx.createTestJob({ title: "Counted Welder" });
    const hidden = await ctx.createTestJob({ title: "Counted Nurse", isPublic: false });
    await ctx.db.execute(sql`
      insert into jobs (title, description, is_active, is_public)
      select 'Counted Bulk ' || g, 'x', g % 2 = 0, g % 3 = 0 from generate_series(1, 30) g`);
    await exact();
    expect((await getJobStatsForStaff()).paidOnly).toBeGreaterThanOrEqual(21);

    await post({ intent: "toggle-active", jobId: shown.id });
    await post({ intent: "toggle-public", jobId: hidden.id });
    expect(await jobByTitle("Counted Welder")).toMatchObject({ isActive: false });
    expect(await jobByTitle("Counted Nurse")).toMatchObject({ isPublic: true });
    await exact();

    await ctx.db.update(jobs).set({ archivedAt: new Date() }).where(eq(jobs.id, hidden.id));
    await exact();
    await ctx.db.update(jobs).set({ archivedAt: null }).where(eq(jobs.id, hidden.id));
    await ctx.db.delete(jobs).where(eq(jobs.id, shown.id));
    await exact();
  });
});
