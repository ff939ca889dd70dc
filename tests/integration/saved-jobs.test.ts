import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as savedAction, loader as savedLoader } from "~/app/routes/dashboard/saved-jobs";
import { loader as jobsLoader } from "~/app/routes/jobs/list";
import { loader as homeLoader } from "~/app/routes/public/home";
import { jobs } from "~/server/db/schema";
import { agencyToday } from "~/server/jobs/saved-jobs.server";
import { createTestUser, runAs, setupTestDatabase } from "./harness";

const ctx = setupTestDatabase();

type SavedList = { jobs: { id: string; title: string; state: string }[] };

const save = async (
  user: Awaited<ReturnType<typeof createTestUser>> | null,
  form: Record<string, string>,
) => runAs(user, savedAction, "/dashboard/saved-jobs", { form });
const savedList = async (user: Awaited<ReturnType<typeof createTestUser>>) =>
  (await runAs(user, savedLoader, "/dashboard/saved-jobs")).data as SavedList;

const inDays = (days: number) => {
  const d = new Date(`${agencyToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

describe("saved jobs", () => {
  it("are the applicant's own: another applicant neither sees nor removes them", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const job = await ctx.createTestJob({ title: "Saved welder" });

    const saved = await save(owner, { intent: "save", jobId: job.id, redirectTo: "/jobs?q=weld" });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/jobs?q=weld");
    expect((await savedList(owner)).jobs.map((j) => j.title)).toEqual(["Saved welder"]);
    expect((await savedList(other)).jobs).toEqual([]);

    // The other applicant "unsaving" it changes only their own (empty) list.
    await save(other, { intent: "unsave", jobId: job.id });
    expect((await savedList(owner)).jobs).toHaveLength(1);

    // The board marks it saved for its owner only.
    const board = async (user: typeof owner) =>
      (await runAs(user, jobsLoader, "/jobs?q=Saved%20welder")).data as {
        savedIds: string[] | null;
      };
    expect((await board(owner)).savedIds).toEqual([job.id]);
    expect((await board(other)).savedIds).toEqual([]);
    expect((await runAs(null, jobsLoader, "/jobs")).data).toMatchObject({
      savedIds: null,
    });

    // With JavaScript the answer stays on the page; the owner removes it.
    const removed = await save(owner, { intent: "unsave", jobId: job.id, stay: "1" });
    expect(removed.status).toBe(200);
    expect((await savedList(owner)).jobs).toEqual([]);
  });

  it("mark the home page's cards for their owner, and nothing for a visitor", async () => {
    const owner = await createTestUser();
    const job = await ctx.createTestJob({ title: "Saved on home" });
    await save(owner, { intent: "save", jobId: job.id });
    const home = async (user: typeof owner | null) =>
      ((await runAs(user, homeLoader, "/")).data as { savedIds: unknown }).savedIds;
    expect(await home(owner)).toContain(job.id);
    expect(await home(null)).toBeNull();
  });

  it("asks a visitor to sign in and sends staff to the back-office; a job off the board cannot be saved", async () => {
    const job = await ctx.createTestJob();
    const visitor = await save(null, { intent: "save", jobId: job.id });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/auth/);
    const staff = await createTestUser({ role: "admin" });
    expect((await save(staff, { intent: "save", jobId: job.id })).location).toBe("/admin");

    const applicant = await createTestUser();
    const archived = await ctx.createTestJob({ archivedAt: new Date() });
    expect((await save(applicant, { intent: "save", jobId: archived.id })).status).toBe(404);
    expect((await save(applicant, { intent: "save", jobId: "not-a-job" })).status).toBe(404);
    expect((await savedList(applicant)).jobs).toEqual([]);
  });

  it("say when a saved job has closed or closes within a week", async () => {
    const user = await createTestUser();
    const soon = await ctx.createTestJob({ title: "Soon", applicationDeadline: inDays(3) });
    const later = await ctx.createTestJob({ title: "Later", applicationDeadline: inDays(30) });
    const past = await ctx.createTestJob({ title: "Past", applicationDeadline: inDays(1) });
    const pulled = await ctx.createTestJob({ title: "Pulled" });
    for (const job of [soon, later, past, pulled]) {
      await save(user, { intent: "save", jobId: job.id });
    }
    await ctx.db
      .update(jobs)
      .set({ applicationDeadline: inDays(-1) })
      .where(eq(jobs.id, past.id));
    await ctx.db.update(jobs).set({ isActive: false }).where(eq(jobs.id, pulled.id));

    const states = Object.fromEntries((await savedList(user)).jobs.map((j) => [j.title, j.state]));
    expect(states).toEqual({
      Soon: "closingSoon",
      Later: "open",
      Past: "closed",
      Pulled: "closed",
    });
  });
});
