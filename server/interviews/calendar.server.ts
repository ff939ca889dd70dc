import ICAL from "ical.js";
import { zoneOffsetMinutes } from "~/domain/interview";
import { AGENCY_TIME_ZONE } from "~/domain/format";
import type { MailAttachment } from "~/server/db/schema";

/**
 * An interview as a calendar invite (RFC 5545, written with ical.js): the times carry the agency's
 * time zone (`DTSTART;TZID=Africa/Harare:…`) with its VTIMEZONE, so a calendar anywhere shows the
 * right moment and names the zone the agency speaks in. One UID per application: a new time is a
 * new SEQUENCE of the same event, a cancellation (METHOD:CANCEL) removes it.
 */
export type InterviewEvent = {
  /** Stable per application, so an update replaces the event in the calendar. */
  uid: string;
  start: Date;
  durationMinutes: number;
  summary: string;
  description: string;
  location?: string | null;
  organizer: { name: string; email: string };
  attendee?: { name: string; email: string } | null;
  cancelled?: boolean;
  /** When this version was written (DTSTAMP, and the SEQUENCE that orders updates). */
  now?: Date;
};

const DAY_MS = 86_400_000;

/** +0200, -0530: an offset in minutes as iCalendar writes it. */
function utcOffset(minutes: number) {
  return ICAL.UtcOffset.fromSeconds(minutes * 60);
}

/** A wall-clock time (no zone of its own) in `timeZone` at the instant `at`. */
function wallTime(at: Date, timeZone: string) {
  const local = new Date(at.getTime() + zoneOffsetMinutes(at, timeZone) * 60_000);
  return ICAL.Time.fromData({
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: 0,
    isDate: false,
  });
}

/**
 * The zone's offsets around `at` (a year either side) as a VTIMEZONE: one observance for the
 * offset in force at the start, then one per change (found by the minute from Intl's zone data),
 * so a zone with daylight saving is described as well as one without (Africa/Harare: one line).
 */
export function vtimezone(timeZone: string, at: Date) {
  const zone = new ICAL.Component("vtimezone");
  zone.addPropertyWithValue("tzid", timeZone);
  const from = Date.UTC(at.getUTCFullYear() - 1, 0, 1);
  const to = Date.UTC(at.getUTCFullYear() + 2, 0, 1);
  const changes: { at: number; before: number; after: number }[] = [];
  let previous = zoneOffsetMinutes(new Date(from), timeZone);
  for (let day = from + DAY_MS; day <= to; day += DAY_MS) {
    const offset = zoneOffsetMinutes(new Date(day), timeZone);
    if (offset === previous) continue;
    let lo = day - DAY_MS;
    let hi = day;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (zoneOffsetMinutes(new Date(mid), timeZone) === previous) lo = mid;
      else hi = mid;
    }
    changes.push({ at: hi, before: previous, after: offset });
    previous = offset;
  }
  const offsets = [zoneOffsetMinutes(new Date(from), timeZone), ...changes.map((c) => c.after)];
  const standard = Math.min(...offsets);
  const observance = (start: ICAL.Time, before: number, after: number) => {
    const part = new ICAL.Component(after > standard ? "daylight" : "standard");
    part.addPropertyWithValue("dtstart", start);
    part.addPropertyWithValue("tzoffsetfrom", utcOffset(before));
    part.addPropertyWithValue("tzoffsetto", utcOffset(after));
    zone.addSubcomponent(part);
  };
  const first = offsets[0]!;
  observance(
    ICAL.Time.fromData({ year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0 }),
    first,
    first,
  );
  for (const change of changes) {
    // DTSTART of an observance is the wall time just before the change, in the old offset.
    const wall = new Date(change.at + change.before * 60_000);
    observance(
      ICAL.Time.fromData({
        year: wall.getUTCFullYear(),
        month: wall.getUTCMonth() + 1,
        day: wall.getUTCDate(),
        hour: wall.getUTCHours(),
        minute: wall.getUTCMinutes(),
        second: 0,
      }),
      change.before,
      change.after,
    );
  }
  return zone;
}

function zonedProperty(name: string, at: Date, timeZone: string) {
  const property = new ICAL.Property(name);
  property.setValue(wallTime(at, timeZone));
  property.setParameter("tzid", timeZone);
  return property;
}

/** The .ics text of one interview (a request, or its cancellation). */
export function interviewCalendar(event: InterviewEvent, timeZone = AGENCY_TIME_ZONE): string {
  const now = event.now ?? new Date();
  const end = new Date(event.start.getTime() + event.durationMinutes * 60_000);
  const calendar = new ICAL.Component("vcalendar");
  calendar.addPropertyWithValue("prodid", "-//Passage//Interviews//EN");
  calendar.addPropertyWithValue("version", "2.0");
  calendar.addPropertyWithValue("calscale", "GREGORIAN");
  calendar.addPropertyWithValue("method", event.cancelled ? "CANCEL" : "REQUEST");
  calendar.addSubcomponent(vtimezone(timeZone, event.start));

  const vevent = new ICAL.Component("vevent");
  vevent.addPropertyWithValue("uid", event.uid);
  vevent.addPropertyWithValue("dtstamp", ICAL.Time.fromJSDate(now, true));
  // Minutes since 2020: grows with every new version, small enough for any calendar.
  vevent.addPropertyWithValue("sequence", Math.floor((now.getTime() - Date.UTC(2020, 0)) / 60_000));
  vevent.addProperty(zonedProperty("dtstart", event.start, timeZone));
  vevent.addProperty(zonedProperty("dtend", end, timeZone));
  vevent.addPropertyWithValue("summary", event.summary);
  vevent.addPropertyWithValue("description", event.description);
  if (event.location?.trim()) {
    vevent.addPropertyWithValue("location", event.location.trim());
    if (/^https?:\/\//i.test(event.location.trim())) {
      vevent.addPropertyWithValue("url", event.location.trim());
    }
  }
  vevent.addPropertyWithValue("status", event.cancelled ? "CANCELLED" : "CONFIRMED");
  const organizer = vevent.addPropertyWithValue("organizer", `mailto:${event.organizer.email}`);
  organizer.setParameter("cn", event.organizer.name);
  if (event.attendee) {
    const attendee = vevent.addPropertyWithValue("attendee", `mailto:${event.attendee.email}`);
    attendee.setParameter("cn", event.attendee.name);
    attendee.setParameter("role", "REQ-PARTICIPANT");
    attendee.setParameter("partstat", "ACCEPTED");
  }
  calendar.addSubcomponent(vevent);
  // RFC 5545 lines end in CRLF.
  return calendar.toString().replace(/\r?\n/g, "\r\n") + "\r\n";
}

/** The invite as a mail attachment. */
export function calendarAttachment(event: InterviewEvent, timeZone = AGENCY_TIME_ZONE) {
  const method = event.cancelled ? "CANCEL" : "REQUEST";
  return {
    filename: event.cancelled ? "interview-cancelled.ics" : "interview.ics",
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: interviewCalendar(event, timeZone),
  } satisfies MailAttachment;
}

/** The UID of an application's interview: the same event whatever its time or however set. */
export const interviewUid = (applicationId: string, host: string) =>
  `interview-${applicationId}@${host}`;
