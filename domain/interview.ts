import { z } from "zod";
import { AGENCY_TIME_ZONE } from "./format";

/**
 * Scheduling an interview: a date and time, and where it is held. The `datetime-local` value has
 * no zone; it is read in the agency's time zone, the zone every screen shows times in, so what
 * staff type is what the applicant reads, with or without JavaScript and wherever the browser is.
 */
export const ScheduleInterviewSchema = z.object({
  applicationId: z.uuid("errors.notFound"),
  interviewAt: z
    .string({ error: "errors.interviewRequired" })
    .trim()
    .min(1, "errors.interviewRequired")
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, "errors.interviewInvalid"),
  interviewLocation: z
    .string()
    .trim()
    .max(300, "errors.tooLong")
    .optional()
    .transform((v) => (v ? v : null)),
});
export type ScheduleInterview = z.output<typeof ScheduleInterviewSchema>;

/** Minutes the zone is ahead of UTC at that instant (Africa/Harare: 120). */
export function zoneOffsetMinutes(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** Reads a `datetime-local` value as wall-clock time in the agency's zone; null if impossible. */
export function parseAgencyDateTime(value: string, timeZone = AGENCY_TIME_ZONE): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!, s || 0);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo! - 1 || check.getUTCDate() !== d! || h! > 23 || mi! > 59) {
    return null;
  }
  // Twice, so a wall time next to a daylight-saving change lands on the zone's offset that day.
  let utc = wall - zoneOffsetMinutes(new Date(wall), timeZone) * 60_000;
  utc = wall - zoneOffsetMinutes(new Date(utc), timeZone) * 60_000;
  return new Date(utc);
}

/** An instant as a `datetime-local` value in the agency's zone (for the picker's min and value). */
export function agencyDateTimeInputValue(at: Date, timeZone = AGENCY_TIME_ZONE) {
  const local = new Date(at.getTime() + zoneOffsetMinutes(at, timeZone) * 60_000);
  return local.toISOString().slice(0, 16);
}
