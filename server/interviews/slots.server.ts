import { and, asc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import { parseAgencyDateTime } from "~/domain/interview";
import { type PublishSlot, slotStarts } from "~/domain/interview-slots";
import { applicationTitle } from "~/server/applications/columns.server";
import { recordAudit } from "~/server/audit/audit.server";
import type { Viewer } from "~/server/auth/guards.server";
import { type Db, db } from "~/server/db/client.server";
import { lockRowById } from "~/server/db/lock-row.server";
import {
  interviewBookings,
  interviewSlots,
  jobApplications,
  jobs,
  profiles,
  programs,
} from "~/server/db/schema";
import { kickInterviewRound } from "./rounds.server";
import type { OfficeScope } from "~/domain/offices";
import { applicantInScope } from "~/server/offices/scope.server";

type Actor = Pick<Viewer, "id">;

export class SlotTargetNotFoundError extends Error {}
export class SlotInPastError extends Error {}
export class SlotNotFoundError extends Error {}
export class SlotHasBookingsError extends Error {}

/** Jobs and programs a slot may be published for: listed ones, newest first (at most 200 each). */
export async function listSlotTargetsForStaff() {
  const [jobRows, programRows] = await Promise.all([newestListed(jobs), newestListed(programs)]);
  return { jobs: jobRows, programs: programRows };
}

const newestListed = (catalogue: typeof jobs | typeof programs) =>
  db()
    .select({ id: catalogue.id, title: catalogue.title })
    .from(catalogue)
    .where(and(eq(catalogue.isActive, true), isNull(catalogue.archivedAt)))
    // "nulls last" matches the jobs_listed_idx and programs_listed_idx order, so the 200 are read
    // from the index instead of sorting every listed job.
    .orderBy(sql`${catalogue.createdAt} desc nulls last`, asc(catalogue.id))
    .limit(200);

/**
 * Publishes an interview time for a job or a program, or a morning of them (`until`: one every
 * length + gap), each audited, in one transaction; then invites who is waiting.
 */
export async function publishSlot(o: { actor: Actor; input: PublishSlot; now?: Date }) {
  const starts = slotStarts(o.input).map((time) => parseAgencyDateTime(`${o.input.date}T${time}`));
  const first = starts[0];
  if (!first || starts.some((at) => !at || at.getTime() <= (o.now ?? new Date()).getTime())) {
    throw new SlotInPastError();
  }
  const { kind, id } = o.input.target;
  const ids = await db().transaction(async (tx) => {
    const table = kind === "job" ? jobs : programs;
    const [target] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id));
    if (!target) throw new SlotTargetNotFoundError();
    const rows = await tx
      .insert(interviewSlots)
      .values(
        starts.map((startsAt) => ({
          jobId: kind === "job" ? id : null,
          programId: kind === "program" ? id : null,
          startsAt: startsAt!,
          durationMinutes: o.input.durationMinutes,
          location: o.input.location,
          capacity: o.input.capacity,
          createdBy: o.actor.id,
        })),
      )
      .returning({ id: interviewSlots.id, startsAt: interviewSlots.startsAt });
    for (const row of rows) {
      await recordAudit(tx, {
        actorId: o.actor.id,
        action: "interview_slot.publish",
        targetType: "interview_slot",
        targetId: row.id,
        details: {
          [kind === "job" ? "jobId" : "programId"]: id,
          startsAt: row.startsAt.toISOString(),
          durationMinutes: o.input.durationMinutes,
          location: o.input.location,
          capacity: o.input.capacity,
        },
      });
    }
    return rows.map((row) => row.id);
  });
  kickInterviewRound();
  return { id: ids[0]!, ids, startsAt: first };
}

/** Removes a slot nobody booked (audited); a booked slot stays until its bookings move. */
export async function deleteSlot(o: { actor: Actor; slotId: string }) {
  await db().transaction(async (tx) => {
    const slot = await lockRowById(tx, interviewSlots, o.slotId);
    if (!slot) throw new SlotNotFoundError();
    const [booked] = await tx
      .select({ id: interviewBookings.id })
      .from(interviewBookings)
      .where(eq(interviewBookings.slotId, slot.id))
      .limit(1);
    if (booked) throw new SlotHasBookingsError();
    await tx.delete(interviewSlots).where(eq(interviewSlots.id, slot.id));
    await recordAudit(tx, {
      actorId: o.actor.id,
      action: "interview_slot.delete",
      targetType: "interview_slot",
      targetId: slot.id,
      details: { startsAt: slot.startsAt.toISOString(), location: slot.location },
    });
  });
}

/** The agency-time day `YYYY-MM-DD` as [start, end). */
export function agencyDayBounds(day: string) {
  const start = parseAgencyDateTime(`${day}T00:00`)!;
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const end = parseAgencyDateTime(`${next.toISOString().slice(0, 10)}T00:00`)!;
  return { start, end };
}

/**
 * An application as the day's list shows it, booked or set by staff: its id and status, and the
 * applicant's name (their e-mail address when the name is blank).
 */
