import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as applicationsAction } from "~/app/routes/dashboard/applications";
import type { ApplicationStatus } from "~/domain/enums";
import { getApplicationDetailsForStaff } from "~/server/applications/staff.server";
import { withdrawOwnApplication } from "~/server/applications/withdraw.server";
import { listAuditEntriesForStaff } from "~/server/audit/audit-log.server";
import { jobApplications } from "~/server/db/schema";
import { EVERY_OFFICE, createTestUser, runAs, setupTestDatabase, type TestUser } from "./harness";

const ctx = setupTestDatabase();

/** An application of `user` to a new job, at `status`. */
const applicationAt = (user: TestUser, status: ApplicationStatus = "job_matched") =>
  ctx.createTestApplication(user, { status, job: { title: `Withdrawable ${status}` } });

const statusOf = async (id: string) =>
  (
    await ctx.db
      .select({ status: jobApplications.status })
      .from(jobApplications)
      .where(eq(jobApplications.id, id))
  )[0]!.status;

async function withdraw(user: TestUser | null, form: Record<string, string>, path = "") {
  return runAs(user, applicationsAction, `/dashboard/applications${path}`, { form });
}

describe("withdrawing an application", () => {
  it("stops the applicant's own application, back on the list with its confirmation", async () => {
    const user = await createTestUser();
    const id = await applicationAt(user, "interview_scheduled");
    const outcome = await withdraw(
      user,
      { applicationId: id, reason: "I accepted another offer." },
      `?page=1&withdraw=${id}`,
    );
    expect(outcome).toMatchObject({
      status: 302,
      location: "/dashboard/applications?page=1&done=withdrawn",
    });
    expect(await statusOf(id)).toBe("withdrawn");
  });

  it("shows staff who withdrew it, from which status and why, in the history and the audit trail", async () => {
    const user = await createTestUser({ fullName: "Chipo Withdrawer" });
    const id = await applicationAt(user, "offer_received");
    await withdraw(user, { applicationId: id, reason: "Family reasons." });

    const details = await getApplicationDetailsForStaff(id, EVERY_OFFICE);
    expect(details!.app.status).toBe("withdrawn");
    expect(details!.history[0]).toMatchObject({
      fromStatus: "offer_received",
      toStatus: "withdrawn",
      note: "Family reasons.",
      changedByName: "Chipo Withdrawer",
    });

    const audit = await listAuditEntriesForStaff({
      viewer: user,
      scope: EVERY_OFFICE,
      filter: { action: "application.withdraw", actor: user.id },
      page: 1,
      pageSize: 10,
    });
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({
      targetType: "application",
      targetId: id,
      actorName: "Chipo Withdrawer",
      details: { from: "offer_received", to: "withdrawn" },
    });
  });

  it("refuses an application that is already final, changing nothing", async () => {
    const user = await createTestUser();
    for (const status of ["departed", "withdrawn"] as const) {
      const id = await applicationAt(user, status);
      const outcome = await withdraw(user, { applicationId: id });
      expect(outcome.status, status).toBe(409);
      expect(outcome.data).toMatchObject({
        intent: "withdraw",
        flash: { ok: false, message: "applications.withdraw.errors.final" },
      });
      expect(await statusOf(id)).toBe(status);
    }
    // Withdrawing twice: the second time it is final.
    const id = await applicationAt(user, "registration_pending");
    expect((await withdraw(user, { applicationId: id })).status).toBe(302);
    expect((await withdraw(user, { applicationId: id })).status).toBe(409);
    expect((await getApplicationDetailsForStaff(id, EVERY_OFFICE))!.history).toHaveLength(1);
  });

  it("lets nobody withdraw another person's application, and a visitor not at all", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const id = await applicationAt(owner);

    const refused = await withdraw(other, { applicationId: id });
    expect(refused.status).toBe(404);
    expect(refused.data).toMatchObject({
      flash: { message: "applications.withdraw.errors.notFound" },
    });
    const visitor = await withdraw(null, { applicationId: id });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/auth\?redirectTo=/);
    const staff = await createTestUser({ role: "admin" });
    expect((await withdraw(staff, { applicationId: id })).location).toBe("/admin");
    // The service refuses staff too, whoever calls it.
    expect(
      await withdrawOwnApplication({
        viewer: { id: staff.id, role: "admin" },
        applicationId: id,
      }),
    ).toEqual({ ok: false, reason: "staff" });
    expect(await statusOf(id)).toBe("job_matched");
  });

  it("checks its input: a malformed id is not found, a reason over 500 characters is refused", async () => {
    const user = await createTestUser();
    const id = await applicationAt(user);
    expect((await withdraw(user, { applicationId: "not-an-id" })).status).toBe(404);
    const long = await withdraw(user, { applicationId: id, reason: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(long.data).toMatchObject({
      intent: "withdraw",
      result: { error: { reason: ["applications.withdraw.errors.tooLong"] } },
    });
    expect(await statusOf(id)).toBe("job_matched");
  });
});
