import { and, asc, count, desc, eq, like, sql } from "drizzle-orm";
import { statusesForKind } from "~/domain/enums";
import { beforeAll, describe, expect, it } from "vitest";
import {
  action as applicationsAction,
  loader as applicationsLoader,
} from "~/app/routes/admin/applications";
import { action as pipelineAction } from "~/app/routes/admin/pipeline";
import { listApplicationsForApplicant } from "~/server/applications/apply.server";
import {
  changeApplicationStatus,
  getApplicationStatsForStaff,
  InterviewDateRequiredError,
  listAllApplicationsForStaff,
  listPipelineForStaff,
} from "~/server/applications/staff.server";
import {
  refusedStatusesForStaff,
  StatusFactFalseError,
} from "~/server/applications/application-facts.server";
import {
  applicationStatusHistory,
  auditLog,
  documents,
  jobApplications,
  jobs,
  mailOutbox,
  notifications,
  profiles,
  programs,
} from "~/server/db/schema";
import {
  EVERY_OFFICE,
  FAIL_AFTER_HISTORY,
  createTestUser,
  runAs,
  setupTestDatabase,
  type TestUser,
} from "./harness";
import { countQueries } from "./query-counter";
import { setDatabase } from "~/server/db/client.server";
import { readCounts } from "~/server/db/record-counts.server";

const ctx = setupTestDatabase();

let manager: TestUser;
let applicant: TestUser;
let applicationId: string;

/** The shared application as it is now. */
async function current() {
  const [app] = await ctx.db
    .select()
    .from(jobApplications)
    .where(eq(jobApplications.id, applicationId));
  return app!;
}

type ListOptions = Parameters<typeof listAllApplicationsForStaff>[0];

/** Every office's applications matching `filter`: page `page` of 25, unless `more` says otherwise. */
const listEvery = (filter: ListOptions["filter"], page = 1, more: Partial<ListOptions> = {}) =>
  listAllApplicationsForStaff({ scope: EVERY_OFFICE, filter, page, pageSize: 25, ...more });

// 400 applicants × 10 jobs = 4,000 applications, inserted with SQL in one go.
const USERS = 400;
const JOBS = 10;

beforeAll(async () => {
  manager = await createTestUser({ role: "manager", fullName: "Maria Manager" });
  applicant = await createTestUser({ fullName: "Tendai Moyo" });
  applicationId = await ctx.createTestApplication(applicant, {
    status: "job_matched",
    job: { title: "Care Assistant", description: "Care work" },
  });
  // The offer and visa stages wait for the passport and CV (decision record 44).
  await ctx.verifyDocuments(applicant);

  await ctx.db.execute(sql`
    insert into jobs (title, description, sector)
    select 'Bulk Job ' || lpad(g::text, 2, '0'), 'Bulk', 'logistics'
    from generate_series(1, ${JOBS}) g`);
  await ctx.db.execute(sql`
    insert into profiles (id, full_name, email, created_at, updated_at)
    select 'bulk-' || g, 'Bulk Person ' || lpad(g::text, 4, '0'),
           'bulk' || g || '@bulk.test', now(), now()
    from generate_series(1, ${USERS}) g`);
  await ctx.db.execute(sql`
    insert into job_applications (user_id, job_id, status, applied_at)
    select p.id, j.id,
           (enum_range(null::application_status))[1 + (row_number() over ()) % 11],
           now() - (row_number() over ()) * interval '1 minute'
    from profiles p cross join jobs j
    where p.id like 'bulk-%' and j.title like 'Bulk Job %'`);
});