const dayApplication = {
  applicationId: jobApplications.id,
  applicantId: jobApplications.userId,
  applicantName: sql<string>`coalesce(nullif(${profiles.fullName}, ''), ${profiles.email})`,
  status: jobApplications.status,
  // What staff's move and cancel post back: a change on an older one is refused (record 37).
  version: jobApplications.version,
};

/**
 * The day's interviews for staff, across every applicant of the viewer's offices (`scope`): the
 * published slots with who of them booked, and the interviews staff set directly (no slot).
 * Ordered by time.
 */
export async function listAllInterviewsForStaffOnDay(
  day: string,
  scope: OfficeScope,
  on: Db = db(),
  /** One of the viewer's offices: only its applicants' interviews (the office's own day). */
  office: string | null = null,
) {
  const { start, end } = agencyDayBounds(day);
  const slots = await on
    .select({
      id: interviewSlots.id,
      startsAt: interviewSlots.startsAt,
      durationMinutes: interviewSlots.durationMinutes,
      location: interviewSlots.location,
      capacity: interviewSlots.capacity,
      jobId: interviewSlots.jobId,
      programId: interviewSlots.programId,
      title: sql<string>`coalesce(${jobs.title}, ${programs.title})`,
      kind: sql<
        "job" | "program"
      >`case when ${interviewSlots.jobId} is null then 'program' else 'job' end`,
    })
    .from(interviewSlots)
    .leftJoin(jobs, eq(jobs.id, interviewSlots.jobId))
    .leftJoin(programs, eq(programs.id, interviewSlots.programId))
    .where(and(gte(interviewSlots.startsAt, start), lt(interviewSlots.startsAt, end)))
    .orderBy(asc(interviewSlots.startsAt), asc(interviewSlots.id));
  const bookings = slots.length
    ? await on
        .select({ slotId: interviewBookings.slotId, ...dayApplication })
        .from(interviewBookings)
        .innerJoin(jobApplications, eq(jobApplications.id, interviewBookings.applicationId))
        .innerJoin(profiles, eq(profiles.id, jobApplications.userId))
        .where(
          and(
            inArray(
              interviewBookings.slotId,
              slots.map((s) => s.id),
            ),
            applicantInScope(scope, jobApplications.userId, office),
          ),
        )
        .orderBy(asc(interviewBookings.bookedAt))
    : [];
  const direct = await on
    .select({
      ...dayApplication,
      startsAt: jobApplications.interviewDate,
      location: jobApplications.interviewLocation,
      title: applicationTitle,
    })
    .from(jobApplications)
    .innerJoin(profiles, eq(profiles.id, jobApplications.userId))
    .leftJoin(interviewBookings, eq(interviewBookings.applicationId, jobApplications.id))
    .where(
      and(
        gte(jobApplications.interviewDate, start),
        lt(jobApplications.interviewDate, end),
        eq(jobApplications.status, "interview_scheduled"),
        isNull(interviewBookings.id),
        applicantInScope(scope, jobApplications.userId, office),
      ),
    )
    .orderBy(asc(jobApplications.interviewDate), asc(jobApplications.id));
  return {
    slots: slots.map((s) => ({
      ...s,
      bookings: bookings.filter((b) => b.slotId === s.id),
    })),
    direct: direct.map((d) => ({ ...d, startsAt: d.startsAt! })),
  };
}

/**
 * The times a booked interview of these slots may move to: later slots of the same job or
 * program with room, soonest first (at most `perTarget` each), keyed by "job:<id>" or
 * "program:<id>".
 */
export async function listOpenSlotsForTargets(
  slots: readonly { jobId: string | null; programId: string | null }[],
  now = new Date(),
  perTarget = 30,
) {
  const jobIds = [...new Set(slots.flatMap((s) => (s.jobId ? [s.jobId] : [])))];
  const programIds = [...new Set(slots.flatMap((s) => (s.programId ? [s.programId] : [])))];
  const open = new Map<string, { id: string; startsAt: Date; location: string }[]>();
  if (jobIds.length === 0 && programIds.length === 0) return open;
  const rows = await db()
    .select({
      id: interviewSlots.id,
      startsAt: interviewSlots.startsAt,
      location: interviewSlots.location,
      jobId: interviewSlots.jobId,
      programId: interviewSlots.programId,
    })
    .from(interviewSlots)
    .where(
      and(
        gte(interviewSlots.startsAt, now),
        sql`(select count(*) from ${interviewBookings} b where b.slot_id = ${interviewSlots.id}) < ${interviewSlots.capacity}`,
        sql`(${jobIds.length ? inArray(interviewSlots.jobId, jobIds) : sql`false`} or ${
          programIds.length ? inArray(interviewSlots.programId, programIds) : sql`false`
        })`,
      ),
    )
    .orderBy(asc(interviewSlots.startsAt), asc(interviewSlots.id))
    .limit(perTarget * (jobIds.length + programIds.length));
  for (const row of rows) {
    const key = row.jobId ? `job:${row.jobId}` : `program:${row.programId}`;
    const list = open.get(key) ?? [];
    if (list.length < perTarget) open.set(key, [...list, row]);
  }
  return open;
}
