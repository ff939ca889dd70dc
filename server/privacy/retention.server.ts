import { sql } from "drizzle-orm";
import { APPLICANT_ROLES } from "~/domain/enums";
import { queryRows } from "~/server/db/client.server";
import { logger } from "~/server/logger.server";
import { claimLease } from "~/server/scheduler.server";
import { enqueueApplicantMail, inTransactionWithMail } from "~/server/mail/outbox.server";
import { retentionWarningEmail } from "~/server/privacy/retention-mail.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import { eraseAccount } from "./erase-account.server";

// Retention. An applicant's account and documents are kept for the site
// setting's number of months after their last activity (sign-in or session use, a profile edit,
// an application, an upload). A month before the end they are e-mailed; if they have still done
// nothing when the time is up (and the warning is at least a month old), the account is erased as
// by "Delete my account" (by: "retention", in the activity log). Every step claims its rows in
// the database, so several app processes can run it at once without doing anything twice.

/** How long before the erasure the person is warned. */
export const WARNING_DAYS = 30;
const BATCH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment of a person's latest activity, as SQL over `profiles p`. */
const LAST_ACTIVITY = sql`greatest(
  p.created_at, p.updated_at,
  (select max(s.updated_at) from sessions s where s.user_id = p.id),
  (select max(d.uploaded_at) from documents d where d.user_id = p.id),
  (select max(a.updated_at) from job_applications a where a.user_id = p.id))`;

const applicantRoles = sql.join(
  APPLICANT_ROLES.map((r) => sql`${r}`),
  sql`, `,
);

function monthsBefore(now: Date, months: number) {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

/** One round: warn who is a month from the limit, erase who is past it. */
export async function runRetention(now = new Date()): Promise<{ warned: number; erased: number }> {
  const settings = await getSiteSettings();
  const months = settings.privacy.retentionMonths;
  const limit = monthsBefore(now, months);
  const warnFrom = new Date(limit.getTime() + WARNING_DAYS * DAY_MS);

  // (Times go into the raw SQL below as ISO strings: postgres.js refuses a Date there.)
  // Warn: claimed by setting retention_warned_at (one process wins each row), mail in the same
  // transaction. A warning older than their latest activity no longer counts: warned again.
  let warned = 0;
  await inTransactionWithMail(async (tx) => {
    const rows = await queryRows<{ id: string; last: string }>(
      sql`with due as (
            select p.id, ${LAST_ACTIVITY} as last from profiles p
             where p.erased_at is null and p.role in (${applicantRoles})
               and (p.retention_warned_at is null or p.retention_warned_at < ${LAST_ACTIVITY})
               and ${LAST_ACTIVITY} < ${warnFrom.toISOString()}
             order by p.id limit ${BATCH}
             for update of p skip locked)
          update profiles set retention_warned_at = ${now.toISOString()}
            from due where profiles.id = due.id
          returning profiles.id, due.last`,
      tx,
    );
    for (const row of rows) {
      const eraseOn = new Date(
        Math.max(
          monthsBefore(new Date(row.last), -months).getTime(),
          now.getTime() + WARNING_DAYS * DAY_MS,
        ),
      );
      await enqueueApplicantMail(tx, {
        userId: row.id,
        evenIfTurnedOff: true,
        render: (r) => retentionWarningEmail({ ...r, eraseOn, months }),
      });
    }
    warned = rows.length;
  });

  // Erase: past the limit, warned at least WARNING_DAYS ago and not active since.
  const due = await queryRows<{ id: string }>(
    sql`select p.id from profiles p
         where p.erased_at is null and p.role in (${applicantRoles})
           and p.retention_warned_at is not null
           and p.retention_warned_at <= ${new Date(now.getTime() - WARNING_DAYS * DAY_MS).toISOString()}
           and p.retention_warned_at >= ${LAST_ACTIVITY}
           and ${LAST_ACTIVITY} < ${limit.toISOString()}
         order by p.id limit ${BATCH}`,
  );
  let erased = 0;
  for (const { id } of due) {
    try {
      await eraseAccount({ actor: { id }, userId: id, by: "retention" });
      erased++;
    } catch (error) {
      logger().error({ err: error, userId: id }, "retention: erasing an account failed");
    }
  }
  if (warned || erased) logger().info({ warned, erased }, "retention round");
  return { warned, erased };
}

const LEASE_KEY = "retention_lease";
const INTERVAL_MS = 6 * 60 * 60 * 1000;

/** Runs a round every six hours in one of the app processes. Started by server/main.ts. */
export function startRetentionScheduler(intervalMs = INTERVAL_MS) {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = claimLease(LEASE_KEY, intervalMs * 0.8)
      .then((claimed) => (claimed ? runRetention() : null))
      .catch((error: unknown) => logger().error({ err: error }, "retention round failed"))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, 60_000);
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return {
    stop: async () => {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