describe("application status changes", () => {
  it("writes the status, history, audit, notification and e-mail together", async () => {
    const outcome = await runAs(manager, applicationsAction, "/admin/applications", {
      form: { intent: "status", applicationId, status: "offer_received" },
    });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toContain("done=statusUpdated");

    expect((await current()).status).toBe("offer_received");
    const history = await ctx.db
      .select()
      .from(applicationStatusHistory)
      .where(eq(applicationStatusHistory.applicationId, applicationId));
    expect(history).toEqual([
      expect.objectContaining({
        fromStatus: "job_matched",
        toStatus: "offer_received",
        changedBy: manager.id,
      }),
    ]);
    const audit = await ctx.auditEntries(applicationId, "application.status_change");
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(manager.id);
    const notes = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, applicant.id));
    expect(notes.map((n) => n.title)).toContain("Application status: Offer Received");
    const mails = await ctx.mailsTo(applicant.email);
    expect(mails.map((m) => m.subject)).toContain(
      "Your application for Care Assistant: Offer Received",
    );
  });

  it("leaves nothing behind when the change fails half-way", async () => {
    const before = await counts();
    await expect(
      changeApplicationStatus(
        { actor: manager, applicationId, status: "departed" },
        FAIL_AFTER_HISTORY,
      ),
    ).rejects.toThrow("boom");
    expect((await current()).status).toBe("offer_received");
    expect(await counts()).toEqual(before);
  });

  it("does not e-mail an applicant who turned e-mails off, but still notifies in-app", async () => {
    await ctx.db
      .update(profiles)
      .set({ emailNotifications: false })
      .where(eq(profiles.id, applicant.id));
    const mailsBefore = await ctx.mailsTo(applicant.email);
    await changeApplicationStatus({ actor: manager, applicationId, status: "visa_approved" });
    const mailsAfter = await ctx.mailsTo(applicant.email);
    expect(mailsAfter).toHaveLength(mailsBefore.length);
    const notes = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, applicant.id));
    expect(notes.map((n) => n.title)).toContain("Application status: Visa Approved");
    await ctx.db
      .update(profiles)
      .set({ emailNotifications: true })
      .where(eq(profiles.id, applicant.id));
  });

  it("moves a card on the pipeline board with the same rules", async () => {
    const outcome = await runAs(manager, pipelineAction, "/admin/pipeline", {
      form: { intent: "status", applicationId, status: "job_matched" },
    });
    expect(outcome.status).toBe(302);
    expect((await current()).status).toBe("job_matched");
  });

  it("rejects an unknown status without changing anything", async () => {
    const before = await counts();
    const outcome = await runAs(manager, applicationsAction, "/admin/applications", {
      form: { intent: "status", applicationId, status: "hired" },
    });
    expect(outcome).toMatchObject({
      status: 400,
      data: { intent: "status", flash: { ok: false, message: "errors.statusInvalid" } },
    });
    expect(await counts()).toEqual(before);
  });
});

