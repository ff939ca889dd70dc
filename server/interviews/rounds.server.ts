import { sql } from "drizzle-orm";
import { INTERVIEW_STAGE } from "~/domain/interview-slots";
import { type Db, db, queryRows } from "~/server/db/client.server";
import { kickScheduler, startScheduler } from "~/server/scheduler.server";
import { enqueueApplicantMail, inRoundAloneWithMail } from "~/server/mail/outbox.server";
import {
  interviewInvitationEmail,
  interviewReminderEmail,
} from "~/server/interviews/interview-mail.server";
import { notifyInterview } from "./notices.server";
import { getSiteSettings } from "~/server/settings/settings.server";

// Any fixed number: the advisory lock keeps two processes from doing a round at once.
export const INTERVIEW_ROUND_LOCK_ID = 7_316_205;
const BATCH = 200;
const REMINDER_HOURS = 24;

/** The end of a round's statement: the application picked, as a Due row (but its duration). */
const RETURNING_DUE = sql`returning a.id, a.user_id,
      coalesce((select title from jobs j where j.id = a.job_id),
               (select title from programs p where p.id = a.program_id)) as title,
      a.interview_date, a.interview_location`;

type Due = {
  id: string;
  user_id: string;
  title: string;
  interview_date: Date | string | null;
  interview_location: string | null;
  duration_minutes: number | null;
};

/**
 * Marks the applications that reached the interview stage, have no booking and were never
 * invited, when their job or program has a slot with a place left; each is invited once (the mark
 * is set in the same statement that picks it).
 */
async function inviteToBook(tx: Db, now: Date) {
  // Only times the applicant could still book (the site's cut-off).
  const hours = (await getSiteSettings(tx)).interviews.changeCutoffHours;
  const cutoff = new Date(now.getTime() + hours * 3_600_000);
  const rows = await queryRows<Due>(
    sql`
    update job_applications a set interview_invited_at = ${now.toISOString()}::timestamptz
      from (
        select a2.id from job_applications a2
         where a2.interview_invited_at is null
           and ((a2.kind = 'job' and a2.status = ${INTERVIEW_STAGE.job})
             or (a2.kind = 'program' and a2.status = ${INTERVIEW_STAGE.program}))
           and not exists (select 1 from interview_bookings b where b.application_id = a2.id)
           and exists (
             select 1 from interview_slots s
              where (s.job_id = a2.job_id or s.program_id = a2.program_id)
                and s.starts_at >= ${cutoff.toISOString()}::timestamptz
                and (select count(*) from interview_bookings b2 where b2.slot_id = s.id) < s.capacity)
         order by a2.id
         limit ${BATCH}
         for update of a2 skip locked) picked
     where a.id = picked.id
    ${RETURNING_DUE}, null::int as duration_minutes`,
    tx,
  );
  for (const row of rows) {
    await notifyInterview(tx, { userId: row.user_id, notice: "invited", jobTitle: row.title });
    await enqueueApplicantMail(tx, {
      userId: row.user_id,
      render: (recipient) => interviewInvitationEmail({ ...recipient, jobTitle: row.title }),
    });
  }
  return rows.length;
}

/**
 * Writes the reminder of every interview in the next 24 hours that has not had one for its
 * current date (a new date gets a new reminder). The date reminded for is written by the same
 * statement that picks the row, so a second round, here or in another process, finds nothing.
 */
async function remindDayBefore(tx: Db, now: Date) {
  const until = new Date(now.getTime() + REMINDER_HOURS * 3_600_000);
  const rows = await queryRows<Due>(
    sql`
    update job_applications a set interview_reminded_for = a.interview_date
      from (
        select a2.id from job_applications a2
         where a2.interview_date > ${now.toISOString()}::timestamptz
           and a2.interview_date <= ${until.toISOString()}::timestamptz
           and a2.interview_reminded_for is distinct from a2.interview_date
           and ((a2.kind = 'job' and a2.status = 'interview_scheduled')
             or (a2.kind = 'program'
                 and exists (select 1 from interview_bookings b where b.application_id = a2.id)))
         order by a2.interview_date, a2.id
         limit ${BATCH}
         for update of a2 skip locked) picked
     where a.id = picked.id
    ${RETURNING_DUE},
      (select s.duration_minutes from interview_bookings b
         join interview_slots s on s.id = b.slot_id where b.application_id = a.id) as duration_minutes`,
    tx,
  );
  for (const row of rows) {
    const at = new Date(row.interview_date!);
    await notifyInterview(tx, { userId: row.user_id, notice: "reminder", jobTitle: row.title, at });
    await enqueueApplicantMail(tx, {
      userId: row.user_id,
      render: (recipient) =>
        interviewReminderEmail({
          ...recipient,
          jobTitle: row.title,
          interviewDate: at,
          location: row.interview_location,
          durationMinutes: row.duration_minutes ?? undefined,
        }),
    });
  }
  return rows.length;
}

/**
 * One round: invitations to choose a slot, then the day-before reminders. Several app processes
 * may call it at once: a transaction-scoped advisory lock lets one of them do the round and the
 * others return at once (null), as the job-alert round does.
 */
export async function runInterviewRound(options: { now?: Date; on?: Db } = {}) {
  const now = options.now ?? new Date();
  return inRoundAloneWithMail(
    INTERVIEW_ROUND_LOCK_ID,
    async (tx) => {
      const invited = await inviteToBook(tx, now);
      const reminded = await remindDayBefore(tx, now);
      return { invited, reminded };
    },
    options.on ?? db(),
  );
}

/** Runs a round every `intervalMs` (five minutes) in this process. Started by server/main.ts. */
export function startInterviewScheduler(options: { intervalMs?: number } = {}) {
  return startScheduler({
    name: "interviewRounds",
    intervalMs: options.intervalMs ?? 5 * 60_000,
    run: async () => {
      await runInterviewRound();
    },
    failure: "interview round failed",
  });
}

/** Asks this process's scheduler for a round now (after a slot is published). */
export function kickInterviewRound() {
  kickScheduler("interviewRounds");
}
