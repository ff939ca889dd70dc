import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as settingsAction } from "~/app/routes/admin/settings";
import { loader as dashboardLoader } from "~/app/routes/dashboard/home";
import { loader as detailLoader } from "~/app/routes/jobs/detail";
import { loader as listLoader } from "~/app/routes/jobs/list";
import { StatusFactFalseError } from "~/server/applications/application-facts.server";
import { applyToJob } from "~/server/applications/apply.server";
import { changeApplicationStatus } from "~/server/applications/staff.server";
import { auditLog, documents, feePolicies, jobApplications, profiles } from "~/server/db/schema";
import { feeSettingsFor } from "~/domain/fee-policy";
import {
  feeAccessFor,
  feeOwedReader,
  feeOwedUpFront,
  feePolicyFor,
  readPremiumFacts,
} from "~/server/fees/fee-policies.server";
import { registrationPolicyOf } from "~/server/fees/cost-sheet.server";
import { applyToProgram } from "~/server/applications/apply-program.server";
import { loader as legalLoader } from "~/app/routes/public/legal";
import { getSiteSettings } from "~/server/settings/settings.server";
import { createOwnAlert, runJobAlerts } from "~/server/jobs/job-alerts.server";
import { createTestUser, runAs, setupTestDatabase, type TestUser } from "./harness";

// Fees follow the law where each office works: Harare charges the spec's registration
// fee, Midrand nothing; under no fee, premium jobs open once registration is complete.
const ctx = setupTestDatabase();

describe("the seeded fee policies", () => {
  const destinations = [null, "PL", "GB", "ZA", "DE"];
  const paths = [null, "jobs", "study"] as const;
  it("resolve for every office × destination × path", async () => {
    const settings = await getSiteSettings();
    for (const destination of destinations) {
      for (const path of paths) {
        const harare = await feePolicyFor({ office: "Harare", destination, path });
        // No amount of its own: the site settings' registration fee (99 USD).
        expect(harare, `Harare ${destination} ${path}`).toMatchObject({
          kind: "registration",
          amountMinor: null,
          version: 1,
        });
        expect(feeSettingsFor(harare, settings).registrationFee).toMatchObject({
          amountMinor: 9900,
          currency: "USD",
        });
        const midrand = await feePolicyFor({ office: "Midrand", destination, path });
        expect(midrand, `Midrand ${destination} ${path}`).toMatchObject({ kind: "none" });
        expect(midrand.legalBasis).toContain("section 15");
        // No office, or one that is no longer an office, counts as the first (Harare).
        for (const office of [null, "Atlantis"]) {
          expect(await feePolicyFor({ office, destination, path })).toEqual(harare);
        }
      }
    }
  });

  it("an override for a destination and path wins over the office's default", async () => {
    await ctx.db
      .insert(feePolicies)
      .values({ office: "Harare", destination: "GB", path: "study", kind: "employer" });
    try {
      expect(
        await feePolicyFor({ office: "Harare", destination: "GB", path: "study" }),
      ).toMatchObject({ kind: "employer" });
      expect(
        await feePolicyFor({ office: "Harare", destination: "GB", path: "jobs" }),
      ).toMatchObject({ kind: "registration" });
    } finally {
      await ctx.db.delete(feePolicies).where(eq(feePolicies.destination, "GB"));
    }
  });
});

