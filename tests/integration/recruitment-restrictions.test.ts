import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as applicantLoader } from "~/app/routes/admin/applicant";
import { loader as applicationsLoader } from "~/app/routes/admin/applications";
import { action as settingsAction, loader as settingsLoader } from "~/app/routes/admin/settings";
import { loader as dashboardLoader } from "~/app/routes/dashboard/home";
import { action as applyAction, loader as detailLoader } from "~/app/routes/jobs/detail";
import { loader as boardLoader } from "~/app/routes/jobs/list";
import { loader as homeLoader } from "~/app/routes/public/home";
import { auditLog, jobApplications } from "~/server/db/schema";
import { createOwnAlert, runJobAlerts } from "~/server/jobs/job-alerts.server";
import { setPaymentProvider } from "~/server/payments/provider.server";
import { SimulatedPaymentProvider } from "~/server/payments/simulated.server";
import { listRecruitmentRestrictions } from "~/server/restrictions/recruitment-restrictions.server";
import { createTestUser, runAs, setupTestDatabase, type TestUser } from "./harness";

// Ethical-recruitment restrictions (decision record 35 part 2): UK health and
// social-care jobs are not advertised to residents of the WHO safeguards list's countries.

const ctx = setupTestDatabase();

let clock = Date.parse("2031-03-01T08:00:00Z");
const tick = () => new Date((clock += 60_000));

let zimbabwean: TestUser; // resident of a listed country
let kenyan: TestUser; // resident of a country not on the list
let ukCare: string; // a UK healthcare job
let ukBuilding: string; // a UK construction job
let tag: string;

beforeAll(async () => {
  zimbabwean = await createTestUser({ country: "Zimbabwe", paid: true });
  kenyan = await createTestUser({ country: "Kenya", paid: true });
  tag = `r${Date.now().toString(36)}`;
  // Jobs made before the alerts' first round are not "new"; these are made after it (below).
  await runJobAlerts({ now: tick() });
  for (const user of [zimbabwean, kenyan]) {
    await createOwnAlert({
      viewer: user,
      name: `UK ${tag}`,
      frequency: "instant",
      filters: { q: tag },
    });
  }
  const at = new Date(clock + 30_000);
  ukCare = (
    await ctx.createTestJob({
      title: `Care Assistant ${tag}`,
      sector: "healthcare",
      countryCode: "GB",
      createdAt: at,
    })
  ).id;
  ukBuilding = (
    await ctx.createTestJob({
      title: `Bricklayer ${tag}`,
      sector: "construction",
      countryCode: "GB",
      createdAt: at,
    })
  ).id;
});

const ids = (data: unknown) => JSON.stringify(data);

describe("the seeded restrictions", () => {
  it("hold UK healthcare for the WHO list's countries, Zimbabwe among them, and not Kenya", async () => {
    const rows = await listRecruitmentRestrictions();
    const uk = rows.filter((r) => r.destination === "GB" && r.sector === "healthcare");
    expect(uk.length).toBeGreaterThanOrEqual(54);
    expect(uk.map((r) => r.residence)).toEqual(expect.arrayContaining(["ZW", "NG", "GH", "PK"]));
    expect(uk.map((r) => r.residence)).not.toContain("KE");
    expect(uk.find((r) => r.residence === "ZW")!.explanation).toContain("Code of Practice");
  });
});

