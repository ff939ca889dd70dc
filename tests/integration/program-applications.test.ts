import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  action as applicationsAction,
  loader as applicationsLoader,
} from "~/app/routes/admin/applications";
import { loader as pipelineLoader } from "~/app/routes/admin/pipeline";
import { loader as myApplicationsLoader } from "~/app/routes/dashboard/applications";
import { action as applyAction, loader as programLoader } from "~/app/routes/public/study-program";
import { exportApplicationsForStaff } from "~/server/applications/staff.server";
import {
  applicationStatusHistory,
  documents,
  jobApplications,
  notifications,
  profiles,
} from "~/server/db/schema";
import { getSiteSettings, updateSiteSettings } from "~/server/settings/settings.server";
import { EVERY_OFFICE, createTestUser, runAs, setupTestDatabase, type TestUser } from "./harness";

const ctx = setupTestDatabase();
let manager: TestUser;
let programId: string;
const SEPT = "2031-09-01";
const JAN = "2032-01-10";

beforeAll(async () => {
  manager = await createTestUser({ role: "manager" });
  const program = await ctx.createTestProgram({
    title: "MSc Applied Nursing",
    university: "University College Cork",
    city: "Cork",
    level: "master",
    durationMonths: 12,
    tuitionAmount: 21000,
    intakes: ["2020-09-01", SEPT, JAN],
    requiredDocuments: ["passport", "transcript"],
    description: "Clinical practice.",
  });
  programId = program.id;
});

async function apply(user: TestUser, form: Record<string, string>) {
  return runAs(user, applyAction, `/study/${programId}`, {
    form: { intent: "apply", ...form },
    params: { id: programId },
  });
}

async function applicationOf(user: TestUser, intake = SEPT) {
  const [row] = await ctx.db
    .select()
    .from(jobApplications)
    .where(and(eq(jobApplications.userId, user.id), eq(jobApplications.intake, intake)));
  return row;
}

async function paidStudent() {
  const student = await createTestUser({ role: "student_applicant" });
  await ctx.setPaid(student.id);
  return student;
}

describe("applying to a program", () => {
  it("takes a paid student's application once per program and intake", async () => {
    const student = await paidStudent();
    const first = await apply(student, { intake: SEPT, note: "I finish my BSc in June." });
    expect(first.status).toBe(302);
    expect(first.location).toBe(`/study/${programId}?done=applied`);
    const app = await applicationOf(student);
    expect(app).toMatchObject({
      kind: "program",
      programId,
      jobId: null,
      status: "registration_paid",
    });
    const again = await apply(student, { intake: SEPT });
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.data)).toContain("apply.errors.duplicate");
    const later = await apply(student, { intake: JAN });
    expect(later.location).toContain("done=applied");
    // A past intake, or one the program does not have, is refused and nothing is written.
    for (const intake of ["2020-09-01", "2031-10-01"]) {
      const refused = await apply(student, { intake });
      expect(refused.status).toBe(400);
      expect(await applicationOf(student, intake)).toBeUndefined();
    }
    const page = await runAs(student, programLoader, `/study/${programId}`, {
      params: {
        id: programId,
      },
    });
    expect(
      (page.data as { applied: { intake: string }[] }).applied.map((a) => a.intake).sort(),
    ).toEqual([SEPT, JAN]);
  });

  it("starts at Documents Submitted when every required document is already verified", async () => {
    const student = await paidStudent();
    for (const type of ["passport", "transcript"] as const) {
      await ctx.db.insert(documents).values({
        userId: student.id,
        documentType: type,
        fileName: `${type}.pdf`,
        storageKey: `k-${student.id}-${type}`,
        fileSize: 10,
        contentType: "application/pdf",
        status: "verified",
      });
    }
    await apply(student, { intake: SEPT });
    expect((await applicationOf(student))!.status).toBe("documents_submitted");
  });

  it("asks a job seeker to switch to a student account first, then takes the application", async () => {
    const seeker = await createTestUser({ role: "job_seeker", paid: true });
    const refused = await apply(seeker, { intake: SEPT });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.data)).toContain("apply.errors.role");
    const switched = await runAs(seeker, applyAction, `/study/${programId}`, {
      form: { intent: "switch-role" },
      params: { id: programId },
    });
    expect(switched.location).toContain("done=switched");
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, seeker.id));
    expect(profile!.role).toBe("student_applicant");
    expect((await apply(seeker, { intake: SEPT })).location).toContain("done=applied");
  });

  it("holds the fee rule: unpaid students pay first unless the setting says programs are free", async () => {
    const student = await createTestUser({ role: "student_applicant" });
    const refused = await apply(student, { intake: SEPT });
    expect(refused.status).toBe(302);
    // Back to the program once paid.
    expect(refused.location).toBe(
      `/dashboard/payment?notice=payment-required&redirectTo=${encodeURIComponent(`/study/${programId}`)}`,
    );
    expect(await applicationOf(student)).toBeUndefined();

    const settings = await getSiteSettings();
    await updateSiteSettings({
      actor: manager,
      value: { ...settings, study: { requireFee: false } },
    });
    try {
      const taken = await apply(student, { intake: SEPT });
      expect(taken.location).toContain("done=applied");
      const app = await applicationOf(student);
      const [first] = await ctx.db
        .select()
        .from(applicationStatusHistory)
        .where(eq(applicationStatusHistory.applicationId, app!.id));
      expect(first!.note).toContain("not required");
    } finally {
      await updateSiteSettings({ actor: manager, value: settings });
    }
  });
});

