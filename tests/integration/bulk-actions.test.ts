import path from "node:path";
import { and, count, eq, inArray, like, sql } from "drizzle-orm";
import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { action as applicationsAction } from "~/app/routes/admin/applications";
import { action as usersAction } from "~/app/routes/admin/users";
import { action as documentsAction } from "~/app/routes/dashboard/documents";
import { action as jobAction } from "~/app/routes/jobs/detail";
import { action as contactAction } from "~/app/routes/public/contact";
import type { BulkSummary } from "~/domain/bulk-actions";
import { registerAdminExportEndpoints } from "~/server/admin/export-endpoints.server";
import {
  applicationStatusHistory,
  auditLog,
  countries,
  jobApplications,
  jobs,
  mailOutbox,
  notifications,
  profiles,
  programs,
} from "~/server/db/schema";
import { LocalStorageDriver } from "~/server/storage/local.server";
import { setStorage } from "~/server/storage/storage.server";
import { createTestUser, fetchAs, runAs, setupTestDatabase, type TestUser } from "./harness";

// Bulk actions and owners: each application changes in its own transaction through
// the single status-change service, so every changed one has its history, audit entry,
// notification and e-mail, and a refused one is left exactly as it was.

const ctx = setupTestDatabase();

let manager: TestUser;
let admin: TestUser;
let colleague: TestUser;

const BULK = 500;

beforeAll(async () => {
  setStorage(new LocalStorageDriver(path.join(ctx.dataDir, "uploads")));
  manager = await createTestUser({ role: "manager", fullName: "Maria Manager" });
  admin = await createTestUser({ role: "admin", fullName: "Ada Admin" });
  colleague = await createTestUser({ role: "manager", fullName: "Chipo Colleague" });
});

/** A bulk form posted to the applications list as `user`. */
async function postBulk(
  user: TestUser,
  form: Record<string, string | string[]>,
  path = "/admin/applications",
) {
  return runAs(user, applicationsAction, path, { form: { intent: "bulk", ...form } });
}

function summaryOf(outcome: { data: unknown }) {
  return (outcome.data as { summary: BulkSummary }).summary;
}