describe("a restricted job is not advertised to a resident of a listed country", () => {
  it("is left out of the dashboard's recommendations and newest jobs", async () => {
    const dashboard = async (user: TestUser) => {
      const outcome = await runAs(user, dashboardLoader, "/dashboard");
      const data = outcome.data as {
        recommended: { jobs: { id: string }[] };
        latestJobs: { id: string }[];
      };
      return {
        recommended: data.recommended.jobs.map((j) => j.id),
        latest: data.latestJobs.map((j) => j.id),
      };
    };
    const zw = await dashboard(zimbabwean);
    expect(zw.recommended).not.toContain(ukCare);
    expect(zw.latest).not.toContain(ukCare);
    expect(zw.recommended).toContain(ukBuilding);
    const ke = await dashboard(kenyan);
    expect(ke.recommended).toContain(ukCare);
    expect(ke.latest).toContain(ukCare);
  });

  it("is left out of the home page's cards for them, not for a Kenyan nor a visitor", async () => {
    const home = async (user: TestUser | null) => ids((await runAs(user, homeLoader, "/")).data);
    expect(await home(zimbabwean)).not.toContain(ukCare);
    expect(await home(zimbabwean)).toContain(ukBuilding);
    expect(await home(kenyan)).toContain(ukCare);
    expect(await home(null)).toContain(ukCare);
    // The job board's own search still lists it: a person who looks finds it.
    const board = await runAs(zimbabwean, boardLoader, `/jobs?q=${tag}`);
    expect(ids(board.data)).toContain(ukCare);
  });

  it("is not sent in their job alerts", async () => {
    await runJobAlerts({ now: tick() });
    const mailed = async (user: TestUser) =>
      (await ctx.mailsTo(user.email)).map((m) => m.text).join("\n");
    expect(await mailed(zimbabwean)).not.toContain(`Care Assistant ${tag}`);
    expect(await mailed(zimbabwean)).toContain(`Bricklayer ${tag}`);
    expect(await mailed(kenyan)).toContain(`Care Assistant ${tag}`);
  });
});

describe("applying anyway", () => {
  it("the job page explains the restriction before the Apply form, to them only", async () => {
    const page = async (user: TestUser | null) =>
      (await runAs(user, detailLoader, `/jobs/${ukCare}`, { params: { id: ukCare } })).data as {
        restriction: { explanation: string; residence: string } | null;
      };
    expect((await page(zimbabwean)).restriction).toMatchObject({
      residence: "Zimbabwe", // named in the page's language by the server
      explanation: expect.stringContaining("Code of Practice"),
    });
    // In the page's language: the seeded rule is written in French and Portuguese too.
    const french = await runAs(zimbabwean, detailLoader, `/fr/jobs/${ukCare}`, {
      params: { id: ukCare },
    });
    expect((french.data as Awaited<ReturnType<typeof page>>).restriction).toMatchObject({
      residence: "Zimbabwe",
      explanation: expect.stringContaining("code de bonnes pratiques britannique"),
    });
    expect((await page(kenyan)).restriction).toBeNull();
    expect((await page(null)).restriction).toBeNull();
    const building = await runAs(zimbabwean, detailLoader, `/jobs/${ukBuilding}`, {
      params: { id: ukBuilding },
    });
    expect((building.data as { restriction: unknown }).restriction).toBeNull();
  });

  it("records a direct application with the restriction, and staff see it", async () => {
    const apply = (user: TestUser) =>
      runAs(user, applyAction, `/jobs/${ukCare}`, { params: { id: ukCare }, form: { note: "" } });
    expect((await apply(zimbabwean)).status).toBe(302);
    expect((await apply(kenyan)).status).toBe(302);
    const [zw] = await ctx.rowsWhere(jobApplications, "userId", zimbabwean.id);
    const [ke] = await ctx.rowsWhere(jobApplications, "userId", kenyan.id);
    const restriction = (await listRecruitmentRestrictions()).find(
      (r) => r.destination === "GB" && r.sector === "healthcare" && r.residence === "ZW",
    )!;
    expect(zw).toMatchObject({ directApplication: true, restrictionId: restriction.id });
    expect(ke).toMatchObject({ directApplication: false, restrictionId: null });

    const admin = await createTestUser({ role: "admin" });
    // The applications list row and the details dialog read the recorded flag.
    const list = await runAs(admin, applicationsLoader, `/admin/applications?view=${zw!.id}`);
    const data = list.data as {
      applications: { items: { id: string; directApplication: boolean }[] };
      details: { app: { directApplication: boolean } } | null;
    };
    const rows = JSON.stringify(data);
    expect(rows).toContain(`"id":"${zw!.id}"`);
    expect(rows).toMatch(new RegExp(`"id":"${zw!.id}"[^}]*"directApplication":true`));
    expect(rows).toMatch(new RegExp(`"id":"${ke!.id}"[^}]*"directApplication":false`));
    // The applicant's page too.
    const page = await runAs(admin, applicantLoader, `/admin/applicants/${zimbabwean.id}`, {
      params: { id: zimbabwean.id },
    });
    expect(JSON.stringify(page.data)).toContain(`"directApplication":true`);
  });
});