describe("study stages in the back-office", () => {
  it("writes history, audit, notification and e-mail together on each study stage change", async () => {
    const student = await paidStudent();
    await apply(student, { intake: SEPT });
    const app = await applicationOf(student);
    // What the program asks for, verified: the offer and visa stages wait for it (record 44).
    await ctx.verifyDocuments(student, ["passport", "transcript"]);
    const stages = ["submitted_to_university", "conditional_offer", "visa_granted"] as const;
    for (const status of stages) {
      const outcome = await runAs(manager, applicationsAction, "/admin/applications", {
        form: { intent: "status", applicationId: app!.id, status },
      });
      expect(outcome.status, status).toBe(302);
    }
    const history = await ctx.db
      .select()
      .from(applicationStatusHistory)
      .where(eq(applicationStatusHistory.applicationId, app!.id));
    expect(history.map((h) => h.toStatus)).toEqual(["registration_paid", ...stages]);
    const audits = await ctx.auditEntries(app!.id);
    expect(audits.map((a) => a.action)).toEqual(stages.map(() => "application.status_change"));
    const notes = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, student.id));
    expect(notes).toHaveLength(3);
    expect(notes.map((n) => n.body).join(" ")).toContain("MSc Applied Nursing");
    const mails = await ctx.mailsTo(student.email);
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining("Visa Granted")]),
    );
  });

  it("refuses a job stage for a program application (and a study stage for a job), writing nothing", async () => {
    const student = await paidStudent();
    await apply(student, { intake: SEPT });
    const app = await applicationOf(student);
    const job = await ctx.createTestJob();
    const [jobApp] = await ctx.db
      .insert(jobApplications)
      .values({ userId: student.id, jobId: job.id })
      .returning();
    for (const [id, status] of [
      [app!.id, "interview_completed"],
      [jobApp!.id, "conditional_offer"],
    ] as const) {
      const outcome = await runAs(manager, applicationsAction, "/admin/applications", {
        form: { intent: "status", applicationId: id, status },
      });
      expect(outcome.status).toBe(400);
      const history = await ctx.db
        .select()
        .from(applicationStatusHistory)
        .where(eq(applicationStatusHistory.applicationId, id));
      expect(history.map((h) => h.toStatus)).not.toContain(status);
    }
  });

  it("lists both kinds, filters by kind, shows study stages on the board and exports kind and program", async () => {
    const both = await runAs(manager, applicationsLoader, "/admin/applications?owner=all");
    type Data = {
      list: { items: { kind: string; jobTitle: string; university: string | null }[] };
    };
    const kinds = new Set((both.data as Data).list.items.map((r) => r.kind));
    expect([...kinds].sort()).toEqual(["job", "program"]);
    const studies = await runAs(
      manager,
      applicationsLoader,
      "/admin/applications?owner=all&kind=program&q=applied nursing",
    );
    const rows = (studies.data as Data).list.items;
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.every((r) => r.kind === "program" && r.university === "University College Cork"),
    ).toBe(true);

    const board = await runAs(manager, pipelineLoader, "/admin/pipeline?kind=program");
    const columns = (board.data as { columns: { status: string; total: number }[] }).columns;
    expect(columns.map((c) => c.status)).toContain("conditional_offer");
    expect(columns.map((c) => c.status)).not.toContain("interview_scheduled");
    expect(columns.find((c) => c.status === "visa_granted")!.total).toBe(1);

    const exported = await exportApplicationsForStaff({ kind: "program" }, EVERY_OFFICE);
    expect(exported[0]).toMatchObject({ kind: "program", jobTitle: "MSc Applied Nursing" });
  });

  it("shows staff the documents the program asks for, next to the applicant's", async () => {
    const student = await paidStudent();
    await ctx.db.insert(documents).values({
      userId: student.id,
      documentType: "passport",
      fileName: "passport.pdf",
      storageKey: `k-${student.id}-passport`,
      fileSize: 10,
      contentType: "application/pdf",
    });
    await apply(student, { intake: SEPT });
    const app = await applicationOf(student);
    const outcome = await runAs(manager, applicationsLoader, `/admin/applications?view=${app!.id}`);
    const details = (
      outcome.data as {
        details: { requiredDocuments: string[]; documents: { documentType: string }[] };
      }
    ).details;
    expect(details.requiredDocuments).toEqual(["passport", "transcript"]);
    expect(details.documents.map((d) => d.documentType)).toEqual(["passport"]);
  });

  it("shows the student their program application with its study tracker data", async () => {
    const student = await paidStudent();
    await apply(student, { intake: JAN });
    const outcome = await runAs(student, myApplicationsLoader, "/dashboard/applications");
    const items = (outcome.data as { items: { kind: string; jobTitle: string; intake: string }[] })
      .items;
    expect(items[0]).toMatchObject({
      kind: "program",
      jobTitle: "MSc Applied Nursing",
      intake: JAN,
    });
  });
});

