import { and, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it, vi } from "vitest";
import { action as staffAction, loader as staffLoader } from "~/app/routes/admin/interviews";
import {
  action as bookingAction,
  loader as bookingLoader,
} from "~/app/routes/dashboard/interviews";
import { auditLog, interviewBookings, jobApplications, notifications } from "~/server/db/schema";
import { scheduleInterview } from "~/server/applications/staff.server";
import {
  bookInterviewSlot,
  cancelInterviewBooking,
  listInterviewChoicesForApplicant,
  SlotFullError,
  SlotUnavailableError,
  TooLateToChangeError,
} from "~/server/interviews/booking.server";
import { runInterviewRound } from "~/server/interviews/rounds.server";
import { publishSlot } from "~/server/interviews/slots.server";
import { agencyDateTimeInputValue } from "~/domain/interview";
import { getSiteSettings, updateSiteSettings } from "~/server/settings/settings.server";
import { createTestUser, runAs, setupTestDatabase, type TestUser } from "./harness";

const ctx = setupTestDatabase();

/** An applicant whose application to `jobId` has reached the interview stage (Job Matched). */
async function applicantAtStage(jobId: string) {
  const user = await createTestUser({ paid: true });
  const applicationId = await ctx.createTestApplication(user, { status: "job_matched", jobId });
  return { user, applicationId };
}

let staff: TestUser;
async function staffMember() {
  staff ??= await createTestUser({ role: "manager" });
  return staff;
}

/** Publishes a slot at `date` `time` agency time (CAT, UTC+2). */
async function slot(
  jobId: string,
  o: { date?: string; time?: string; capacity?: number; durationMinutes?: number } = {},
) {
  return publishSlot({
    actor: await staffMember(),
    input: {
      target: { kind: "job", id: jobId },
      date: o.date ?? "2031-03-04",
      time: o.time ?? "10:30",
      durationMinutes: o.durationMinutes ?? 45,
      location: "https://meet.example/passage-interview",
      capacity: o.capacity ?? 1,
    },
  });
}

function parseCalendar(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const zone = calendar.getFirstSubcomponent("vtimezone");
  if (zone) ICAL.TimezoneService.register(zone);
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  return {
    method: calendar.getFirstPropertyValue("method"),
    zoneId: zone?.getFirstPropertyValue("tzid"),
    vevent,
    event: new ICAL.Event(vevent),
  };
}

