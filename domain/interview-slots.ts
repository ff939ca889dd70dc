import { z } from "zod";
import type { ApplicationKind, ApplicationStatus } from "./enums";
import { requiredText } from "./text-fields";
import { editVersion } from "./versions";

/**
 * Interview slots (decision record 24): staff publish times for a job or a program, and an
 * applicant at the interview stage books one. The stage is the one before the interview: a job
 * application that was matched, a program application whose documents are in (study programs
 * have no interview status of their own; booking moves a job application to Interview Scheduled).
 */
export const INTERVIEW_STAGE: Record<ApplicationKind, ApplicationStatus> = {
  job: "job_matched",
  program: "documents_submitted",
};

/**
 * An applicant changes or cancels a booking until this many hours before it; slots starting
 * sooner are not offered either (staff need the notice too). The default of the site setting
 * (Site settings → Interviews, `interviews.changeCutoffHours`).
 */
export const INTERVIEW_CHANGE_CUTOFF_HOURS = 24;

/** Interviews the applicant set no length for (staff typed the time) last this long. */
export const DEFAULT_INTERVIEW_MINUTES = 60;

export const SLOT_DURATIONS = [15, 20, 30, 45, 60, 90, 120] as const;
/** The break between times published together. */
export const SLOT_GAPS = [0, 5, 10, 15, 30] as const;

/** The last moment a booking starting at `startsAt` may be moved or cancelled. */
export function changeDeadline(startsAt: Date, cutoffHours = INTERVIEW_CHANGE_CUTOFF_HOURS) {
  return new Date(startsAt.getTime() - cutoffHours * 3_600_000);
}

/** Whether a booking starting at `startsAt` may still be changed at `now`. */
export function canChangeInterview(
  startsAt: Date,
  now: Date = new Date(),
  cutoffHours = INTERVIEW_CHANGE_CUTOFF_HOURS,
) {
  return now.getTime() <= changeDeadline(startsAt, cutoffHours).getTime();
}

/** A job or a program, as the slot form's select writes it: "job:<id>" or "program:<id>". */
const TargetSchema = z
  .string({ error: "interviews.errors.targetRequired" })
  .regex(
    /^(job|program):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    "interviews.errors.targetRequired",
  )
  .transform((v) => {
    const [kind, id] = v.split(":") as ["job" | "program", string];
    return { kind, id };
  });

/** A whole number from `min` to `max` typed into a form; one message for every way it is wrong. */
const wholeNumber = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

export const PublishSlotSchema = z
  .object({
    target: TargetSchema,
    date: z
      .string({ error: "interviews.errors.dateRequired" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, "interviews.errors.dateRequired"),
    time: z
      .string({ error: "interviews.errors.timeRequired" })
      .regex(/^\d{2}:\d{2}$/, "interviews.errors.timeRequired"),
    durationMinutes: wholeNumber(5, 480, "interviews.errors.duration"),
    location: requiredText(300, "interviews.errors.locationRequired", "errors.tooLong"),
    capacity: wholeNumber(1, 50, "interviews.errors.capacity"),
    /** A morning of times in one go: from `time` until this time, one every length + gap. */
    until: z
      .string()
      .regex(/^\d{2}:\d{2}$/, "interviews.errors.until")
      .optional(),
    gapMinutes: wholeNumber(0, 120, "interviews.errors.gap").default(0),
  })
  .refine((v) => !v.until || slotStarts(v).length > 0, {
    path: ["until"],
    message: "interviews.errors.until",
  });
export type PublishSlot = Omit<z.output<typeof PublishSlotSchema>, "gapMinutes"> & {
  gapMinutes?: number;
};

/** At most this many times are published at once. */
export const MAX_SLOTS_AT_ONCE = 48;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmmOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * The start times ("HH:MM") a publish form asks for: `time` alone, or with `until`, every
 * `durationMinutes + gapMinutes` from `time` while the interview ends by `until` (at most
 * MAX_SLOTS_AT_ONCE). None when `until` leaves no room for one.
 */
export function slotStarts(o: {
  time: string;
  until?: string | null;
  durationMinutes: number;
  gapMinutes?: number;
}): string[] {
  if (!o.until) return [o.time];
  const end = minutesOf(o.until);
  const step = o.durationMinutes + (o.gapMinutes ?? 0);
  const starts: string[] = [];
  for (let at = minutesOf(o.time); at + o.durationMinutes <= end; at += step) {
    starts.push(hhmmOf(at));
    if (starts.length === MAX_SLOTS_AT_ONCE) break;
  }
  return starts;
}

/** The applicant's forms on /dashboard/interviews: book (or move to) a slot, or cancel. */
export const BookingActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("book"),
    applicationId: z.uuid("interviews.errors.notFound"),
    slotId: z.uuid("interviews.errors.chooseSlot"),
  }),
  z.object({
    intent: z.literal("cancel"),
    applicationId: z.uuid("interviews.errors.notFound"),
  }),
]);

/** Staff's forms on the day's schedule: move a booked interview to another time, or cancel it. */
export const StaffBookingSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("moveBooking"),
    applicationId: z.uuid("interviews.errors.notFound"),
    slotId: z.uuid("interviews.errors.chooseSlot"),
    // The application's version the schedule showed (decision record 37).
    version: editVersion,
  }),
  z.object({
    intent: z.literal("cancelBooking"),
    applicationId: z.uuid("interviews.errors.notFound"),
    version: editVersion,
  }),
]);

/** A day as `YYYY-MM-DD`, or null. */
export function readDay(value: string | null | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const d = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value ? null : value;
}