describe("a bulk status change over 500 applications", () => {
  const title = "Bulk Stage Job";
  let jobId: string;
  let stuckId: string;
  let endedId: string;

  beforeAll(async () => {
    const [job] = await ctx.db
      .insert(jobs)
      .values({ title, description: "Bulk" })
      .returning({ id: jobs.id });
    jobId = job!.id;
    await ctx.db.execute(sql`
      insert into profiles (id, full_name, email, created_at, updated_at)
      select 'stage-' || g, 'Stage Person ' || lpad(g::text, 4, '0'),
             'stage' || g || '@bulk.test', now(), now()
      from generate_series(1, ${BULK + 2}) g`);
    await ctx.db.execute(sql`
      insert into job_applications (user_id, job_id, status, owner_id, applied_at)
      select 'stage-' || g, ${jobId}::uuid,
             (case when g <= ${BULK} then 'documents_uploaded'
                   when g = ${BULK + 1} then 'job_matched' else 'departed' end)::application_status,
             ${manager.id}, now() - g * interval '1 second'
      from generate_series(1, ${BULK + 2}) g`);
    const [stuck] = await ctx.db
      .select({ id: jobApplications.id })
      .from(jobApplications)
      .where(eq(jobApplications.userId, `stage-${BULK + 1}`));
    const [ended] = await ctx.db
      .select({ id: jobApplications.id })
      .from(jobApplications)
      .where(eq(jobApplications.userId, `stage-${BULK + 2}`));
    stuckId = stuck!.id;
    endedId = ended!.id;
  });

  it("commits each one with its history, audit entry, notification and e-mail; refused ones stay untouched", async () => {
    // "Every application matching the filter": the manager's own (the default view), this job.
    const outcome = await postBulk(manager, {
      selection: "matching",
      bulkAction: "next",
      q: title,
    });
    expect(outcome.status).toBe(200);
    const summary = summaryOf(outcome);
    expect(summary.changed).toBe(BULK);
    expect(
      summary.refused.map((r) => [r.id, r.reason]).sort((a, b) => a[0]!.localeCompare(b[0]!)),
    ).toEqual(
      [
        [stuckId, "needsInterviewDate"],
        [endedId, "noNextStage"],
      ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );

    const apps = await ctx.db
      .select({ id: jobApplications.id, status: jobApplications.status })
      .from(jobApplications)
      .where(eq(jobApplications.jobId, jobId));
    const moved = apps.filter((a) => a.id !== stuckId && a.id !== endedId);
    expect(moved).toHaveLength(BULK);
    expect(new Set(moved.map((a) => a.status))).toEqual(new Set(["job_matched"]));
    const movedIds = moved.map((a) => a.id);

    const history = await ctx.db
      .select()
      .from(applicationStatusHistory)
      .where(inArray(applicationStatusHistory.applicationId, movedIds));
    expect(history).toHaveLength(BULK);
    expect(
      history.every(
        (h) =>
          h.fromStatus === "documents_uploaded" &&
          h.toStatus === "job_matched" &&
          h.changedBy === manager.id,
      ),
    ).toBe(true);

    const audits = await ctx.db
      .select({ targetId: auditLog.targetId })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "application.status_change"), eq(auditLog.actorId, manager.id)),
      );
    expect(new Set(audits.map((a) => a.targetId))).toEqual(new Set(movedIds));

    const [mail] = await ctx.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(like(mailOutbox.to, "stage%@bulk.test"));
    expect(mail!.n).toBe(BULK);
    const [told] = await ctx.db
      .select({ n: count() })
      .from(notifications)
      .where(like(notifications.userId, "stage-%"));
    expect(told!.n).toBe(BULK);

    // The refused two: status, history, audit and mail exactly as before.
    for (const [id, status] of [
      [stuckId, "job_matched"],
      [endedId, "departed"],
    ] as const) {
      const [app] = await ctx.db
        .select({ status: jobApplications.status })
        .from(jobApplications)
        .where(eq(jobApplications.id, id));
      expect(app!.status).toBe(status);
      expect(
        await ctx.db
          .select()
          .from(applicationStatusHistory)
          .where(eq(applicationStatusHistory.applicationId, id)),
      ).toHaveLength(0);
      expect(await ctx.auditEntries(id)).toHaveLength(0);
    }
    expect(await ctx.mailsTo(`stage${BULK + 1}@bulk.test`)).toHaveLength(0);
    expect(await ctx.mailsTo(`stage${BULK + 2}@bulk.test`)).toHaveLength(0);
  });

  it("refuses a status of the other kind's stages and leaves that application untouched", async () => {
    const [ie] = await ctx.db.select().from(countries).where(eq(countries.code, "IE"));
    const [program] = await ctx.db
      .insert(programs)
      .values({
        title: "BSc Bulk Nursing",
        university: "Bulk University",
        city: "Cork",
        countryId: ie!.id,
        level: "bachelor",
        fieldOfStudy: "health",
        durationMonths: 36,
        languageOfInstruction: "English",
        tuitionAmount: 21000,
        tuitionCurrency: "EUR",
        intakes: ["2032-09-01"],
        description: "Bulk.",
      })
      .returning({ id: programs.id });
    const student = await createTestUser({ role: "student_applicant" });
    const seeker = await createTestUser();
    await ctx.verifyDocuments(seeker);
    const [studyApp] = await ctx.db
      .insert(jobApplications)
      .values({
        userId: student.id,
        kind: "program",
        programId: program!.id,
        intake: "2032-09-01",
        status: "documents_submitted",
      })
      .returning({ id: jobApplications.id });
    const [jobApp] = await ctx.db
      .insert(jobApplications)
      .values({ userId: seeker.id, jobId, status: "job_matched" })
      .returning({ id: jobApplications.id });

    const mailsBefore = (await ctx.mailsTo(student.email)).length;
    const outcome = await postBulk(admin, {
      selection: "selected",
      id: [studyApp!.id, jobApp!.id],
      bulkAction: "status",
      toStatus: "offer_received",
    });
    const summary = summaryOf(outcome);
    expect(summary.changed).toBe(1);
    expect(summary.refused).toEqual([
      expect.objectContaining({ id: studyApp!.id, reason: "notForKind" }),
    ]);
    const [study] = await ctx.db
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.id, studyApp!.id));
    expect(study!.status).toBe("documents_submitted");
    expect(
      await ctx.db
        .select()
        .from(applicationStatusHistory)
        .where(eq(applicationStatusHistory.applicationId, studyApp!.id)),
    ).toHaveLength(0);
    expect(await ctx.mailsTo(student.email)).toHaveLength(mailsBefore);
    const [moved] = await ctx.db
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.id, jobApp!.id));
    expect(moved!.status).toBe("offer_received");
  });
});