describe("statuses that state a fact (decision record 32)", () => {
  /** A new applicant's job application at `status`, and what was written about it so far. */
  async function freshApplication(
    status: "registration_pending" | "registration_paid" | "interview_scheduled",
  ) {
    const person = await createTestUser();
    const id = await ctx.createTestApplication(person, { status });
    return { person, id };
  }

  async function traces(person: TestUser, id: string) {
    const [app] = await ctx.db.select().from(jobApplications).where(eq(jobApplications.id, id));
    return {
      status: app!.status,
      history: await ctx.db
        .select()
        .from(applicationStatusHistory)
        .where(eq(applicationStatusHistory.applicationId, id)),
      audit: await ctx.auditEntries(id),
      mails: (await ctx.mailsTo(person.email)).filter(
        (m) => !m.subject.startsWith("Confirm your e-mail"),
      ),
      notices: await ctx.db.select().from(notifications).where(eq(notifications.userId, person.id)),
    };
  }

  const postStatus = (form: Record<string, string>) =>
    runAs(manager, applicationsAction, "/admin/applications", {
      form: { intent: "status", ...form },
    });

  async function addDocument(
    person: TestUser,
    type: "passport" | "cv",
    status: "pending" | "verified",
  ) {
    await ctx.db.insert(documents).values({
      userId: person.id,
      documentType: type,
      fileName: `${type}.pdf`,
      storageKey: `facts/${person.id}/${type}/${Math.random()}`,
      fileSize: 100,
      contentType: "application/pdf",
      status,
    });
  }

  it("refuses Registration Paid while the fee is unpaid: nothing written, nobody told", async () => {
    const { person, id } = await freshApplication("registration_pending");
    const outcome = await postStatus({ applicationId: id, status: "registration_paid" });
    expect(outcome.status).toBe(409);
    expect(outcome.data).toMatchObject({ flash: { ok: false, message: "errors.fact.feeNotPaid" } });
    expect(await traces(person, id)).toEqual({
      status: "registration_pending",
      history: [],
      audit: [],
      mails: [],
      notices: [],
    });
    // The service refuses it too, whoever calls it.
    await expect(
      changeApplicationStatus({ actor: manager, applicationId: id, status: "registration_paid" }),
    ).rejects.toThrow(StatusFactFalseError);

    // The list offers it disabled, with why.
    const page = await runAs(
      manager,
      applicationsLoader,
      "/admin/applications?owner=all&q=" + encodeURIComponent(person.fullName),
    );
    const rows = (page.data as { list: { items: { id: string; refused: object }[] } }).list.items;
    expect(rows.find((r) => r.id === id)!.refused).toMatchObject({
      registration_paid: "feeNotPaid",
      documents_uploaded: "feeNotPaid",
    });
  });

  it("allows Registration Paid once a payment made the fee paid", async () => {
    const { person, id } = await freshApplication("registration_pending");
    await ctx.setPaid(person.id);
    const outcome = await postStatus({ applicationId: id, status: "registration_paid" });
    expect(outcome.status).toBe(302);
    const after = await traces(person, id);
    expect(after.status).toBe("registration_paid");
    expect(after.history).toHaveLength(1);
    expect(after.audit.map((a) => a.action)).toEqual(["application.status_change"]);
    expect(after.mails).toHaveLength(1);
  });

  it("refuses Documents Uploaded until the passport and CV are verified", async () => {
    const { person, id } = await freshApplication("registration_paid");
    await ctx.setPaid(person.id);
    await addDocument(person, "passport", "verified");
    await addDocument(person, "cv", "pending");
    const refused = await postStatus({ applicationId: id, status: "documents_uploaded" });
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ flash: { message: "errors.fact.documentsNotVerified" } });
    expect(await traces(person, id)).toMatchObject({
      status: "registration_paid",
      history: [],
      mails: [],
      notices: [],
    });

    await addDocument(person, "cv", "verified");
    const allowed = await postStatus({ applicationId: id, status: "documents_uploaded" });
    expect(allowed.status).toBe(302);
    expect((await traces(person, id)).status).toBe("documents_uploaded");
  });

  it("refuses Interview Completed before the interview's time, until its date says it was held", async () => {
    const { person, id } = await freshApplication("interview_scheduled");
    const tomorrow = new Date(Date.now() + 86_400_000);
    await ctx.db
      .update(jobApplications)
      .set({ interviewDate: tomorrow })
      .where(eq(jobApplications.id, id));
    const refused = await postStatus({ applicationId: id, status: "interview_completed" });
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ flash: { message: "errors.fact.interviewAhead" } });
    expect(await traces(person, id)).toMatchObject({
      status: "interview_scheduled",
      history: [],
      mails: [],
      notices: [],
    });
    // The list offers it disabled, with why.
    const [app] = await ctx.db.select().from(jobApplications).where(eq(jobApplications.id, id));
    const refusedInList = await refusedStatusesForStaff([{ ...app!, paid: true }]);
    expect(refusedInList.get(id)).toMatchObject({ interview_completed: "interviewAhead" });

    // Held an hour ago after all: once its date says so, the status may be set.
    await ctx.db
      .update(jobApplications)
      .set({ interviewDate: new Date(Date.now() - 3_600_000) })
      .where(eq(jobApplications.id, id));
    const allowed = await postStatus({ applicationId: id, status: "interview_completed" });
    expect(allowed.status).toBe(302);
    expect((await traces(person, id)).status).toBe("interview_completed");
  });

  it("refuses a change made on a stale page instead of overwriting the newer status", async () => {
    const { person, id } = await freshApplication("registration_pending");
    // Opened at version 1; someone marks it paid meanwhile (version 2).
    await ctx.db
      .update(jobApplications)
      .set({ status: "registration_paid" })
      .where(eq(jobApplications.id, id));
    const outcome = await postStatus({ applicationId: id, status: "job_matched", version: "1" });
    expect(outcome.status).toBe(409);
    expect(outcome.data).toMatchObject({
      flash: {
        message: "stale.refused",
        stale: { currentKey: "common:labels.applicationStatus.registration_paid.label" },
      },
    });
    expect(await traces(person, id)).toMatchObject({ status: "registration_paid", history: [] });
  });
});

