import { and, count, eq, inArray, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as dashboardLoader } from "~/app/routes/admin/dashboard";
import { countSignUpsPerWeek } from "~/server/admin/dashboard.server";
import { contactInquiries, jobApplications, jobs, profiles } from "~/server/db/schema";
import { EVERY_OFFICE, createTestUser, runAs, setupTestDatabase, type TestUser } from "./harness";

const ctx = setupTestDatabase();
let admin: TestUser;

beforeAll(async () => {
  admin = await createTestUser({ role: "admin" });
  const people = await Promise.all([createTestUser(), createTestUser({ paid: true })]);
  for (const person of people) await ctx.createTestApplication(person);
  const archived = await ctx.createTestJob({ title: "Archived Dashboard Job" });
  await ctx.db.update(jobs).set({ archivedAt: new Date() }).where(eq(jobs.id, archived.id));
  await ctx.createTestJob({ title: "Inactive Dashboard Job", isActive: false });
});

describe("the admin dashboard", () => {
  it("shows the figures as they are counted now", async () => {
    const outcome = await runAs(admin, dashboardLoader, "/admin");
    const { stats } = outcome.data as { stats: Record<string, number> };
    const open = await ctx.db.select().from(jobs).where(isNull(jobs.archivedAt));
    const [people] = await ctx.db
      .select({ n: count() })
      .from(profiles)
      .where(isNull(profiles.erasedAt));
    const [apps] = await ctx.db.select({ n: count() }).from(jobApplications);
    const [inquiries] = await ctx.db
      .select({ n: count() })
      .from(contactInquiries)
      .where(inArray(contactInquiries.status, ["pending", "in_progress"]));
    const [paid] = await ctx.db
      .select({ n: count() })
      .from(profiles)
      .where(and(isNull(profiles.erasedAt), eq(profiles.registrationFeePaid, true)));
    expect(stats).toEqual({
      profiles: people!.n,
      paidProfiles: paid!.n,
      jobs: open.length,
      activeJobs: open.filter((j) => j.isActive).length,
      applications: apps!.n,
      studyApplications: 0,
      openInquiries: inquiries!.n,
    });
    expect(stats.jobs).toBeGreaterThan(stats.activeJobs!);
  });

  it("counts sign-ups per week, Monday to Sunday, oldest week first", async () => {
    const now = new Date("2031-05-14T12:00:00Z"); // a Wednesday
    const at = async (iso: string) => {
      const person = await createTestUser();
      await ctx.db
        .update(profiles)
        .set({ createdAt: new Date(iso) })
        .where(eq(profiles.id, person.id));
    };
    await at("2031-05-12T00:00:00Z"); // this week's Monday
    await at("2031-05-14T11:00:00Z");
    await at("2031-05-11T23:59:59Z"); // last week's Sunday
    await at("2031-02-24T08:00:00Z"); // the first of the 12 weeks
    await at("2031-02-23T08:00:00Z"); // before them
    const weeks = await countSignUpsPerWeek(EVERY_OFFICE, 12, now);
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toEqual({ weekStart: "2031-02-24", count: 1 });
    expect(weeks[10]).toEqual({ weekStart: "2031-05-05", count: 1 });
    expect(weeks[11]).toEqual({ weekStart: "2031-05-12", count: 2 });
    expect(weeks.reduce((sum, w) => sum + w.count, 0)).toBe(4);
  });
});