describe("moving Registration Pending applicants to the next stage", () => {
  it("moves only those who paid; each unpaid one is listed with why, untouched and not told", async () => {
    const job = await ctx.createTestJob({ title: "Bulk Fee Job", description: "x" });
    const paid = await createTestUser({ fullName: "Rudo Paidup" });
    await ctx.setPaid(paid.id);
    const unpaid = [
      await createTestUser({ fullName: "Nyasha Notpaid" }),
      await createTestUser({ fullName: "Tapiwa Notpaid" }),
    ];
    const paidApp = await ctx.createTestApplication(paid, { jobId: job.id });
    const unpaidApps = [
      await ctx.createTestApplication(unpaid[0]!, { jobId: job.id }),
      await ctx.createTestApplication(unpaid[1]!, { jobId: job.id }),
    ];
    await ctx.db.delete(mailOutbox);

    const outcome = await postBulk(admin, {
      selection: "matching",
      bulkAction: "next",
      q: "Bulk Fee Job",
      status: "registration_pending",
      owner: "all",
    });
    expect(outcome.status).toBe(200);
    const summary = summaryOf(outcome);
    expect(summary.changed).toBe(1);
    expect(summary.refused.map((r) => [r.id, r.reason, r.label]).sort()).toEqual(
      [
        [unpaidApps[0], "feeNotPaid", "Nyasha Notpaid · Bulk Fee Job"],
        [unpaidApps[1], "feeNotPaid", "Tapiwa Notpaid · Bulk Fee Job"],
      ].sort(),
    );

    const [moved] = await ctx.db
      .select({ status: jobApplications.status })
      .from(jobApplications)
      .where(eq(jobApplications.id, paidApp));
    expect(moved!.status).toBe("registration_paid");
    expect(await ctx.mailsTo(paid.email)).toHaveLength(1);

    for (const [i, id] of unpaidApps.entries()) {
      const [app] = await ctx.db
        .select({ status: jobApplications.status })
        .from(jobApplications)
        .where(eq(jobApplications.id, id));
      expect(app!.status).toBe("registration_pending");
      expect(
        await ctx.db
          .select()
          .from(applicationStatusHistory)
          .where(eq(applicationStatusHistory.applicationId, id)),
      ).toEqual([]);
      expect(await ctx.auditEntries(id)).toEqual([]);
      expect(await ctx.mailsTo(unpaid[i]!.email)).toEqual([]);
      expect(
        await ctx.db.select().from(notifications).where(eq(notifications.userId, unpaid[i]!.id)),
      ).toEqual([]);
    }
  });

  it("refuses a set status whose fact is false the same way (Registration Paid for the unpaid)", async () => {
    const person = await createTestUser({ fullName: "Farai Unpaidset" });
    const id = await ctx.createTestApplication(person);
    const summary = summaryOf(
      await postBulk(admin, {
        selection: "selected",
        id: [id],
        bulkAction: "status",
        toStatus: "registration_paid",
      }),
    );
    expect(summary).toMatchObject({
      changed: 0,
      refused: [expect.objectContaining({ id, reason: "feeNotPaid" })],
    });
    expect(
      await ctx.db.select().from(notifications).where(eq(notifications.userId, person.id)),
    ).toEqual([]);
  });
});