describe("scheduling an interview", () => {
  const schedule = async (interviewAt: string, interviewLocation?: string) =>
    runAs(manager, applicationsAction, "/admin/applications", {
      form: {
        intent: "schedule",
        applicationId,
        interviewAt,
        ...(interviewLocation === undefined ? {} : { interviewLocation }),
      },
    });
  it("refuses a date in the past or an impossible date", async () => {
    // Each refusal is the date field's own error, shown under it.
    const refusal = async (interviewAt: string) => {
      const outcome = await schedule(interviewAt);
      expect(outcome.status).toBe(400);
      return (outcome.data as { result: { error: Record<string, string[]> } }).result.error;
    };
    expect(await refusal("2020-01-01T10:00")).toEqual({ interviewAt: ["errors.interviewPast"] });
    expect(await refusal("2031-02-30T10:00")).toEqual({
      interviewAt: ["errors.interviewInvalid"],
    });
    expect(await refusal("")).toEqual({ interviewAt: ["errors.interviewRequired"] });
    expect((await current()).interviewDate).toBeNull();
  });

  it("the service refuses Interview Scheduled without a date, and writes nothing", async () => {
    const before = await counts();
    const statusBefore = (await current()).status;
    for (const interviewDate of [undefined, null, new Date("not a date")]) {
      await expect(
        changeApplicationStatus({
          actor: manager,
          applicationId,
          status: "interview_scheduled",
          interviewDate,
        }),
      ).rejects.toThrow(InterviewDateRequiredError);
    }
    await expect(
      changeApplicationStatus({ actor: manager, applicationId, status: "interview_scheduled" }),
    ).rejects.toThrow(/needs the interview's date and time/);
    expect((await current()).status).toBe(statusBefore);
    expect((await current()).interviewDate).toBeNull();
    expect(await counts()).toEqual(before);
  });

  it("choosing Interview Scheduled from the status list or the board opens the schedule dialog instead", async () => {
    const before = await counts();
    const statusBefore = (await current()).status;
    for (const [route, path] of [
      [applicationsAction, "/admin/applications?q=Tendai&view=" + applicationId],
      [pipelineAction, "/admin/pipeline"],
    ] as const) {
      const outcome = await runAs(manager, route, path, {
        form: { intent: "status", applicationId, status: "interview_scheduled" },
      });
      expect(outcome.status).toBe(302);
      const to = new URL(outcome.location!, "http://x");
      expect(to.pathname).toBe(path.split("?")[0]);
      expect(to.searchParams.get("schedule")).toBe(applicationId);
      expect(to.searchParams.get("view")).toBeNull();
    }
    expect(await counts()).toEqual(before);
    expect((await current()).status).toBe(statusBefore);

    // The dialog the redirect opens knows whom it is for and offers no time in the past.
    const page = await runAs(
      manager,
      applicationsLoader,
      `/admin/applications?schedule=${applicationId}`,
    );
    const scheduling = (page.data as { scheduling: { id: string; min: string } }).scheduling;
    expect(scheduling.id).toBe(applicationId);
    expect(scheduling.min).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  });

  it("sets the date, the place and the status together, read in the agency's time zone", async () => {
    // Staff pick 10:00 in Harare (UTC+2), wherever their browser is.
    const outcome = await schedule("2031-03-14T10:00", "  Harare office, 2nd floor  ");
    expect(outcome.status).toBe(302);
    expect(outcome.location).toContain("done=interviewScheduled");
    const app = await current();
    expect(app.status).toBe("interview_scheduled");
    expect(app.interviewDate?.toISOString()).toBe("2031-03-14T08:00:00.000Z");
    expect(app.interviewLocation).toBe("Harare office, 2nd floor");
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "application.schedule_interview"));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(manager.id);
    expect(audit[0]!.details).toMatchObject({
      to: "interview_scheduled",
      interviewDate: "2031-03-14T08:00:00.000Z",
      interviewLocation: "Harare office, 2nd floor",
    });

    // The applicant is told where as well as when, in the app and by e-mail.
    const [note] = await ctx.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, applicant.id), eq(notifications.kind, "interview_scheduled")),
      );
    expect(note!.body).toContain("Harare office, 2nd floor");
    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, applicant.email), like(mailOutbox.subject, "Interview%")));
    expect(mail!.text).toContain("Harare office, 2nd floor");

    // The applicant's list carries the date and the place.
    const mine = await listApplicationsForApplicant({ viewer: applicant, page: 1 });
    expect(mine.items.find((i) => i.id === applicationId)).toMatchObject({
      interviewDate: "2031-03-14T08:00:00.000Z",
      interviewLocation: "Harare office, 2nd floor",
    });
  });

  it("refuses a place longer than 300 characters without changing anything", async () => {
    const before = await counts();
    const outcome = await schedule("2031-03-15T10:00", "x".repeat(301));
    expect(outcome.status).toBe(400);
    expect(outcome.data).toMatchObject({
      intent: "schedule",
      result: { error: { interviewLocation: ["errors.tooLong"] } },
    });
    expect((await current()).interviewDate?.toISOString()).toBe("2031-03-14T08:00:00.000Z");
    expect(await counts()).toEqual(before);
  });
});