describe("a person's own path", () => {
  it("a study-path applicant gets the study policy, with its overrides; a job seeker keeps the jobs one", async () => {
    // Harare waives its fee for study programs: a student there owes nothing up front.
    await ctx.db
      .insert(feePolicies)
      .values({ office: "Harare", path: "study", kind: "none", legalBasis: "Study test" });
    try {
      const student = await createTestUser({ role: "student_applicant", office: "Harare" });
      const seeker = await createTestUser({ office: "Harare" });
      expect(await registrationPolicyOf(student.id)).toMatchObject({ kind: "none", path: "study" });
      expect(await registrationPolicyOf(seeker.id)).toMatchObject({ kind: "registration" });
      // What the session carries: no fee due (so no Payment link, no amount named) for the
      // student, the policy's fee for the job seeker.
      const facts = async (u: TestUser) => (await readPremiumFacts(u.id))!;
      expect(await feeAccessFor(await facts(student))).toMatchObject({
        feeDue: false,
        dueFee: null,
      });
      expect(await feeAccessFor(await facts(seeker))).toMatchObject({
        feeDue: true,
        dueFee: { amountMinor: 9900, currency: "USD" },
      });
      // A study application asks no fee; a job application by the same office still does.
      expect(await feeOwedUpFront("Harare", "study")).toBe(false);
      expect(await feeOwedUpFront("Harare", "jobs")).toBe(true);
      // Staff lists read the same rule, so the student is never called unpaid.
      const owes = await feeOwedReader();
      expect(owes("Harare", "study")).toBe(false);
      expect(owes("Midrand", "jobs")).toBe(false);
      expect(owes("Harare", "jobs")).toBe(true);
      // The Terms state the office's default and the override.
      const terms = await runAs(null, legalLoader, "/terms-of-service");
      expect((terms.data as { html: string }).html).toContain(
        "Harare, Zimbabwe: a one-time registration fee of 99 US dollars; Harare, Zimbabwe, study programs: no fee to the applicant; Midrand, South Africa: no fee to the applicant",
      );
    } finally {
      await ctx.db.delete(feePolicies).where(eq(feePolicies.legalBasis, "Study test"));
    }
  });

  it("a Midrand student applies to a program without a payment step", async () => {
    const program = await ctx.createTestProgram({ intakes: ["2031-09-01"] });
    const student = await createTestUser({ role: "student_applicant", office: "Midrand" });
    const facts = (await readPremiumFacts(student.id))!;
    const viewer = { ...student, registrationFeePaid: false, ...(await feeAccessFor(facts)) };
    const applied = await applyToProgram({
      viewer,
      programId: program.id,
      intake: "2031-09-01",
      today: "2026-11-29",
    });
    expect(applied).toMatchObject({ ok: true });
    // …and it starts past Registration Pending: nothing to pay holds it there.
    const [row] = await ctx.db
      .select({ status: jobApplications.status })
      .from(jobApplications)
      .where(eq(jobApplications.userId, student.id));
    expect(row!.status).not.toBe("registration_pending");
  });
});

async function completeProfile(user: TestUser) {
  await ctx.db
    .update(profiles)
    .set({ phoneNumber: "+27 82 000 0000", whatsappNumber: "+27 82 000 0000" })
    .where(eq(profiles.id, user.id));
}

async function uploadCv(user: TestUser) {
  await ctx.db.insert(documents).values({
    userId: user.id,
    documentType: "cv",
    fileName: "cv.pdf",
    storageKey: `documents/${crypto.randomUUID()}`,
    fileSize: 1000,
    contentType: "application/pdf",
  });
}