describe("Export CSV of the chosen rows", () => {
  const app = new Hono();
  registerAdminExportEndpoints(app);
  const download = async (user: TestUser, path: string) => (await fetchAs(app, user, path)).text();

  it("downloads only the ticked applications, or the ticked people", async () => {
    const a = await createTestUser({ fullName: "Tariro Csvpick" });
    const b = await createTestUser({ fullName: "Kuda Csvpick" });
    const job = await ctx.createTestJob({ title: "Csv Pick Job", description: "x" });
    const picked = await ctx.createTestApplication(a, { jobId: job.id });
    await ctx.createTestApplication(b, { jobId: job.id });

    // The bulk form's Export button sends its fields: the ticked ids and the list's filter.
    const apps = await download(
      admin,
      `/exports/applications.csv?intent=bulk&owner=all&q=csvpick&selection=selected&id=${picked}`,
    );
    const lines = apps.trimEnd().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Tariro Csvpick");
    // "Every row matching the filter": both.
    const all = await download(
      admin,
      `/exports/applications.csv?owner=all&q=csvpick&selection=matching&id=${picked}`,
    );
    expect(all.trimEnd().split("\r\n")).toHaveLength(3);

    const people = await download(
      admin,
      `/exports/users.csv?q=csvpick&selection=page&pageId=${b.id}`,
    );
    expect(
      people
        .trimEnd()
        .split("\r\n")
        .slice(1)
        .map((l) => l.split(",")[0]),
    ).toEqual(["Kuda Csvpick"]);
  });
});

describe("who may use the bulk forms", () => {
  it("turns away an applicant, and a manager from the user list, before anything changes", async () => {
    const seeker = await createTestUser();
    const before = await ctx.db.select({ n: count() }).from(auditLog);
    const asApplicant = await postBulk(seeker, {
      selection: "matching",
      bulkAction: "owner",
      ownerId: seeker.id,
      owner: "all",
    });
    expect(asApplicant.location).toBe("/dashboard");
    const asManager = await runAs(manager, usersAction, "/admin/users", {
      form: { intent: "bulk", selection: "matching", bulkAction: "owner", ownerId: manager.id },
    });
    expect(asManager.location).toBe("/dashboard");
    expect(await ctx.db.select({ n: count() }).from(auditLog)).toEqual(before);
  });
});