describe("listing applications for staff", () => {
  it("pages newest first without gaps or repeats", async () => {
    const first = await listEvery({ q: "Bulk Person" });
    expect(first.total).toBe(USERS * JOBS);
    const second = await listEvery({ q: "Bulk Person" }, 2);
    const last = await listEvery({ q: "Bulk Person" }, (USERS * JOBS) / 25);
    expect(first.items).toHaveLength(25);
    expect(last.items).toHaveLength(25);
    const ids = new Set([...first.items, ...second.items].map((r) => r.id));
    expect(ids.size).toBe(50);
    const times = [...first.items, ...second.items].map((r) => r.appliedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(last.items.at(-1)!.appliedAt.getTime()).toBeLessThan(
      first.items[0]!.appliedAt.getTime(),
    );
  });

  it("searches by applicant name, e-mail or job title, with the status filter", async () => {
    const byName = await listEvery({ q: "bulk person 0042" });
    expect(byName.total).toBe(JOBS);
    expect(new Set(byName.items.map((r) => r.applicantName))).toEqual(
      new Set(["Bulk Person 0042"]),
    );

    const byEmail = await listEvery({ q: "bulk7@bulk.test" });
    expect(byEmail.total).toBe(JOBS);

    const byJob = await listEvery({ q: "Bulk Job 03" });
    expect(byJob.total).toBe(USERS);
    expect(byJob.items.every((r) => r.jobTitle === "Bulk Job 03")).toBe(true);

    const [expected] = await ctx.db
      .select({ n: count() })
      .from(jobApplications)
      .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
      .where(and(eq(jobApplications.status, "departed"), eq(jobs.title, "Bulk Job 03")));
    const filtered = await listEvery({ q: "Bulk Job 03", status: "departed" }, 1, {
      pageSize: 100,
    });
    expect(filtered.total).toBe(expected!.n);
    expect(filtered.total).toBeGreaterThan(0);
    expect(filtered.items.every((r) => r.status === "departed")).toBe(true);
  });

  it("finds applications by what the person, job and program are called now", async () => {
    const person = await createTestUser({
      fullName: "Rudo Before",
      email: "rudo.before@example.test",
    });
    const jobApp = await ctx.createTestApplication(person, {
      job: { title: "Boilermaker Before" },
    });
    const program = await ctx.createTestProgram({ title: "Maritime Before", city: "Cork" });
    const [programApp] = await ctx.db
      .insert(jobApplications)
      .values({ userId: person.id, kind: "program", programId: program.id, intake: "2031-09-01" })
      .returning({ id: jobApplications.id });
    const found = async (q: string) => (await listEvery({ q })).items.map((r) => r.id).sort();
    const both = [jobApp, programApp!.id].sort();

    expect(await found("rudo before")).toEqual(both);
    expect(await found("RUDO.BEFORE@example")).toEqual(both);
    expect(await found("boilermaker before")).toEqual([jobApp]);
    expect(await found("maritime before")).toEqual([programApp!.id]);
    expect(await found("cork")).toEqual([programApp!.id]);

    await ctx.db
      .update(profiles)
      .set({ fullName: "Rudo After", email: "rudo.after@example.test" })
      .where(eq(profiles.id, person.id));
    await ctx.db
      .update(jobs)
      .set({ title: "Welder After" })
      .where(eq(jobs.title, "Boilermaker Before"));
    await ctx.db.update(programs).set({ city: "Galway" }).where(eq(programs.id, program.id));

    expect(await found("rudo before")).toEqual([]);
    expect(await found("rudo.after@")).toEqual(both);
    expect(await found("boilermaker")).toEqual([]);
    expect(await found("welder after")).toEqual([jobApp]);
    expect(await found("cork")).toEqual([]);
    expect(await found("galway")).toEqual([programApp!.id]);
    expect(await found("maritime before")).toEqual([programApp!.id]);

    // The pipeline totals below are of job applications: take the program one away again.
    await ctx.db.delete(jobApplications).where(eq(jobApplications.id, programApp!.id));
  });

  it("treats % and _ in the search as plain characters", async () => {
    const result = await listEvery({ q: "%" }, 1, { pageSize: 5 });
    expect(result.total).toBe(0);
  });

  it("with a count cap, finds exactly what the exact count finds, page for page", async () => {
    const filters = [
      { q: "bulk person 0042" },
      { q: "bulk7@bulk.test" },
      { q: "Bulk Job 03" },
      { q: "Bulk Job 03", status: "departed" as const },
      { q: "tendai" },
      { q: "%" },
      { q: "nobody-matches-this" },
      { status: "departed" as const },
    ];
    for (const filter of filters) {
      for (const page of [1, 2, 17]) {
        const exact = await listEvery(filter, page);
        const capped = await listEvery(filter, page, { countUpTo: 1000 });
        const label = `${JSON.stringify(filter)} page ${page}`;
        expect(capped.capped, label).toBe(false);
        expect(capped.total, label).toBe(exact.total);
        expect(capped.hasNext, label).toBe(exact.total > page * 25);
        expect(
          capped.items.map((r) => r.id),
          label,
        ).toEqual(exact.items.map((r) => r.id));
      }
    }
  });

  it("counts exactly when more than 1,000 people match but few of them applied", async () => {
    await ctx.db.execute(sql`
      insert into profiles (id, full_name, email, created_at, updated_at)
      select 'many-' || g, 'Manyname Person ' || g, 'many' || g || '@many.test', now(), now()
      from generate_series(1, 1500) g`);
    const [job] = await ctx.db
      .insert(jobs)
      .values({ title: "Manyname Job", description: "x" })
      .returning({ id: jobs.id });
    await ctx.db.insert(jobApplications).values([
      { userId: "many-1400", jobId: job!.id },
      { userId: "many-7", jobId: job!.id },
    ]);
    const result = await listEvery({ q: "manyname person" }, 1, { countUpTo: 1000 });
    expect(result).toMatchObject({ total: 2, capped: false, hasNext: false });
    expect(result.items.map((r) => r.applicantName).sort()).toEqual([
      "Manyname Person 1400",
      "Manyname Person 7",
    ]);
  });

  it("says 'more than 1,000' for a broad search and still pages through it", async () => {
    const outcome = await runAs(
      manager,
      applicationsLoader,
      "/admin/applications?owner=all&q=Bulk%20Person&page=2",
    );
    expect(outcome.status).toBe(200);
    const data = (
      outcome.data as {
        list: { total: number; capped: boolean; hasNext: boolean; items: { id: string }[] };
      }
    ).list;
    expect(data).toMatchObject({ total: 1000, capped: true, hasNext: true });
    const exact = await listEvery({ q: "Bulk Person" }, 2);
    expect(data.items.map((r) => r.id)).toEqual(exact.items.map((r) => r.id));

    // Of 160 pages, the list goes as deep as its 1,000th match (page 40), however deep a URL
    // asks, and says more were left out: no page walks past the cap.
    const last = await listEvery({ q: "Bulk Person" }, (USERS * JOBS) / 25, { countUpTo: 1000 });
    expect(last).toMatchObject({ capped: true, page: 40, hasNext: false, limited: true });
    const fortieth = await listEvery({ q: "Bulk Person" }, 40);
    expect(last.items.map((r) => r.id)).toEqual(fortieth.items.map((r) => r.id));
  });
});

describe("counts kept by triggers", () => {
  it("answers reads asked for together, each with its own keys, and later reads afresh", async () => {
    await ctx.db.execute(
      sql`insert into record_counts (key, n) values ('test:a', 3), ('test:b', 5)`,
    );
    const [a, ab, none] = await Promise.all([
      readCounts(["test:a"]),
      readCounts(["test:b", "test:a"]),
      readCounts(["test:none"]),
    ]);
    expect(a).toEqual({ "test:a": 3 });
    expect(ab).toEqual({ "test:b": 5, "test:a": 3 });
    expect(none).toEqual({ "test:none": 0 });
    await ctx.db.execute(sql`update record_counts set n = 4 where key = 'test:a'`);
    expect(await readCounts(["test:a"])).toEqual({ "test:a": 4 });
    await ctx.db.execute(sql`delete from record_counts where key like 'test:%'`);
  });
});

describe("a staff search kept until the applications change", () => {
  // As the list page asks: counted up to 1,000.
  const search = (filter: ListOptions["filter"], more: Partial<ListOptions> = {}) =>
    listEvery(filter, 1, { countUpTo: 1000, ...more });
  const ids = async (filter: ListOptions["filter"], more: Partial<ListOptions> = {}) =>
    (await search(filter, more)).items.map((r) => r.id).sort();

  it("answers the same search again without counting its matches again", async () => {
    const counter = countQueries(ctx.database);
    try {
      const first = await search({ q: "Bulk Job 07" });
      const counted = counter.queries.filter((q) => q.includes("with m as materialized"));
      expect(counted).toHaveLength(1);
      counter.reset();
      const again = await search({ q: "Bulk Job 07" });
      expect(again).toEqual(first);
      expect(counter.queries.some((q) => q.includes("with m as materialized"))).toBe(false);
      // Another page of it is a search of its own.
      counter.reset();
      const second = await listEvery({ q: "Bulk Job 07" }, 2, { countUpTo: 1000 });
      expect(counter.queries.some((q) => q.includes("with m as materialized"))).toBe(true);
      expect(second.items.map((r) => r.id)).not.toEqual(first.items.map((r) => r.id));
    } finally {
      setDatabase(ctx.database);
    }
  });

  it("shows every change to the applications or their people on the next search, however it was made", async () => {
    // Changes are made with plain SQL, as another app process (or psql) would: nothing in this
    // process is told about them.
    const person = await createTestUser({ fullName: "Keptsearch Person" });
    const first = await ctx.createTestApplication(person, { job: { title: "Keptsearch Job" } });
    const asked = { q: "keptsearch" };
    expect(await ids(asked)).toEqual([first]);
    expect(await ids(asked)).toEqual([first]);

    // A new application.
    const [job] = await ctx.db
      .insert(jobs)
      .values({ title: "Another Keptsearch Job", description: "x" })
      .returning({ id: jobs.id });
    await ctx.db.execute(
      sql`insert into job_applications (user_id, job_id) values (${person.id}, ${job!.id})`,
    );
    const both = await ids(asked);
    expect(both).toHaveLength(2);
    expect((await search(asked)).total).toBe(2);

    // A status change, seen by a search filtered by status.
    expect(await ids({ ...asked, status: "departed" })).toEqual([]);
    await ctx.db.execute(
      sql`update job_applications set status = 'departed' where id = ${first}::uuid`,
    );
    expect(await ids({ ...asked, status: "departed" })).toEqual([first]);

    // The person's new name and e-mail.
    await ctx.db.execute(
      sql`update profiles set full_name = 'Renamed Person', email = 'renamed@kept.test' where id = ${person.id}`,
    );
    expect(await ids({ q: "renamed@kept" })).toEqual(both);
    expect(await ids({ q: "keptsearch person" })).toEqual([]);

    // A job's new title (the applications' search text follows it).
    await ctx.db.execute(sql`update jobs set title = 'Retitled Role' where id = ${job!.id}::uuid`);
    expect(await ids({ q: "retitled role" })).toHaveLength(1);
    expect(await ids(asked)).toEqual([first]);

    // The person's office, for staff who see one office only.
    const midrandOnly: ListOptions["scope"] = {
      all: false,
      offices: ["Midrand"],
      allOffices: ["Harare", "Midrand"],
    };
    expect(await ids({ q: "renamed" }, { scope: midrandOnly })).toEqual([]);
    await ctx.db.execute(sql`update profiles set office = 'Midrand' where id = ${person.id}`);
    expect(await ids({ q: "renamed" }, { scope: midrandOnly })).toEqual(both);

    // An application taken away.
    await ctx.db.execute(sql`delete from job_applications where id = ${first}::uuid`);
    expect(await ids({ q: "renamed" })).toHaveLength(1);
    expect(await ids({ q: "renamed" })).not.toContain(first);
  });
});

async function counts() {
  const [h] = await ctx.db.select({ n: count() }).from(applicationStatusHistory);
  const [a] = await ctx.db.select({ n: count() }).from(auditLog);
  const [n] = await ctx.db.select({ n: count() }).from(notifications);
  const [m] = await ctx.db.select({ n: count() }).from(mailOutbox);
  return { history: h!.n, audit: a!.n, notifications: n!.n, mail: m!.n };
}

describe("staff cards and pipeline totals", () => {
  // What the cards would say if every row were counted now.
  async function countedNow() {
    const [apps] = await ctx.db
      .select({
        total: count(),
        interviews: sql<number>`count(*) filter (where status = 'interview_scheduled')`.mapWith(
          Number,
        ),
        departed: sql<number>`count(*) filter (where status = 'departed')`.mapWith(Number),
      })
      .from(jobApplications);
    const [paid] = await ctx.db
      .select({ n: count() })
      .from(profiles)
      .where(eq(profiles.registrationFeePaid, true));
    return { ...apps!, paidUsers: paid!.n };
  }

  it("stay exact through bulk inserts, status changes, deletes and payments", async () => {
    expect(await getApplicationStatsForStaff(EVERY_OFFICE)).toEqual(await countedNow());

    const [target] = await ctx.db
      .select({ id: jobApplications.id })
      .from(jobApplications)
      .where(eq(jobApplications.status, "job_matched"))
      .limit(1);
    await changeApplicationStatus({
      actor: manager,
      applicationId: target!.id,
      status: "interview_scheduled",
      interviewDate: new Date("2031-01-10T08:00:00Z"),
    });
    await ctx.db.execute(
      sql`update job_applications set status = 'departed' where id in (select id from job_applications where status = 'offer_received' limit 7)`,
    );
    await ctx.db.execute(
      sql`delete from job_applications where id in (select id from job_applications where status = 'registration_pending' and user_id like 'bulk-%' limit 5)`,
    );
    const payer = await createTestUser();
    await ctx.setPaid(payer.id);
    await createTestUser({ paid: true });

    const now = await countedNow();
    expect(await getApplicationStatsForStaff(EVERY_OFFICE)).toEqual(now);
    const columns = await listPipelineForStaff(EVERY_OFFICE, 1);
    expect(columns.reduce((sum, c) => sum + c.total, 0)).toBe(now.total);
    expect(columns.find((c) => c.status === "departed")!.total).toBe(now.departed);
  });

  it("keep each board's column totals exact, for job and program applications alike", async () => {
    // Every column's total as counted now, for the board of one kind.
    const boardCounts = async (kind: "job" | "program") => {
      const rows = await ctx.db
        .select({ status: jobApplications.status, n: count() })
        .from(jobApplications)
        .where(eq(jobApplications.kind, kind))
        .groupBy(jobApplications.status);
      const byStatus = new Map(rows.map((r) => [r.status, r.n]));
      return statusesForKind(kind).map((status) => ({ status, total: byStatus.get(status) ?? 0 }));
    };
    const totals = async (kind: "job" | "program") =>
      (await listPipelineForStaff(EVERY_OFFICE, 1, kind)).map(({ status, total }) => ({
        status,
        total,
      }));
    const exact = async () => {
      for (const kind of ["job", "program"] as const) {
        expect(await totals(kind), kind).toEqual(await boardCounts(kind));
      }
    };

    await exact();
    const person = await createTestUser();
    const program = await ctx.createTestProgram();
    const [added] = await ctx.db
      .insert(jobApplications)
      .values([
        { userId: person.id, kind: "program", programId: program.id, intake: "2031-09-01" },
        { userId: person.id, kind: "program", programId: program.id, intake: "2032-09-01" },
      ])
      .returning({ id: jobApplications.id });
    await exact();
    const pending = (await totals("program")).find((c) => c.status === "registration_pending");
    expect(pending!.total).toBeGreaterThanOrEqual(2);

    await ctx.db
      .update(jobApplications)
      .set({ status: "registration_paid" })
      .where(eq(jobApplications.userId, person.id));
    await exact();
    await ctx.db.delete(jobApplications).where(eq(jobApplications.id, added!.id));
    await exact();
    await ctx.db.delete(jobApplications).where(eq(jobApplications.userId, person.id));
    await exact();
  });

  it("shows each column's newest cards, newest first, as many as asked for", async () => {
    const board = await listPipelineForStaff(EVERY_OFFICE, 3);
    expect(board.map((c) => c.status)).toEqual([...statusesForKind("job")]);
    for (const column of board) {
      const newest = await ctx.db
        .select({ id: jobApplications.id })
        .from(jobApplications)
        .where(and(eq(jobApplications.status, column.status), eq(jobApplications.kind, "job")))
        .orderBy(desc(jobApplications.appliedAt), asc(jobApplications.id))
        .limit(3);
      expect(
        column.cards.map((c) => c.id),
        column.status,
      ).toEqual(newest.map((r) => r.id));
    }
    // Most columns hold more than 3 of the 4,000 applications, and show 3.
    expect(board.filter((c) => c.cards.length === 3).length).toBeGreaterThan(5);
  });

  it("filtered, counts each column as the list counts that status, and pages through a column", async () => {
    // One job's applications, applied since today (a part of them: they were spread over the
    // last three days): the board's column totals are the list's for the same filter and status.
    const today = new Date().toISOString().slice(0, 10);
    const filter = { q: "Bulk Job 03", appliedFrom: today, owner: null };
    const board = await listPipelineForStaff(EVERY_OFFICE, 5, "job", { filter });
    expect(board.reduce((sum, c) => sum + c.total, 0)).toBeGreaterThan(0);
    for (const column of board) {
      const list = await listEvery({ ...filter, status: column.status, kind: "job" });
      expect(column.total, column.status).toBe(list.total);
      for (const card of column.cards) {
        expect(card.jobTitle).toBe("Bulk Job 03");
        expect(card.appliedAt.toISOString().slice(0, 10)).toBe(today);
      }
    }
    // A day after every application: nothing.
    const none = await listPipelineForStaff(EVERY_OFFICE, 5, "job", {
      filter: { appliedFrom: "2999-01-01" },
    });
    expect(none.every((c) => c.total === 0 && c.cards.length === 0)).toBe(true);

    // Page 2 of the fullest column follows page 1 without a gap or a repeat; a page past its end
    // shows its last page.
    const whole = await listPipelineForStaff(EVERY_OFFICE, 1000, "job");
    const fullest = whole.reduce((a, b) => (b.total > a.total ? b : a));
    expect(fullest.total).toBeGreaterThan(10);
    const pageOf = async (page: number) =>
      (
        await listPipelineForStaff(EVERY_OFFICE, 5, "job", { pages: { [fullest.status]: page } })
      ).find((c) => c.status === fullest.status)!;
    const [first, second, beyond] = await Promise.all([pageOf(1), pageOf(2), pageOf(100_000)]);
    expect([...first.cards, ...second.cards].map((c) => c.id)).toEqual(
      fullest.cards.slice(0, 10).map((c) => c.id),
    );
    const lastPage = Math.ceil(fullest.total / 5);
    expect(beyond.page).toBe(lastPage);
    expect(beyond.cards.map((c) => c.id)).toEqual(
      fullest.cards.slice((lastPage - 1) * 5).map((c) => c.id),
    );
  });
});
