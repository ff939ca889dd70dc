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
  payments,
  profiles,
} from "~/server/db/schema";
import { seedServices } from "~/server/boot.server";
import { DEMO_ACCOUNTS, seedDemo } from "~/server/db/seed.server";
import { getSiteSettings, updateSiteSettings } from "~/server/settings/settings.server";
import { createTestUser, runAs, setupTestDatabase, type TestUser } from "./harness";

// What an applicant meets on their way through.
const ctx = setupTestDatabase();

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
  const outcome = await runAs(user, applyAction, `/jobs/${jobId}`, {
    form: {},
    params: {
      id: jobId,
    },
  });
  expect(outcome.status).toBe(302);
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
  const outcome = await runAs(user, dashboardLoader, "/dashboard");
  expect(outcome.status).toBe(200);
  return outcome.data as Dashboard;
}

describe("a new application starts at the first stage still true for the applicant", () => {
  it("starts at Registration Pending for an applicant who has not paid", async () => {
    const user = await createTestUser();
    const { application, history } = await applyAndRead(user, (await ctx.createTestJob()).id);
    expect(application.status).toBe("registration_pending");
    expect(history).toMatchObject([{ fromStatus: null, toStatus: "registration_pending" }]);
  });

  it("starts at Registration Paid when the fee is paid, and the history says why", async () => {
    const user = await createTestUser({ paid: true });
    // A verified CV alone is not the passport and CV: still Registration Paid.
    await addDocument(user, "cv", "verified");
    const { application, history } = await applyAndRead(user, (await ctx.createTestJob()).id);
    expect(application.status).toBe("registration_paid");
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ fromStatus: null, toStatus: "registration_paid" });
    expect(history[0]!.note).toMatch(/registration fee settled/i);

    const mine = await runAs(user, applicationsLoader, "/dashboard/applications");
    const items = (mine.data as { items: { status: string; history: { toStatus: string }[] }[] })
      .items;
    expect(items[0]!.status).toBe("registration_paid");
    expect(items[0]!.history.map((h) => h.toStatus)).toEqual(["registration_paid"]);
  });

  it("starts at Documents Uploaded when the fee is paid and the passport and CV are verified", async () => {
    const user = await createTestUser({ paid: true });
    await addDocument(user, "passport", "verified");
    await addDocument(user, "cv", "replaced");
    await addDocument(user, "cv", "verified");
    const { application, history } = await applyAndRead(user, (await ctx.createTestJob()).id);
    expect(application.status).toBe("documents_uploaded");
    expect(history[0]).toMatchObject({ fromStatus: null, toStatus: "documents_uploaded" });
    expect(history[0]!.note).toMatch(/passport and CV already verified/i);
  });

  it("does not skip the documents when the newest passport was rejected", async () => {
    const user = await createTestUser({ paid: true });
    await addDocument(user, "cv", "verified");
    await addDocument(user, "passport", "verified", { uploadedAt: new Date(Date.now() - 60_000) });
    await addDocument(user, "passport", "rejected", { reviewReason: "Expired" });
    const { application } = await applyAndRead(user, (await ctx.createTestJob()).id);
    expect(application.status).toBe("registration_paid");
  });
});

describe("the dashboard's next steps", () => {
  it("makes a rejected document the first step, with the reason, until a new one is uploaded", async () => {
    const user = await createTestUser({ paid: true });
    await addDocument(user, "cv", "verified");
    await addDocument(user, "passport", "rejected", {
      reviewReason: "The photo page is blurred",
      uploadedAt: new Date(Date.now() - 60_000),
    });
    expect((await dashboardOf(user)).rejectedDocuments).toEqual([
      {
        type: "passport",
        names: { en: "Passport", fr: "Passeport", pt: "Passaporte" },
        reason: "The photo page is blurred",
      },
    ]);

    // A new upload replaces the answer: the step goes away while staff look at it.
    await addDocument(user, "passport", "pending");
    expect((await dashboardOf(user)).rejectedDocuments).toEqual([]);
  });

  it("labels premium recommendations Premium for a paid applicant, free ones Free", async () => {
    const user = await createTestUser({ paid: true });
    const tag = crypto.randomBytes(3).toString("hex");
    await ctx.createTestJob({ title: `Premium ${tag}`, isPublic: false });
    await ctx.createTestJob({ title: `Free ${tag}`, isPublic: true });
    const { recommended } = await dashboardOf(user);
    const byTitle = Object.fromEntries(recommended.jobs.map((j) => [j.title, j.isPublic]));
    expect(byTitle[`Premium ${tag}`]).toBe(false);
    expect(byTitle[`Free ${tag}`]).toBe(true);
  });
});

describe("the legal pages follow the settings", () => {
  it("states each office's fee policy, the agency name and the offices from the settings", async () => {
    const admin = await createTestUser({ role: "admin" });
    const terms = async () => {
      const outcome = await runAs(null, legalLoader, "/terms-of-service");
      expect(outcome.status).toBe(200);
      return outcome.data as { html: string; description: string };
    };
    const before = await terms();
    // Every office's own policy, never one fee for everyone.
    expect(before.html).toContain(
      "Harare, Zimbabwe: a one-time registration fee of 99 US dollars; Midrand, South Africa: no fee to the applicant",
    );
    expect(before.html).not.toContain("{{");

    const settings = await getSiteSettings();
    await updateSiteSettings({
      actor: admin,
      value: {
        ...settings,
        agencyName: "Passage <Africa>",
        registrationFee: { ...settings.registrationFee, amountMinor: 12_550, currency: "EUR" },
        offices: [
          { ...DEFAULT_SITE_SETTINGS.offices[0]!, address: "1 Samora Machel Avenue, Harare" },
        ],
      },
    });
    const after = await terms();
    expect(after.html).toContain("Harare, Zimbabwe: a one-time registration fee of 125.50 euros");
    expect(after.html).not.toContain("99 US dollars");
    // A value is text, never markup.
    expect(after.html).toContain("Passage &#60;Africa&#62;");
    expect(after.html).not.toContain("<Africa>");
    expect(after.description).toContain("Passage <Africa>");
    expect(after.html).toContain("1 Samora Machel Avenue, Harare, Zimbabwe");
    expect(after.html).not.toContain("Midrand");
  });
});

describe("the demo seed", () => {
  it("records the payment the paid demo account implies, once", async () => {
    await seedDemo(seedServices(), { password: "demo-password-123" });
    await seedDemo(seedServices(), { password: "demo-password-123" });
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