describe("premium jobs under each office's policy", () => {
  const secret = { description: "SECRET-FEE-POLICY-31", isPublic: false, countryCode: "PL" };
  const detail = (user: TestUser, id: string) =>
    runAs(user, detailLoader, `/jobs/${id}`, { params: { id } });
  const card = async (user: TestUser, title: string) => {
    const outcome = await runAs(user, listLoader, `/jobs?q=${encodeURIComponent(title)}`);
    const data = outcome.data as { result: { items: { title: string; locked: boolean }[] } };
    return JSON.stringify(data).includes("SECRET-FEE-POLICY-31")
      ? "open"
      : data.result.items.find((i) => i.title === title)?.locked
        ? "locked"
        : "missing";
  };

  it("a Midrand applicant reaches a premium job without paying once registration is complete, not before", async () => {
    const job = await ctx.createTestJob({ ...secret, title: "Premium Midrand Rigger" });
    const applicant = await createTestUser({ office: "Midrand", country: "South Africa" });

    expect(await detail(applicant, job.id)).toMatchObject({ status: 302 });
    expect(await card(applicant, job.title)).toBe("locked");

    await completeProfile(applicant);
    expect(await detail(applicant, job.id)).toMatchObject({ status: 302 });

    await uploadCv(applicant);
    const open = await detail(applicant, job.id);
    expect(open.status).toBe(200);
    expect(JSON.stringify(open.data)).toContain("SECRET-FEE-POLICY-31");
    expect(await card(applicant, job.title)).toBe("open");
  });

  it("a Harare applicant with a complete registration still pays first", async () => {
    const job = await ctx.createTestJob({ ...secret, title: "Premium Harare Rigger" });
    const applicant = await createTestUser({ office: "Harare" });
    await completeProfile(applicant);
    await uploadCv(applicant);
    expect(await detail(applicant, job.id)).toMatchObject({
      status: 302,
      location: `/dashboard/payment?notice=payment-required&redirectTo=%2Fjobs%2F${job.id}`,
    });
    expect(await card(applicant, job.title)).toBe("locked");

    await ctx.setPaid(applicant.id);
    expect(await detail(applicant, job.id)).toMatchObject({ status: 200 });
  });

  it("a destination that asks no fee opens its premium jobs to a Harare applicant with a complete registration", async () => {
    // Polish employers follow "Employer Pays": Harare asks no fee for jobs in Poland.
    await ctx.db
      .insert(feePolicies)
      .values({ office: "Harare", destination: "PL", path: "jobs", kind: "employer" });
    try {
      const poland = await ctx.createTestJob({ ...secret, title: "Premium Gdansk Welder" });
      const canada = await ctx.createTestJob({
        isPublic: false,
        countryCode: "CA",
        description: "CANADA-ONLY-SECRET-77",
        title: "Premium Calgary Welder",
      });
      const applicant = await createTestUser({ office: "Harare" });
      const viewerOf = async () => ({
        ...applicant,
        role: "job_seeker" as const,
        registrationFeePaid: false,
        ...(await feeAccessFor((await readPremiumFacts(applicant.id))!)),
      });

      // Before their registration is complete: locked, and what opens it is the registration.
      expect(await detail(applicant, poland.id)).toMatchObject({
        status: 302,
        location: `/dashboard/payment?notice=registration-required&redirectTo=%2Fjobs%2F${poland.id}`,
      });
      const listed = await runAs(applicant, listLoader, "/jobs?q=Gdansk");
      expect(JSON.stringify(listed.data)).toContain('"opensWithRegistration":true');
      expect(await applyToJob({ viewer: await viewerOf(), jobId: poland.id })).toMatchObject({
        ok: false,
        reason: "registration_required",
      });

      await completeProfile(applicant);
      await uploadCv(applicant);
      // The Polish job opens without paying; the Canadian one still asks the fee.
      const open = await detail(applicant, poland.id);
      expect(open.status).toBe(200);
      expect(JSON.stringify(open.data)).toContain("SECRET-FEE-POLICY-31");
      expect(await card(applicant, poland.title)).toBe("open");
      expect(await detail(applicant, canada.id)).toMatchObject({
        status: 302,
        location: `/dashboard/payment?notice=payment-required&redirectTo=%2Fjobs%2F${canada.id}`,
      });
      const both = await runAs(applicant, listLoader, "/jobs?q=Welder");
      expect(JSON.stringify(both.data)).not.toContain("CANADA-ONLY-SECRET-77");
      expect(await applyToJob({ viewer: await viewerOf(), jobId: poland.id })).toMatchObject({
        ok: true,
      });
      expect(await applyToJob({ viewer: await viewerOf(), jobId: canada.id })).toMatchObject({
        ok: false,
        reason: "payment_required",
      });
    } finally {
      await ctx.db.delete(feePolicies).where(eq(feePolicies.destination, "PL"));
    }
  });
});

describe("job alerts under a destination override", () => {
  it("send a no-fee destination's premium job whole to a complete registration, others as teasers", async () => {
    await ctx.db
      .insert(feePolicies)
      .values({ office: "Harare", destination: "PL", path: "jobs", kind: "employer" });
    try {
      const applicant = await createTestUser({ office: "Harare" });
      await completeProfile(applicant);
      await uploadCv(applicant);
      const tag = `w${crypto.randomBytes(4).toString("hex")}`;
      await createOwnAlert({
        viewer: applicant,
        name: "Welders",
        frequency: "instant",
        filters: { q: tag },
      });
      await runJobAlerts({ now: new Date(Date.now() + 1_000) });
      // Found by words only their description holds, which only an open job's reader may search.
      await ctx.createTestJob({
        isPublic: false,
        countryCode: "PL",
        title: "Premium Gdansk Welder",
        description: `Shipyard ${tag}`,
        createdAt: new Date(Date.now() + 2_000),
      });
      await ctx.createTestJob({
        isPublic: false,
        countryCode: "CA",
        title: "Premium Calgary Welder",
        description: `Pipeline ${tag}`,
        createdAt: new Date(Date.now() + 2_000),
      });
      await runJobAlerts({ now: new Date(Date.now() + 3_000) });
      const text = (await ctx.mailsTo(applicant.email)).map((m) => m.text).join("\n");
      expect(text).toContain("Premium Gdansk Welder");
      expect(text).not.toContain("Premium: its details open");
      expect(text).not.toContain("Premium Calgary Welder");
    } finally {
      await ctx.db.delete(feePolicies).where(eq(feePolicies.destination, "PL"));
    }
  });
});