describe("interview slots", () => {
  it("hold their capacity when many applicants book at once", async () => {
    const job = await ctx.createTestJob({ title: "Care assistant (slots)" });
    const { id: slotId } = await slot(job.id, { capacity: 2 });
    const applicants = await Promise.all(Array.from({ length: 8 }, () => applicantAtStage(job.id)));

    const results = await Promise.allSettled(
      applicants.map((a) =>
        bookInterviewSlot({ viewer: a.user, applicationId: a.applicationId, slotId }),
      ),
    );

    const booked = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(booked).toHaveLength(2);
    expect(refused).toHaveLength(6);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(SlotFullError);
    const rows = await ctx.rowsWhere(interviewBookings, "slotId", slotId);
    expect(rows).toHaveLength(2);
    // Exactly the two who got in are Interview Scheduled, at the slot's time; the others wait.
    const statuses = await Promise.all(
      applicants.map(async (a) => {
        const [row] = await ctx.db
          .select({ status: jobApplications.status, at: jobApplications.interviewDate })
          .from(jobApplications)
          .where(eq(jobApplications.id, a.applicationId));
        return row!;
      }),
    );
    expect(statuses.filter((s) => s.status === "interview_scheduled")).toHaveLength(2);
    expect(statuses.filter((s) => s.status === "job_matched")).toHaveLength(6);
    for (const s of statuses.filter((x) => x.status === "interview_scheduled")) {
      expect(s.at!.toISOString()).toBe("2031-03-04T08:30:00.000Z");
    }
  });

  it("let one applicant hold one place, even with two clicks at once on two slots", async () => {
    const job = await ctx.createTestJob();
    const first = await slot(job.id, { time: "09:00", capacity: 5 });
    const second = await slot(job.id, { time: "11:00", capacity: 5 });
    const a = await applicantAtStage(job.id);
    await Promise.allSettled(
      [first.id, second.id].map((slotId) =>
        bookInterviewSlot({ viewer: a.user, applicationId: a.applicationId, slotId }),
      ),
    );
    const rows = await ctx.rowsWhere(interviewBookings, "applicationId", a.applicationId);
    expect(rows).toHaveLength(1);
  });

  it("send a calendar invite that parses, in the agency's time zone, and its cancellation", async () => {
    const job = await ctx.createTestJob({ title: "Welder" });
    const { id: slotId, startsAt } = await slot(job.id, { time: "14:15", durationMinutes: 30 });
    const a = await applicantAtStage(job.id);
    await bookInterviewSlot({ viewer: a.user, applicationId: a.applicationId, slotId });

    const confirmation = (await ctx.mailsTo(a.user.email)).find((m) =>
      m.subject.includes("Interview booked"),
    );
    const [invite] = confirmation!.attachments!;
    expect(invite!.contentType).toContain("text/calendar");
    const parsed = parseCalendar(invite!.content);
    expect(parsed.method).toBe("REQUEST");
    expect(parsed.zoneId).toBe("Africa/Harare");
    const dtstart = parsed.vevent.getFirstProperty("dtstart")!;
    expect(dtstart.getParameter("tzid")).toBe("Africa/Harare");
    // The wall time is the agency's (14:15 CAT), and it is the same instant as the slot.
    expect(parsed.event.startDate.hour).toBe(14);
    expect(parsed.event.startDate.minute).toBe(15);
    expect(parsed.event.startDate.toJSDate().toISOString()).toBe(startsAt.toISOString());
    expect(parsed.event.endDate.toJSDate().getTime() - startsAt.getTime()).toBe(30 * 60_000);
    expect(parsed.event.location).toBe("https://meet.example/passage-interview");
    expect(parsed.event.summary).toContain("Welder");
    const uid = parsed.event.uid;
    expect(uid).toContain(a.applicationId);
    // The applicant is the invite's attendee, so their calendar files it as theirs.
    expect(parsed.vevent.getFirstPropertyValue("attendee")).toBe(`mailto:${a.user.email}`);
    expect(parsed.vevent.getFirstProperty("attendee")!.getParameter("cn")).toBe(a.user.fullName);

    await cancelInterviewBooking({ viewer: a.user, applicationId: a.applicationId });
    const cancelled = (await ctx.mailsTo(a.user.email)).find((m) =>
      m.subject.includes("cancelled"),
    )!;
    const cancel = parseCalendar(cancelled.attachments![0]!.content);
    expect(cancel.method).toBe("CANCEL");
    expect(cancel.event.uid).toBe(uid);
    expect(cancel.vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
    // The place is free again and the application waits at the interview stage.
    const [app] = await ctx.rowsWhere(jobApplications, "id", a.applicationId);
    expect(app!.status).toBe("job_matched");
    expect(app!.interviewDate).toBeNull();
  });

  it("send a calendar invite when staff set the time directly, as before", async () => {
    const job = await ctx.createTestJob({ title: "Chef" });
    const a = await applicantAtStage(job.id);
    const when = new Date("2031-05-06T07:00:00Z"); // 09:00 CAT
    await scheduleInterview({
      actor: await staffMember(),
      applicationId: a.applicationId,
      interviewDate: when,
      interviewLocation: "Eastgate Building, Harare",
    });
    const mail = (await ctx.mailsTo(a.user.email)).find((m) =>
      m.subject.includes("Interview scheduled"),
    );
    const parsed = parseCalendar(mail!.attachments![0]!.content);
    expect(parsed.event.startDate.hour).toBe(9);
    expect(parsed.event.startDate.toJSDate().toISOString()).toBe(when.toISOString());
    expect(parsed.event.location).toBe("Eastgate Building, Harare");
  });

  it("list an interview staff set directly, which the applicant may cancel until the cut-off", async () => {
    const job = await ctx.createTestJob({ title: "Baker" });
    await slot(job.id, { date: "2031-05-01" });
    const a = await applicantAtStage(job.id);
    const when = new Date("2031-05-06T07:00:00Z");
    await scheduleInterview({
      actor: await staffMember(),
      applicationId: a.applicationId,
      interviewDate: when,
      interviewLocation: "Eastgate Building, Harare",
    });
    const { items } = await listInterviewChoicesForApplicant({ viewer: a.user });
    expect(items).toHaveLength(1);
    expect(items[0]!.booking).toMatchObject({
      startsAt: when,
      location: "Eastgate Building, Harare",
      setByStaff: true,
      canChange: true,
    });
    // Moved by asking staff, not by taking a published slot.
    expect(items[0]!.slots).toEqual([]);

    const late = new Date(when.getTime() - 3 * 3_600_000);
    await expect(
      cancelInterviewBooking({ viewer: a.user, applicationId: a.applicationId, now: late }),
    ).rejects.toBeInstanceOf(TooLateToChangeError);

    await cancelInterviewBooking({ viewer: a.user, applicationId: a.applicationId });
    const [app] = await ctx.db
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.id, a.applicationId));
    expect(app).toMatchObject({ status: "job_matched", interviewDate: null });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, a.applicationId), eq(auditLog.action, "interview.cancel")));
    expect(audit).toHaveLength(1);
  });

  it("refuse a change within 24 hours of the interview", async () => {
    const job = await ctx.createTestJob();
    const first = await slot(job.id, { time: "09:00", capacity: 3 });
    const second = await slot(job.id, { time: "12:00", capacity: 3 });
    const a = await applicantAtStage(job.id);
    await bookInterviewSlot({
      viewer: a.user,
      applicationId: a.applicationId,
      slotId: first.id,
      now: new Date("2031-03-01T00:00:00Z"),
    });
    const late = new Date(first.startsAt.getTime() - 3 * 3_600_000);
    await expect(
      cancelInterviewBooking({ viewer: a.user, applicationId: a.applicationId, now: late }),
    ).rejects.toBeInstanceOf(TooLateToChangeError);
    await expect(
      bookInterviewSlot({
        viewer: a.user,
        applicationId: a.applicationId,
        slotId: second.id,
        now: late,
      }),
    ).rejects.toBeInstanceOf(TooLateToChangeError);
  });

  it("follow the site's cut-off setting for changes", async () => {
    const admin = await createTestUser({ role: "admin" });
    const before = await getSiteSettings();
    await updateSiteSettings({
      actor: admin,
      value: { ...before, interviews: { changeCutoffHours: 48 } },
    });
    try {
      const job = await ctx.createTestJob();
      const { id: slotId, startsAt } = await slot(job.id, { date: "2031-08-20", capacity: 2 });
      const a = await applicantAtStage(job.id);
      await bookInterviewSlot({ viewer: a.user, applicationId: a.applicationId, slotId });
      const hoursBefore = (h: number) => new Date(startsAt.getTime() - h * 3_600_000);
      // 30 hours before: past a 48-hour cut-off (a 24-hour one would still allow it).
      await expect(
        cancelInterviewBooking({
          viewer: a.user,
          applicationId: a.applicationId,
          now: hoursBefore(30),
        }),
      ).rejects.toBeInstanceOf(TooLateToChangeError);
      await cancelInterviewBooking({
        viewer: a.user,
        applicationId: a.applicationId,
        now: hoursBefore(50),
      });
      // Nor is a slot 30 hours away offered, or bookable.
      const b = await applicantAtStage(job.id);
      await expect(
        bookInterviewSlot({
          viewer: b.user,
          applicationId: b.applicationId,
          slotId,
          now: hoursBefore(30),
        }),
      ).rejects.toBeInstanceOf(SlotUnavailableError);
    } finally {
      await updateSiteSettings({ actor: admin, value: before });
    }
  });

  it("send the day-before reminder once, however many rounds run and in how many processes", async () => {
    const job = await ctx.createTestJob({ title: "Driver" });
    const { id: slotId, startsAt } = await slot(job.id, { date: "2031-06-10", time: "10:00" });
    const a = await applicantAtStage(job.id);
    await bookInterviewSlot({ viewer: a.user, applicationId: a.applicationId, slotId });
    const reminders = async () =>
      (await ctx.mailsTo(a.user.email)).filter((m) => m.subject.startsWith("Reminder"));

    // Two days before: nothing yet.
    await runInterviewRound({ now: new Date(startsAt.getTime() - 48 * 3_600_000) });
    expect(await reminders()).toHaveLength(0);

    // The day before, rounds run at once (on PostgreSQL each on its own connection, as two app
    // processes would) and again later: one reminder.
    const dayBefore = new Date(startsAt.getTime() - 20 * 3_600_000);
    await Promise.all([
      runInterviewRound({ now: dayBefore }),
      runInterviewRound({ now: dayBefore }),
      runInterviewRound({ now: dayBefore }),
    ]);
    await runInterviewRound({ now: new Date(dayBefore.getTime() + 3_600_000) });
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain("Driver");
    expect(sent[0]!.text).toContain("10:00");
  });

  it("invite an applicant at the interview stage to choose a time, once", async () => {
    const job = await ctx.createTestJob({ title: "Electrician" });
    const a = await applicantAtStage(job.id);
    const now = new Date("2031-01-01T00:00:00Z");
    const invites = async () =>
      (await ctx.mailsTo(a.user.email)).filter((m) =>
        m.subject.startsWith("Choose your interview time"),
      );
    await runInterviewRound({ now });
    expect(await invites()).toHaveLength(0); // no slot yet: nothing to choose
    await slot(job.id, { date: "2031-02-01" });
    await Promise.all([runInterviewRound({ now }), runInterviewRound({ now })]);
    await runInterviewRound({ now });
    expect(await invites()).toHaveLength(1);
    const [invite] = await invites();
    expect(invite!.text).toContain("/dashboard/interviews");
    const [note] = await ctx.rowsWhere(notifications, "userId", a.user.id);
    expect(note!.link).toBe("/dashboard/interviews");
  });

  it("are published by staff (audited) and booked from the dashboard's form", async () => {
    const job = await ctx.createTestJob({ title: "Baker" });
    const manager = await staffMember();
    const published = await runAs(manager, staffAction, "/admin/interviews", {
      form: {
        intent: "publish",
        target: `job:${job.id}`,
        date: "2031-07-01",
        time: "08:00",
        durationMinutes: "30",
        location: "Midrand office",
        capacity: "1",
      },
    });
    expect(published.status).toBe(302);
    expect(published.location).toContain("day=2031-07-01");
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "interview_slot.publish"), eq(auditLog.actorId, manager.id)));
    expect(audit).toBeTruthy();

    const a = await applicantAtStage(job.id);
    const page = await runAs(a.user, bookingLoader, "/dashboard/interviews");
    const [item] = (page.data as Awaited<ReturnType<typeof bookingLoader>>).items;
    expect(item!.title).toBe("Baker");
    expect(item!.slots).toHaveLength(1);
    const booked = await runAs(a.user, bookingAction, "/dashboard/interviews", {
      form: { intent: "book", applicationId: a.applicationId, slotId: item!.slots[0]!.id },
    });
    expect(booked.location).toContain("done=booked");

    // Someone else's application cannot be booked with this session.
    const other = await applicantAtStage(job.id);
    const refused = await runAs(a.user, bookingAction, "/dashboard/interviews", {
      form: { intent: "book", applicationId: other.applicationId, slotId: item!.slots[0]!.id },
    });
    expect(refused.status).toBe(404);

    const schedule = await runAs(manager, staffLoader, "/admin/interviews?day=2031-07-01");
    const data = schedule.data as Awaited<ReturnType<typeof staffLoader>>;
    const names = data.schedule.slots.flatMap((s) => s.bookings.map((b) => b.applicantName));
    expect(names).toContain(a.user.fullName);

    // A booked slot stays: staff cannot remove it from under the applicant.
    const removed = await runAs(manager, staffAction, "/admin/interviews", {
      form: { intent: "delete", slotId: data.schedule.slots[0]!.id },
    });
    expect(removed.status).toBe(409);
  });

  it("are published as a morning of times in one action, each audited; a form that leaves no room is refused", async () => {
    const job = await ctx.createTestJob({ title: "Welder, Gdańsk" });
    const manager = await staffMember();
    const form = {
      intent: "publish",
      target: `job:${job.id}`,
      date: "2031-07-02",
      time: "09:00",
      durationMinutes: "30",
      gapMinutes: "10",
      location: "Harare office",
      capacity: "1",
    };
    // 09:00, 09:40, 10:20, 11:00 (ends 11:30 by 12:00); 11:40 would end after 12:00.
    const published = await runAs(manager, staffAction, "/admin/interviews", {
      form: { ...form, until: "12:00" },
    });
    expect(published.location).toContain("done=publishedMany");
    const schedule = await runAs(manager, staffLoader, "/admin/interviews?day=2031-07-02");
    const data = schedule.data as Awaited<ReturnType<typeof staffLoader>>;
    const times = data.schedule.slots
      .filter((slot) => slot.title === "Welder, Gdańsk")
      .map((slot) => agencyDateTimeInputValue(new Date(slot.startsAt)).slice(11));
    expect(times).toEqual(["09:00", "09:40", "10:20", "11:00"]);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "interview_slot.publish"), eq(auditLog.actorId, manager.id)));
    expect(audits.filter((a) => (a.details as { jobId?: string }).jobId === job.id)).toHaveLength(
      4,
    );

    // An end before the first interview could finish: a message on the field, nothing written.
    const refused = await runAs(manager, staffAction, "/admin/interviews", {
      form: { ...form, date: "2031-07-03", until: "09:20" },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("interviews.errors.until");
    const none = await runAs(manager, staffLoader, "/admin/interviews?day=2031-07-03");
    expect(
      (none.data as Awaited<ReturnType<typeof staffLoader>>).schedule.slots.filter(
        (slot) => slot.title === "Welder, Gdańsk",
      ),
    ).toHaveLength(0);
  });

  it("are moved or cancelled by staff of the applicant's office, who tell the applicant and update the invite", async () => {
    const job = await ctx.createTestJob({ title: "Chef, Dublin" });
    const first = await slot(job.id, { date: "2031-08-04", time: "09:00" });
    const second = await slot(job.id, { date: "2031-08-05", time: "11:00" });
    const a = await applicantAtStage(job.id);
    await bookInterviewSlot({ viewer: a.user, applicationId: a.applicationId, slotId: first.id });
    const manager = await staffMember();

    // The day's schedule offers the other time of the same job with room (its own is full).
    const day = await runAs(manager, staffLoader, "/admin/interviews?day=2031-08-04");
    const moves = (day.data as Awaited<ReturnType<typeof staffLoader>>).moves;
    expect(moves[`job:${job.id}`]!.map((m) => m.id)).toEqual([second.id]);

    // Staff move it a few minutes later (a calendar orders versions by SEQUENCE, in minutes).
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 5 * 60_000 });
    const moved = await runAs(manager, staffAction, "/admin/interviews?day=2031-08-04", {
      form: { intent: "moveBooking", applicationId: a.applicationId, slotId: second.id },
    }).finally(() => vi.useRealTimers());
    expect(moved.location).toContain("done=moved");
    const [app] = await ctx.rowsWhere(jobApplications, "id", a.applicationId);
    expect(app!.interviewDate!.toISOString()).toBe(second.startsAt.toISOString());
    const audits = await ctx.auditEntries(a.applicationId, "interview.reschedule");
    expect(audits.at(-1)!.actorId).toBe(manager.id);
    expect(audits.at(-1)!.details).toMatchObject({ byStaff: true });
    // The applicant's e-mail carries the same event, a later version, at the new time.
    const invites = (await ctx.mailsTo(a.user.email))
      .filter((m) => m.attachments?.length)
      .map((m) => parseCalendar(m.attachments![0]!.content))
      .sort((x, y) => x.event.sequence - y.event.sequence);
    const [booked, update] = [invites[0]!, invites[1]!];
    expect(update.event.uid).toBe(booked.event.uid);
    expect(update.event.sequence).toBeGreaterThan(booked.event.sequence);
    expect(update.event.startDate.toJSDate().toISOString()).toBe(second.startsAt.toISOString());

    // Staff of another office cannot touch it; their attempt changes nothing.
    const midrand = await createTestUser({ role: "manager", office: "Midrand" });
    const outsider = await runAs(midrand, staffAction, "/admin/interviews", {
      form: { intent: "cancelBooking", applicationId: a.applicationId },
    });
    expect(outsider.status).toBe(404);

    const cancelled = await runAs(manager, staffAction, "/admin/interviews", {
      form: { intent: "cancelBooking", applicationId: a.applicationId },
    });
    expect(cancelled.location).toContain("done=cancelled");
    const cancellation = (await ctx.mailsTo(a.user.email)).find((m) =>
      m.subject.includes("cancelled"),
    )!;
    expect(parseCalendar(cancellation.attachments![0]!.content).method).toBe("CANCEL");
    const [after] = await ctx.rowsWhere(jobApplications, "id", a.applicationId);
    expect(after!.status).toBe("job_matched");
    expect(after!.interviewDate).toBeNull();
  });

  it("show one office's day to staff of both when they ask for it", async () => {
    const job = await ctx.createTestJob({ title: "Porter, Leeds" });
    const { id: slotId } = await slot(job.id, { date: "2031-08-11", time: "09:00", capacity: 2 });
    const names: string[] = [];
    for (const office of ["Harare", "Midrand"]) {
      const user = await createTestUser({ office, fullName: `Porter of ${office}` });
      const applicationId = await ctx.createTestApplication(user, {
        status: "job_matched",
        jobId: job.id,
      });
      await bookInterviewSlot({ viewer: user, applicationId, slotId });
      names.push(user.fullName);
    }
    const bookedOn = async (query: string) => {
      const page = await runAs(await staffMember(), staffLoader, `/admin/interviews?${query}`);
      return (page.data as Awaited<ReturnType<typeof staffLoader>>).schedule.slots
        .filter((s) => s.id === slotId)
        .flatMap((s) => s.bookings.map((b) => b.applicantName));
    };
    expect((await bookedOn("day=2031-08-11")).sort()).toEqual(names.sort());
    expect(await bookedOn("day=2031-08-11&office=Midrand")).toEqual(["Porter of Midrand"]);
  });
});
