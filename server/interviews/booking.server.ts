import { and, asc, eq, gte, inArray, or, sql } from "drizzle-orm";
import type { ApplicationKind, ApplicationStatus } from "~/domain/enums";
import {
  canChangeInterview,
  changeDeadline,
  DEFAULT_INTERVIEW_MINUTES,
  INTERVIEW_STAGE,
} from "~/domain/interview-slots";
import { applicationTitle } from "~/server/applications/columns.server";
import { recordAudit } from "~/server/audit/audit.server";
import { assertVersion } from "~/server/db/versions.server";
import type { Viewer } from "~/server/auth/guards.server";
import { type Db, db } from "~/server/db/client.server";
import {
  applicationStatusHistory,
  interviewBookings,
  interviewSlots,
  jobApplications,
} from "~/server/db/schema";
import { enqueueApplicantMail, inTransactionWithMail } from "~/server/mail/outbox.server";
import {
  interviewBookedEmail,
  interviewCancelledEmail,
} from "~/server/interviews/interview-mail.server";
import { notifyInterview } from "./notices.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import type { OfficeScope } from "~/domain/offices";
import { applicantInScope } from "~/server/offices/scope.server";

type Owner = Pick<Viewer, "id">;

export class BookingNotAllowedError extends Error {}
export class SlotUnavailableError extends Error {}
export class SlotFullError extends Error {}
export class TooLateToChangeError extends Error {}

/** The earliest start a slot may have to be booked at `now`. */
const cutoffFrom = (now: Date, hours: number) => new Date(now.getTime() + hours * 3_600_000);

/** The site's cut-off (Site settings → Interviews), in hours. */
async function cutoffHours(on: Db = db()) {
  return (await getSiteSettings(on)).interviews.changeCutoffHours;
}

/** How many bookings each slot has, as a subquery column. */
const bookedCount = sql<number>`(select count(*)::int from ${interviewBookings} b where b.slot_id = ${interviewSlots.id})`;

/**
 * The viewer's interviews: every application of theirs at the interview stage or with an
 * interview (a booked slot, or a date staff set directly), with the interview (and whether it may
 * still change) and the open slots a booking may move to. An interview staff set is moved by
 * asking staff, so it offers no slots; it may be cancelled until the cut-off like a booking.
 */