describe("admins edit the restrictions in Site Settings", () => {
  it("adds, changes and deletes one, each audited; others are refused", async () => {
    const admin = await createTestUser({ role: "admin" });
    const manager = await createTestUser({ role: "manager" });
    const form = {
      intent: "restriction",
      destination: "pl",
      sector: "construction",
      residence: "ke",
      explanation: "Not advertised to residents of Kenya (test).",
    };
    expect(await runAs(manager, settingsAction, "/admin/settings", { form })).toMatchObject({
      status: 302,
      location: "/dashboard",
    });
    expect(await runAs(manager, settingsLoader, "/admin/settings")).toMatchObject({
      status: 302,
      location: "/dashboard",
    });

    const saved = await runAs(admin, settingsAction, "/admin/settings", { form });
    expect(saved).toMatchObject({ status: 302 });
    expect(saved.location).toContain("done=restrictionSaved");
    const created = (await listRecruitmentRestrictions()).find(
      (r) => r.destination === "PL" && r.residence === "KE",
    )!;
    expect(created).toMatchObject({ sector: "construction", explanation: form.explanation });

    const duplicate = await runAs(admin, settingsAction, "/admin/settings", { form });
    expect(duplicate).toMatchObject({
      status: 400,
      data: { flash: { message: "restrictions.errors.duplicate" } },
    });
    const invalid = await runAs(admin, settingsAction, "/admin/settings", {
      form: { ...form, residence: "Kenya", explanation: "" },
    });
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(invalid.data)).toContain("restrictions.errors.residence");
    expect(JSON.stringify(invalid.data)).toContain("restrictions.errors.explanation");

    // The settings page opens it for editing (?restriction=<id>).
    setPaymentProvider(new SimulatedPaymentProvider(0)); // the page lists the offered providers
    const page = await runAs(admin, settingsLoader, `/admin/settings?restriction=${created.id}`);
    expect(page.data).toMatchObject({ editingRestriction: { id: created.id } });

    await runAs(admin, settingsAction, "/admin/settings", {
      form: {
        ...form,
        id: created.id,
        sector: "",
        explanation: "Any sector now.",
        explanationPt: "Qualquer setor agora.",
      },
    });
    expect((await listRecruitmentRestrictions()).find((r) => r.id === created.id)).toMatchObject({
      sector: null,
      explanation: "Any sector now.",
      explanationFr: "",
      explanationPt: "Qualquer setor agora.",
    });

    const deleted = await runAs(admin, settingsAction, "/admin/settings", {
      form: { intent: "restriction-delete", id: created.id },
    });
    expect(deleted.location).toContain("done=restrictionDeleted");
    expect((await listRecruitmentRestrictions()).some((r) => r.id === created.id)).toBe(false);
    expect(
      await runAs(manager, settingsAction, "/admin/settings", {
        form: { intent: "restriction-delete", id: created.id },
      }),
    ).toMatchObject({ status: 302, location: "/dashboard" });

    const audits = await ctx.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(
        and(eq(auditLog.targetType, "recruitment_restriction"), eq(auditLog.targetId, created.id)),
      );
    expect(audits.map((a) => a.action).sort()).toEqual([
      "recruitment_restriction.delete",
      "recruitment_restriction.save",
      "recruitment_restriction.save",
    ]);
    expect(audits.every((a) => a.actorId === admin.id)).toBe(true);
  });
});
