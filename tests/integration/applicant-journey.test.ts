import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader as applicationsLoader } from "~/app/routes/dashboard/applications";
import { loader as dashboardLoader } from "~/app/routes/dashboard/home";
import { action as applyAction } from "~/app/routes/jobs/detail";
import { loader as legalLoader } from "~/app/routes/public/legal";
import type { DocumentType } from "~/domain/enums";
import { DEFAULT_SITE_SETTINGS } from "~/domain/settings";
import {
  applicationStatusHistory,
  documents,
  jobApplications,
  jobs,
  payments,
  profiles,
} from "~/server/db/schema";
import { DEMO_ACCOUNTS, seedDemo } from "~/server/db/seed.server";
import { getSiteSettings, updateSiteSettings } from "~/server/settings/settings.server";
import { createTestUser, requestAs, runRoute, setupTestDatabase, type TestUser } from "./harness";

// What an applicant meets on their way through (issue 20, items 3, 4, 5, 12 and 16).
const ctx = setupTestDatabase();

async function createJob(values: Partial<typeof jobs.$inferInsert> = {}) {
  const [job] = await ctx.db
    .insert(jobs)
    .values({ title: "Care Assistant", description: "Care for residents.", ...values })
    .returning();
  return job!;
}

async function addDocument(
  user: TestUser,
  documentType: DocumentType,
  status: "pending" | "verified" | "rejected" | "replaced",
  values: Partial<typeof documents.$inferInsert> = {},
) {
  await ctx.db.insert(documents).values({
    userId: user.id,
    documentType,
    fileName: `${documentType}.pdf`,
    storageKey: `test/${crypto.randomUUID()}`,
    fileSize: 1000,
    contentType: "application/pdf",
    status,
    ...values,
  });
}

async function applyAndRead(user: TestUser, jobId: string) {
  const outcome = await runRoute(
    applyAction,
    await requestAs(user, `/jobs/${jobId}`, { form: {} }),
    {
      id: jobId,
    },
  );
  expect(outcome.status).toBe(200);
  const [application] = await ctx.db
    .select()
    .from(jobApplications)
    .where(eq(jobApplications.userId, user.id));
  const history = await ctx.db
    .select()
    .from(applicationStatusHistory)
    .where(eq(applicationStatusHistory.applicationId, application!.id));
  return { application: application!, history };
}

type Dashboard = {
  rejectedDocuments: { type: string; reason: string | null }[];
  recommended: { jobs: { title: string; isPublic: boolean }[] };
};
async function dashboardOf(user: TestUser) {
  const outcome = await runRoute(dashboardLoader, await requestAs(user, "/dashboard"));
  expect(outcome.status).toBe(200);
  return outcome.data as Dashboard;
}

describe("the demo seed", () => {
  it("records the payment the paid demo account implies, once", async () => {
    await seedDemo({ password: "demo-password-123" });
    await seedDemo({ password: "demo-password-123" });
    const paidEmail = DEMO_ACCOUNTS.find((a) => a.paid)!.email;
    const [paid] = await ctx.db.select().from(profiles).where(eq(profiles.email, paidEmail));
    expect(paid!.registrationFeePaid).toBe(true);
    const rows = await ctx.db.select().from(payments).where(eq(payments.userId, paid!.id));
    expect(rows).toHaveLength(1);
    const settings = await getSiteSettings();
    expect(rows[0]).toMatchObject({
      status: "completed",
      amountMinor: settings.registrationFee.amountMinor,
      currency: settings.registrationFee.currency,
    });
    expect(rows[0]!.paymentDate).not.toBeNull();

    // Unpaid demo accounts have none.
    const [seeker] = await ctx.db
      .select()
      .from(profiles)
      .where(eq(profiles.email, "seeker@passage.test"));
    expect(await ctx.db.select().from(payments).where(eq(payments.userId, seeker!.id))).toEqual([]);
  });
});