export async function listInterviewChoicesForApplicant(o: { viewer: Owner; now?: Date }) {
  const now = o.now ?? new Date();
  const hours = await cutoffHours();
  const apps = await db()
    .select({
      id: jobApplications.id,
      kind: jobApplications.kind,
      status: jobApplications.status,
      jobId: jobApplications.jobId,
      programId: jobApplications.programId,
      title: applicationTitle,
      bookedSlotId: interviewBookings.slotId,
      interviewDate: jobApplications.interviewDate,
      interviewLocation: jobApplications.interviewLocation,
    })
    .from(jobApplications)
    .leftJoin(interviewBookings, eq(interviewBookings.applicationId, jobApplications.id))
    .where(
      and(
        eq(jobApplications.userId, o.viewer.id),
        or(
          and(eq(jobApplications.kind, "job"), eq(jobApplications.status, INTERVIEW_STAGE.job)),
          and(eq(jobApplications.kind, "job"), eq(jobApplications.status, "interview_scheduled")),
          and(
            eq(jobApplications.kind, "program"),
            eq(jobApplications.status, INTERVIEW_STAGE.program),
          ),
        ),
      ),
    )
    .orderBy(asc(jobApplications.appliedAt), asc(jobApplications.id));
  if (apps.length === 0) return { cutoffHours: hours, items: [] };
  const jobIds = apps.flatMap((a) => (a.jobId ? [a.jobId] : []));
  const programIds = apps.flatMap((a) => (a.programId ? [a.programId] : []));
  const bookedIds = apps.flatMap((a) => (a.bookedSlotId ? [a.bookedSlotId] : []));
  const slots = await db()
    .select({
      id: interviewSlots.id,
      jobId: interviewSlots.jobId,
      programId: interviewSlots.programId,
      startsAt: interviewSlots.startsAt,
      durationMinutes: interviewSlots.durationMinutes,
      location: interviewSlots.location,
      capacity: interviewSlots.capacity,
      booked: bookedCount,
    })
    .from(interviewSlots)
    .where(
      or(
        bookedIds.length ? inArray(interviewSlots.id, bookedIds) : sql`false`,
        and(
          gte(interviewSlots.startsAt, cutoffFrom(now, hours)),
          or(
            jobIds.length ? inArray(interviewSlots.jobId, jobIds) : sql`false`,
            programIds.length ? inArray(interviewSlots.programId, programIds) : sql`false`,
          ),
        ),
      ),
    )
    .orderBy(asc(interviewSlots.startsAt), asc(interviewSlots.id))
    .limit(500);
  const items = apps.map((a) => {
    const booked = slots.find((s) => s.id === a.bookedSlotId) ?? null;
    const setByStaff =
      !booked && a.status === "interview_scheduled" && a.interviewDate
        ? {
            startsAt: a.interviewDate,
            durationMinutes: DEFAULT_INTERVIEW_MINUTES,
            location: a.interviewLocation,
          }
        : null;
    const interview = booked ?? setByStaff;
    const canChange = interview ? canChangeInterview(interview.startsAt, now, hours) : true;
    const open =
      canChange && !setByStaff
        ? slots
            .filter(
              (s) =>
                s.id !== a.bookedSlotId &&
                s.startsAt.getTime() >= cutoffFrom(now, hours).getTime() &&
                Number(s.booked) < s.capacity &&
                (a.jobId ? s.jobId === a.jobId : s.programId === a.programId),
            )
            .slice(0, 40)
        : [];
    const shape = (s: (typeof slots)[number]) => ({
      id: s.id,
      startsAt: s.startsAt,
      durationMinutes: s.durationMinutes,
      location: s.location,
      left: s.capacity - Number(s.booked),
    });
    return {
      applicationId: a.id,
      kind: a.kind as ApplicationKind,
      title: a.title,
      booking: interview
        ? {
            startsAt: interview.startsAt,
            durationMinutes: interview.durationMinutes,
            location: interview.location,
            setByStaff: setByStaff !== null,
            canChange,
            changeUntil: changeDeadline(interview.startsAt, hours),
          }
        : null,
      slots: open.map(shape),
    };
  });
  return { cutoffHours: hours, items };
}

/**
 * The application, locked for the change (one change per application at a time): the viewer's
 * own, or for staff (`staff`) an applicant's of their offices. Any other is "not allowed".
 */
async function lockOwnApplication(
  tx: Db,
  viewer: Owner,
  applicationId: string,
  staff?: { scope: OfficeScope },
) {
  const [app] = await tx
    .select({
      id: jobApplications.id,
      userId: jobApplications.userId,
      kind: jobApplications.kind,
      status: jobApplications.status,
      jobId: jobApplications.jobId,
      programId: jobApplications.programId,
      interviewDate: jobApplications.interviewDate,
      interviewLocation: jobApplications.interviewLocation,
      title: applicationTitle,
      version: jobApplications.version,
      updatedAt: jobApplications.updatedAt,
    })
    .from(jobApplications)
    .where(
      and(
        eq(jobApplications.id, applicationId),
        staff
          ? applicantInScope(staff.scope, jobApplications.userId)
          : eq(jobApplications.userId, viewer.id),
      ),
    )
    .for("update");
  if (!app) throw new BookingNotAllowedError();
  const [booking] = await tx
    .select({
      slotId: interviewSlots.id,
      startsAt: interviewSlots.startsAt,
      durationMinutes: interviewSlots.durationMinutes,
      location: interviewSlots.location,
    })
    .from(interviewBookings)
    .innerJoin(interviewSlots, eq(interviewSlots.id, interviewBookings.slotId))
    .where(eq(interviewBookings.applicationId, app.id));
  return { ...app, title: app.title ?? "", booking: booking ?? null };
}