describe("the student's dashboard", () => {
  it("recommends programs in the preferred country and field first, leaving out those applied to", async () => {
    const { loader: dashboardLoader } = await import("~/app/routes/dashboard/home");
    const student = await createTestUser({ role: "student_applicant" });
    await ctx.db
      .update(profiles)
      .set({ preferredCountryCode: "IE", preferredFieldOfStudy: "health" })
      .where(eq(profiles.id, student.id));
    type Dash = { recommended: { basis: string; programs: { id: string; title: string }[] } };
    const before = await runAs(student, dashboardLoader, "/dashboard");
    const first = (before.data as Dash).recommended;
    expect(first.basis).toBe("programs");
    expect(first.programs[0]!.id).toBe(programId);

    await ctx.setPaid(student.id);
    await apply(student, { intake: SEPT });
    const after = await runAs(student, dashboardLoader, "/dashboard");
    expect((after.data as Dash).recommended.programs.map((p) => p.id)).not.toContain(programId);
  });

  it("saves a student's preferred field of study from the profile form", async () => {
    const { action: profileAction } = await import("~/app/routes/dashboard/profile");
    const student = await createTestUser({ role: "student_applicant" });
    await runAs(student, profileAction, "/dashboard/profile", {
      form: {
        intent: "profile",
        fullName: student.fullName,
        country: "Zimbabwe",
        preferredFieldOfStudy: "engineering",
      },
    });
    const [row] = await ctx.db.select().from(profiles).where(eq(profiles.id, student.id));
    expect(row!.preferredFieldOfStudy).toBe("engineering");
  });
});

describe("the staff dashboard", () => {
  it("counts study applications among all applications, and charts their stages", async () => {
    const { loader: adminDashboard } = await import("~/app/routes/admin/dashboard");
    const outcome = await runAs(manager, adminDashboard, "/admin");
    const data = outcome.data as {
      stats: { applications: number; studyApplications: number };
      byStatus: { status: string; count: number }[];
    };
    const study = await ctx.db
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.kind, "program"));
    expect(data.stats.studyApplications).toBe(study.length);
    expect(data.stats.applications).toBeGreaterThan(study.length);
    expect(data.byStatus.find((b) => b.status === "visa_granted")!.count).toBe(1);
  });
});
