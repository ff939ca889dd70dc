import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as applicationsAction } from "~/app/routes/admin/applications";
import { listApplicationsForApplicant } from "~/server/applications/apply.server";
import { jobApplications, notifications } from "~/server/db/schema";
import { createTestUser, runAs, setupTestDatabase, type TestUser } from "./harness";

const ctx = setupTestDatabase();

let manager: TestUser;
let midrandOnly: TestUser;
let applicant: TestUser;
let applicationId: string;

beforeAll(async () => {
  manager = await createTestUser({ role: "manager", fullName: "Maria Manager" });
  midrandOnly = await createTestUser({ role: "manager", office: "Midrand" });
  applicant = await createTestUser({ fullName: "Tendai Moyo", country: "ZW", office: "Harare" });
  applicationId = await ctx.createTestApplication(applicant, {
    status: "visa_approved",
    job: { title: "Care Assistant", description: "Care work" },
  });
});

const post = (who: TestUser, form: Record<string, string>) =>
  runAs(who, applicationsAction, "/admin/applications", {
    form: { intent: "departure", applicationId, ...form },
  });

const row = async () =>
  (await ctx.db.select().from(jobApplications).where(eq(jobApplications.id, applicationId)))[0]!;

describe("a departure date", () => {
  it("is set by staff, audited, and reaches the applicant's page, notifications and inbox", async () => {
    const outcome = await post(manager, {
      departureDate: "2031-02-14",
      departureDetails: "Flight EK 714, 09:40",
    });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toContain("done=departureSaved");
    expect(await row()).toMatchObject({
      departureDate: "2031-02-14",
      departureDetails: "Flight EK 714, 09:40",
    });

    const {
      items: [mine],
    } = await listApplicationsForApplicant({ viewer: applicant });
    expect(mine).toMatchObject({ departureDate: "2031-02-14" });

    const audit = await ctx.auditEntries(applicationId, "application.set_departure");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: manager.id });

    const notes = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, applicant.id), eq(notifications.kind, "departure")));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.body).toContain("14");
    const mails = await ctx.mailsTo(applicant.email);
    const mail = mails.find((m) => m.subject.includes("departure"));
    expect(mail?.text).toContain("Flight EK 714");
  });

  it("saving the same day again tells nobody twice", async () => {
    await post(manager, {
      departureDate: "2031-02-14",
      departureDetails: "Flight EK 714, 09:40",
    });
    const notes = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, applicant.id), eq(notifications.kind, "departure")));
    expect(notes).toHaveLength(1);
  });

  it("refuses a day in the past or not a date, and changes nothing", async () => {
    for (const departureDate of ["2020-01-01", "14/02/2031"]) {
      const outcome = await post(manager, { departureDate });
      expect(outcome.status).toBe(400);
    }
    expect((await row()).departureDate).toBe("2031-02-14");
  });

  it("is not found by staff of another office", async () => {
    const outcome = await post(midrandOnly, { departureDate: "2031-03-01" });
    expect(outcome.status).toBe(404);
    expect((await row()).departureDate).toBe("2031-02-14");
  });

  it("is refused to an applicant, and cleared by staff with an empty day", async () => {
    const refused = await post(applicant, { departureDate: "2031-03-01" });
    // Sent away to their own dashboard by the staff guard, before anything is read.
    expect(refused.location).toMatch(/\/dashboard$/);
    expect((await row()).departureDate).toBe("2031-02-14");

    const cleared = await post(manager, { departureDate: "" });
    expect(cleared.location).toContain("done=departureCleared");
    expect(await row()).toMatchObject({ departureDate: null, departureDetails: null });
  });
});