/**
 * What a change to an interview names: who makes it, which application, and when. The applicant
 * changes their own until the site's cut-off; staff (`staff`: their office scope) change an
 * applicant's of their offices until the interview starts, and the applicant is told as always.
 */
type OwnChange = {
  viewer: Owner;
  applicationId: string;
  now?: Date;
  staff?: { scope: OfficeScope };
  /**
   * The application's version the staff schedule showed (decision record 37): a booking moved or
   * cancelled since (by the applicant or a colleague) is refused, StaleEditError, before anything
   * is written, notified or mailed.
   */
  version?: number;
};

/**
 * Runs one change the viewer makes to their interview (book, move or cancel): in a transaction
 * whose mail is sent after it commits, with their application locked (see lockOwnApplication)
 * and the site's cut-off read in it.
 */
function changeOwnInterview<T>(
  o: OwnChange,
  change: (
    tx: Db,
    app: Awaited<ReturnType<typeof lockOwnApplication>>,
    when: { now: Date; hours: number; applicantHours: number },
  ) => Promise<T>,
) {
  const now = o.now ?? new Date();
  return inTransactionWithMail(async (tx) => {
    const app = await lockOwnApplication(tx, o.viewer, o.applicationId, o.staff);
    await assertVersion(
      tx,
      app,
      o.version,
      { type: "application", id: app.id },
      {
        status: app.status,
        interviewDate: app.interviewDate?.toISOString() ?? null,
        interviewLocation: app.interviewLocation,
      },
    );
    // The applicant's cut-off (what their e-mail states); staff are held only to the start.
    const applicantHours = await cutoffHours(tx);
    return change(tx, app, { now, hours: o.staff ? 0 : applicantHours, applicantHours });
  });
}

/**
 * Books a slot for one of the viewer's applications, or moves its booking to another slot.
 * Two people clicking the last place at once: the slot row is locked (FOR UPDATE) before its
 * bookings are counted, so the second waits for the first and then finds it full (SlotFullError).
 * A job application becomes Interview Scheduled, with the slot's time and place; the applicant
 * gets the confirmation with its calendar invite.
 */
export async function bookInterviewSlot(o: OwnChange & { slotId: string }) {
  return changeOwnInterview(o, async (tx, app, { now, hours, applicantHours }) => {
    const atStage = app.status === INTERVIEW_STAGE[app.kind];
    const movingBooked = app.booking !== null && app.status === "interview_scheduled";
    if (!atStage && !movingBooked) throw new BookingNotAllowedError();
    if (app.booking && !canChangeInterview(app.booking.startsAt, now, hours)) {
      throw new TooLateToChangeError();
    }
    if (app.booking?.slotId === o.slotId) return { slotId: o.slotId, rescheduled: false };
    const [slot] = await tx
      .select()
      .from(interviewSlots)
      .where(
        and(
          eq(interviewSlots.id, o.slotId),
          app.jobId
            ? eq(interviewSlots.jobId, app.jobId)
            : eq(interviewSlots.programId, app.programId!),
        ),
      )
      .for("update");
    if (!slot || slot.startsAt.getTime() < cutoffFrom(now, hours).getTime()) {
      throw new SlotUnavailableError();
    }
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(interviewBookings)
      .where(eq(interviewBookings.slotId, slot.id));
    if (Number(n) >= slot.capacity) throw new SlotFullError();

    const rescheduled = app.booking !== null;
    await tx
      .insert(interviewBookings)
      .values({ slotId: slot.id, applicationId: app.id, bookedAt: now })
      .onConflictDoUpdate({
        target: interviewBookings.applicationId,
        set: { slotId: slot.id, bookedAt: now },
      });
    const status = app.kind === "job" ? "interview_scheduled" : app.status;
    await setInterview(tx, app, o.viewer.id, {
      status,
      interviewDate: slot.startsAt,
      interviewLocation: slot.location,
    });
    await recordAudit(tx, {
      actorId: o.viewer.id,
      action: rescheduled ? "interview.reschedule" : "interview.book",
      targetType: "application",
      targetId: app.id,
      details: {
        slotId: slot.id,
        startsAt: slot.startsAt.toISOString(),
        ...(rescheduled ? { from: app.booking!.startsAt.toISOString() } : {}),
        ...(o.staff ? { byStaff: true } : {}),
      },
    });
    await notifyInterview(tx, {
      userId: app.userId,
      notice: "booked",
      jobTitle: app.title,
      at: slot.startsAt,
      place: slot.location,
    });
    await enqueueApplicantMail(tx, {
      userId: app.userId,
      render: (recipient) =>
        interviewBookedEmail({
          ...recipient,
          jobTitle: app.title,
          interviewDate: slot.startsAt,
          durationMinutes: slot.durationMinutes,
          location: slot.location,
          applicationId: app.id,
          rescheduled,
          changeUntil: changeDeadline(slot.startsAt, applicantHours),
        }),
    });
    return { slotId: slot.id, rescheduled };
  });
}

