import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader as applicationsLoader } from "~/app/routes/dashboard/applications";
import { loader as dashboardLoader } from "~/app/routes/dashboard/home";
import { action as applyAction, loader as detailLoader } from "~/app/routes/jobs/detail";
import { applicationStatusHistory, documents, jobApplications } from "~/server/db/schema";
import { createTestUser, runAs, setupTestDatabase } from "./harness";

const ctx = setupTestDatabase();

async function apply(
  user: Awaited<ReturnType<typeof createTestUser>> | null,
  jobId: string,
  note = "",
) {
  return runAs(user, applyAction, `/jobs/${jobId}`, {
    form: { note },
    params: {
      id: jobId,
    },
  });
}

const applicationsOf = (userId: string) =>
  ctx.db.select().from(jobApplications).where(eq(jobApplications.userId, userId));

describe("applying", () => {
  it("creates a registration_pending application with its first history entry and the note", async () => {
    const job = await ctx.createTestJob();
    const user = await createTestUser();
    const outcome = await apply(user, job.id, "I can start in March.");
    // Back to the job with its confirmation: a reload does not apply again.
    expect(outcome).toMatchObject({ status: 302, location: `/jobs/${job.id}?done=applied` });

    const [application] = await applicationsOf(user.id);
    expect(application).toMatchObject({
      jobId: job.id,
      status: "registration_pending",
      notes: "I can start in March.",
    });
    const history = await ctx.db
      .select()
      .from(applicationStatusHistory)
      .where(eq(applicationStatusHistory.applicationId, application!.id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      fromStatus: null,
      toStatus: "registration_pending",
      changedBy: user.id,
    });

    // The job page now says so.
    const detail = await runAs(user, detailLoader, `/jobs/${job.id}`, {
      params: {
        id: job.id,
      },
    });
    expect((detail.data as { applied: unknown }).applied).not.toBeNull();
  });

  it("refuses a second application to the same job clearly, keeping one", async () => {
    const job = await ctx.createTestJob();
    const user = await createTestUser();
    expect((await apply(user, job.id)).status).toBe(302);
    const second = await apply(user, job.id);
    expect(second.status).toBe(409);
    expect(second.data).toMatchObject({
      intent: "apply",
      flash: { ok: false, message: "apply.errors.duplicate" },
    });
    expect(await applicationsOf(user.id)).toHaveLength(1);
  });

  it("sends a visitor to sign in and back to the job", async () => {
    const job = await ctx.createTestJob();
    const outcome = await apply(null, job.id);
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe(`/auth?redirectTo=${encodeURIComponent(`/jobs/${job.id}`)}`);
  });

  it("sends an unpaid applicant to payment for a premium job, and lets a paid one apply", async () => {
    const job = await ctx.createTestJob({ isPublic: false });
    const unpaid = await createTestUser();
    const refused = await apply(unpaid, job.id);
    expect(refused.status).toBe(302);
    expect(refused.location).toBe(
      `/dashboard/payment?notice=payment-required&redirectTo=%2Fjobs%2F${job.id}`,
    );
    expect(await applicationsOf(unpaid.id)).toHaveLength(0);

    const paid = await createTestUser({ paid: true });
    expect((await apply(paid, job.id)).status).toBe(302);
    expect(await applicationsOf(paid.id)).toHaveLength(1);
  });

  it("refuses inactive jobs and staff accounts", async () => {
    const inactive = await ctx.createTestJob({ isActive: false });
    const user = await createTestUser();
    const closed = await apply(user, inactive.id, "Ready in May.");
    expect(closed.status).toBe(404);
    // Said plainly, with the note kept in the form.
    expect(closed.data).toMatchObject({
      flash: { ok: false, message: "apply.errors.unavailable" },
      result: { initialValue: { note: "Ready in May." } },
    });
    expect(await applicationsOf(user.id)).toHaveLength(0);

    const job = await ctx.createTestJob();
    const admin = await createTestUser({ role: "admin" });
    const outcome = await apply(admin, job.id);
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/admin");
    expect(await applicationsOf(admin.id)).toHaveLength(0);
  });
});

describe("my applications", () => {
  it("lists only the applicant's own applications, with status history", async () => {
    const job = await ctx.createTestJob({ title: "Mine Only Job" });
    const other = await ctx.createTestJob({ title: "Someone Else's Job" });
    const me = await createTestUser();
    const someoneElse = await createTestUser();
    await apply(me, job.id, "my note");
    await apply(someoneElse, other.id);

    const outcome = await runAs(me, applicationsLoader, "/dashboard/applications");
    expect(outcome.status).toBe(200);
    const data = outcome.data as {
      total: number;
      items: { jobTitle: string; status: string; notes: string; history: unknown[] }[];
    };
    expect(data.total).toBe(1);
    expect(data.items[0]).toMatchObject({
      jobTitle: "Mine Only Job",
      status: "registration_pending",
      notes: "my note",
    });
    expect(data.items[0]!.history).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain("Someone Else's Job");
    // Nothing uploaded yet: the Registration Paid hint asks for documents.
    expect(outcome.data).toMatchObject({ documentsWaiting: false });

    // Documents uploaded, waiting for review (someone else's count for nothing): no "upload" hint.
    const upload = (userId: string, status: "pending" | "verified") =>
      ctx.db.insert(documents).values({
        userId,
        documentType: "passport",
        fileName: "passport.pdf",
        storageKey: `documents/${userId}/${crypto.randomUUID()}`,
        fileSize: 1000,
        contentType: "application/pdf",
        status,
      });
    await upload(someoneElse.id, "pending");
    await upload(me.id, "verified");
    const reviewed = await runAs(me, applicationsLoader, "/dashboard/applications");
    expect(reviewed.data).toMatchObject({ documentsWaiting: false });
    await upload(me.id, "pending");
    const waiting = await runAs(me, applicationsLoader, "/dashboard/applications");
    expect(waiting.data).toMatchObject({ documentsWaiting: true });
  });

  it("dashboard counts the applications and prompts the unpaid applicant to pay first", async () => {
    const job = await ctx.createTestJob();
    const me = await createTestUser();
    await apply(me, job.id);
    const outcome = await runAs(me, dashboardLoader, "/dashboard");
    expect(outcome.status).toBe(200);
    expect(outcome.data).toMatchObject({
      stats: { applications: 1, documents: 0, unreadMessages: 0, feePaid: false },
    });
    // Applied jobs are not recommended again.
    const data = outcome.data as { recommended: { jobs: { id: string }[] } };
    expect(data.recommended.jobs.map((j) => j.id)).not.toContain(job.id);
  });

  it("sends staff from /dashboard to the admin panel", async () => {
    const manager = await createTestUser({ role: "manager" });
    const outcome = await runAs(manager, dashboardLoader, "/dashboard");
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/admin");
  });
});