describe("owners", () => {
  it("assigns applications to an owner, each reassignment audited with the owner before and after", async () => {
    const seeker = await createTestUser({ fullName: "Owned Applicant" });
    const applicationId = await ctx.createTestApplication(seeker, {
      job: { title: "Owner Job", description: "x" },
    });

    // Assigned to the manager, then reassigned to the colleague.
    for (const owner of [manager, colleague]) {
      const outcome = await postBulk(admin, {
        selection: "selected",
        id: applicationId,
        bulkAction: "owner",
        ownerId: owner.id,
      });
      expect(summaryOf(outcome).changed).toBe(1);
    }

    const [row] = await ctx.db
      .select({ ownerId: jobApplications.ownerId })
      .from(jobApplications)
      .where(eq(jobApplications.id, applicationId));
    expect(row!.ownerId).toBe(colleague.id);
    const entries = await ctx.db
      .select({ details: auditLog.details, actorId: auditLog.actorId })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "application.assign_owner"), eq(auditLog.targetId, applicationId)),
      )
      .orderBy(auditLog.createdAt);
    expect(entries).toEqual([
      { actorId: admin.id, details: { from: null, to: manager.id } },
      { actorId: admin.id, details: { from: manager.id, to: colleague.id } },
    ]);

    // An owner must be staff.
    const refused = await postBulk(admin, {
      selection: "selected",
      id: applicationId,
      bulkAction: "owner",
      ownerId: seeker.id,
    });
    expect(refused.status).toBe(400);
  });

  it("assigns applicants from the user list (staff accounts refused), audited", async () => {
    const a = await createTestUser({ fullName: "List Applicant A" });
    const b = await createTestUser({ fullName: "List Applicant B" });
    const outcome = await runAs(admin, usersAction, "/admin/users", {
      form: {
        intent: "bulk",
        selection: "selected",
        id: [a.id, b.id, colleague.id],
        bulkAction: "owner",
        ownerId: manager.id,
      },
    });
    const summary = summaryOf(outcome);
    expect(summary.changed).toBe(2);
    expect(summary.refused).toEqual([
      expect.objectContaining({ id: colleague.id, reason: "notApplicant" }),
    ]);
    const owned = await ctx.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.ownerId, manager.id));
    expect(owned.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
    const audits = await ctx.db
      .select({ targetId: auditLog.targetId })
      .from(auditLog)
      .where(eq(auditLog.action, "user.assign_owner"));
    expect(audits.map((x) => x.targetId).sort()).toEqual([a.id, b.id].sort());
  });

  it("starts a new application of an owned applicant with their owner", async () => {
    const applicant = await createTestUser({ fullName: "Owned Newcomer" });
    await ctx.db
      .update(profiles)
      .set({ ownerId: colleague.id })
      .where(eq(profiles.id, applicant.id));
    const [job] = await ctx.db
      .insert(jobs)
      .values({ title: "Owned Start Job", description: "x" })
      .returning({ id: jobs.id });
    const outcome = await runAs(applicant, jobAction, `/jobs/${job!.id}`, {
      form: { note: "" },
      params: { id: job!.id },
    });
    expect(outcome.location).toContain("done=applied");
    const [app] = await ctx.db
      .select({ ownerId: jobApplications.ownerId })
      .from(jobApplications)
      .where(eq(jobApplications.userId, applicant.id));
    expect(app!.ownerId).toBe(colleague.id);
  });

  it("tells the owner of a new document and of a message from their applicant, in-app and by e-mail", async () => {
    const owner = await createTestUser({ role: "manager", fullName: "Owen Owner" });
    const applicant = await createTestUser({ fullName: "Rudo Owned" });
    await ctx.db.update(profiles).set({ ownerId: owner.id }).where(eq(profiles.id, applicant.id));

    const PDF = Buffer.from(
      "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
    );
    await runAs(applicant, documentsAction, "/dashboard/documents", {
      form: { documentType: "passport", file: new File([new Uint8Array(PDF)], "passport.pdf") },
    });
    await runAs(null, contactAction, "/contact", {
      form: {
        name: applicant.fullName,
        email: applicant.email,
        phone: "",
        subject: "About my visa",
        message: "When is my interview?",
        website: "",
      },
    });

    const told = await ctx.db
      .select({ kind: notifications.kind, title: notifications.title })
      .from(notifications)
      .where(eq(notifications.userId, owner.id))
      .orderBy(notifications.createdAt);
    expect(told).toEqual([
      { kind: "applicant_activity", title: "Rudo Owned sent a new document" },
      { kind: "applicant_activity", title: "Rudo Owned sent a message" },
    ]);
    // (Besides the sign-up's confirmation e-mail.)
    const mails = (await ctx.mailsTo(owner.email)).filter((m) => m.subject.includes("Rudo"));
    expect(mails.map((m) => m.subject).sort()).toEqual(
      ["Rudo Owned sent a message", "Rudo Owned sent a new document"].sort(),
    );
    expect(mails.find((m) => m.subject.includes("document"))!.text).toContain("Passport");

    // Someone nobody owns: no staff member is told.
    const loner = await createTestUser({ fullName: "Nobody's Applicant" });
    await runAs(loner, documentsAction, "/dashboard/documents", {
      form: { documentType: "cv", file: new File([new Uint8Array(PDF)], "cv.pdf") },
    });
    const [n] = await ctx.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.kind, "applicant_activity"));
    expect(n!.n).toBe(2);
  });
});