/** Writes an application's interview and status; a changed status goes into its history. */
async function setInterview(
  tx: Db,
  app: { id: string; status: ApplicationStatus },
  changedBy: string,
  set: { status: ApplicationStatus; interviewDate: Date | null; interviewLocation: string | null },
) {
  await tx.update(jobApplications).set(set).where(eq(jobApplications.id, app.id));
  if (set.status !== app.status) {
    await tx.insert(applicationStatusHistory).values({
      applicationId: app.id,
      fromStatus: app.status,
      toStatus: set.status,
      changedBy,
    });
  }
}

/**
 * Cancels the viewer's interview (until the cut-off), booked or set by staff: a booked place is
 * free again, a job application goes back to the interview stage without a date, and the
 * calendar event is cancelled.
 */
export async function cancelInterviewBooking(o: OwnChange) {
  return changeOwnInterview(o, async (tx, app, { now, hours }) => {
    const setByStaff =
      !app.booking && app.status === "interview_scheduled" && app.interviewDate
        ? {
            slotId: null,
            startsAt: app.interviewDate,
            durationMinutes: DEFAULT_INTERVIEW_MINUTES,
            location: app.interviewLocation ?? "",
          }
        : null;
    const booking = app.booking ?? setByStaff;
    if (!booking || (app.kind === "job" && app.status !== "interview_scheduled")) {
      throw new BookingNotAllowedError();
    }
    if (!canChangeInterview(booking.startsAt, now, hours)) throw new TooLateToChangeError();
    if (app.booking) {
      await tx.delete(interviewBookings).where(eq(interviewBookings.applicationId, app.id));
    }
    const status = app.kind === "job" ? INTERVIEW_STAGE.job : app.status;
    await setInterview(tx, app, o.viewer.id, {
      status,
      interviewDate: null,
      interviewLocation: null,
    });
    await recordAudit(tx, {
      actorId: o.viewer.id,
      action: "interview.cancel",
      targetType: "application",
      targetId: app.id,
      details: {
        slotId: booking.slotId,
        startsAt: booking.startsAt.toISOString(),
        ...(o.staff ? { byStaff: true } : {}),
      },
    });
    await notifyInterview(tx, {
      userId: app.userId,
      notice: "cancelled",
      jobTitle: app.title,
      at: booking.startsAt,
    });
    await enqueueApplicantMail(tx, {
      userId: app.userId,
      render: (recipient) =>
        interviewCancelledEmail({
          ...recipient,
          jobTitle: app.title,
          interviewDate: booking.startsAt,
          durationMinutes: booking.durationMinutes,
          location: booking.location,
          applicationId: app.id,
        }),
    });
  });
}