describe("the dashboard", () => {
  it("asks a Harare applicant for the fee and a Midrand applicant for nothing", async () => {
    const stats = async (user: TestUser) => {
      const outcome = await runAs(user, dashboardLoader, "/dashboard");
      return JSON.stringify(outcome.data)
        .match(/"feePaid":(\w+),"feeDue":(\w+)/)
        ?.slice(1);
    };
    expect(await stats(await createTestUser({ office: "Harare" }))).toEqual(["false", "true"]);
    expect(await stats(await createTestUser({ office: "Midrand" }))).toEqual(["false", "false"]);
  });
});

describe("admins edit the fee policies in Site Settings", () => {
  it("a change raises the version, is audited, and is refused to anyone but admins", async () => {
    const admin = await createTestUser({ role: "admin" });
    const harare = (await feePolicyFor({ office: "Harare" }))!;
    const form = {
      intent: "fee-policy",
      id: harare.id,
      office: "Harare",
      kind: "registration",
      amount: "",
      currency: "",
      covers: harare.covers,
      excludes: harare.excludes,
      othersPay: harare.othersPay,
      refundRule: "Refunded in full if we cannot take your file.",
      legalBasis: harare.legalBasis,
    };
    const manager = await createTestUser({ role: "manager" });
    expect(await runAs(manager, settingsAction, "/admin/settings", { form })).toMatchObject({
      status: 302,
      location: "/dashboard",
    });

    const saved = await runAs(admin, settingsAction, "/admin/settings", { form });
    expect(saved).toMatchObject({
      status: 200,
      data: { flash: { ok: true, message: "fees.saved" } },
    });
    expect(await feePolicyFor({ office: "Harare" })).toMatchObject({
      version: harare.version + 1,
      refundRule: "Refunded in full if we cannot take your file.",
    });
    const [entry] = await ctx.rowsWhere(auditLog, "targetId", harare.id);
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: "fee_policy.save",
      details: { office: "Harare", kind: "registration", version: harare.version + 1 },
    });

    // A second policy for the same office, destination and path is refused with why.
    const duplicate = await runAs(admin, settingsAction, "/admin/settings", {
      form: { ...form, id: "" },
    });
    expect(duplicate).toMatchObject({
      status: 400,
      data: { flash: { message: "fees.errors.duplicate" } },
    });
    // A registration fee is the person's, not one destination's: refused for a destination.
    const perDestination = await runAs(admin, settingsAction, "/admin/settings", {
      form: { ...form, id: "", destination: "CA", kind: "registration" },
    });
    expect(perDestination.status).toBe(400);
    expect(JSON.stringify(perDestination.data)).toContain("fees.errors.registrationDestination");
    // A success fee needs its percentage and cap.
    const incomplete = await runAs(admin, settingsAction, "/admin/settings", {
      form: { ...form, id: "", destination: "PL", kind: "success" },
    });
    expect(incomplete.status).toBe(400);
    expect(JSON.stringify(incomplete.data)).toContain("fees.errors.percent");
  });
});

describe("applications under each office's policy", () => {
  it("a Midrand application starts past Registration Pending; a Harare one waits for the fee", async () => {
    const job = await ctx.createTestJob({ title: "Welder (Midrand policy)" });
    const manager = await createTestUser({ role: "manager" });
    const applyAs = async (office: string) => {
      const applicant = await createTestUser({ office });
      const outcome = await applyToJob({
        viewer: { ...applicant, premiumUnlocked: false, role: "job_seeker" } as never,
        jobId: job.id,
      });
      expect(outcome).toMatchObject({ ok: true });
      const [row] = await ctx.db
        .select({ id: jobApplications.id, status: jobApplications.status })
        .from(jobApplications)
        .where(eq(jobApplications.userId, applicant.id));
      return row!;
    };

    // Nothing is owed in Midrand, so nothing holds the application at the fee.
    const midrand = await applyAs("Midrand");
    expect(midrand.status).not.toBe("registration_pending");
    // Harare charges the fee up front: the application waits, and saying it is paid is refused.
    const harare = await applyAs("Harare");
    expect(harare.status).toBe("registration_pending");
    await expect(
      changeApplicationStatus({
        actor: manager,
        applicationId: harare.id,
        status: "registration_paid",
      }),
    ).rejects.toThrow(StatusFactFalseError);
  });
});
