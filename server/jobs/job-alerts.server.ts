import crypto from "node:crypto";
import { and, asc, desc, eq, isNull, lte, sql } from "drizzle-orm";
import { z } from "zod";
import type { AlertFrequency, JobType, Sector } from "~/domain/enums";
import { VISITOR_ALERT_CONFIRM_DAYS } from "~/domain/job-alerts";
import { type Language, localizePath } from "~/domain/languages";
import type { Viewer } from "~/server/auth/guards.server";
import { resolveAuthSecret } from "~/server/auth/auth.server";
import { config } from "~/server/config.server";
import { type Db, db, queryRows } from "~/server/db/client.server";
import { kickScheduler, startScheduler } from "~/server/scheduler.server";
import {
  appState,
  countries,
  jobAlertDeliveries,
  jobAlerts,
  jobs,
  profiles,
} from "~/server/db/schema";
import {
  enqueueMail,
  inRoundAloneWithMail,
  inTransactionWithMail,
} from "~/server/mail/outbox.server";
import { alertSearchSummary } from "~/server/jobs/alert-summary.server";
import { jobAlertConfirmEmail, jobAlertEmail } from "~/server/jobs/job-alert-mail.server";
import { notifyUser } from "~/server/notifications/notifications.server";
import { premiumUnlockedSql } from "~/server/fees/fee-policies.server";
import { restrictedForProfileSql } from "~/server/restrictions/recruitment-restrictions.server";
import { getSiteSettings } from "~/server/settings/settings.server";

type Owner = Pick<Viewer, "id">;

export type AlertFilters = {
  q?: string | null;
  country?: string | null;
  sector?: Sector | null;
  type?: JobType | null;
};

/** An alert's name, frequency and search as stored: a filter left empty is none (NULL). */
function alertValues(o: { name: string; frequency: AlertFrequency; filters: AlertFilters }) {
  return {
    name: o.name,
    frequency: o.frequency,
    query: o.filters.q?.trim() || null,
    countryCode: o.filters.country || null,
    sector: o.filters.sector || null,
    jobType: o.filters.type || null,
  };
}

// ── An applicant's own alerts ─────────────────────────────────────────────────────────────────

/** Saves a /jobs search as an alert of a signed-in applicant (confirmed at once: it is theirs). */
export async function createOwnAlert(o: {
  viewer: Owner;
  name: string;
  frequency: AlertFrequency;
  filters: AlertFilters;
}) {
  const [profile] = await db()
    .select({ email: profiles.email, lng: profiles.preferredLanguage })
    .from(profiles)
    .where(eq(profiles.id, o.viewer.id));
  if (!profile) throw new Error("no profile for the viewer");
  const [row] = await db()
    .insert(jobAlerts)
    .values({
      userId: o.viewer.id,
      email: profile.email,
      language: profile.lng,
      ...alertValues(o),
      confirmedAt: new Date(),
    })
    .returning({ id: jobAlerts.id });
  return row!.id;
}

/** The viewer's own alerts, newest first. */
export function listOwnAlerts(o: { viewer: Owner }) {
  return db()
    .select({
      id: jobAlerts.id,
      name: jobAlerts.name,
      query: jobAlerts.query,
      countryCode: jobAlerts.countryCode,
      sector: jobAlerts.sector,
      jobType: jobAlerts.jobType,
      frequency: jobAlerts.frequency,
      pausedAt: jobAlerts.pausedAt,
      createdAt: jobAlerts.createdAt,
    })
    .from(jobAlerts)
    .where(eq(jobAlerts.userId, o.viewer.id))
    .orderBy(desc(jobAlerts.createdAt), asc(jobAlerts.id));
}

/** Renames, changes the frequency of, pauses or resumes one of the viewer's own alerts. */
export async function updateOwnAlert(o: {
  viewer: Owner;
  id: string;
  name?: string;
  frequency?: AlertFrequency;
  paused?: boolean;
}) {
  const set: Partial<typeof jobAlerts.$inferInsert> = {};
  if (o.name !== undefined) set.name = o.name;
  if (o.frequency !== undefined) set.frequency = o.frequency;
  if (o.paused !== undefined) set.pausedAt = o.paused ? new Date() : null;
  const rows = await db()
    .update(jobAlerts)
    .set(set)
    .where(and(eq(jobAlerts.id, o.id), eq(jobAlerts.userId, o.viewer.id)))
    .returning({ id: jobAlerts.id });
  return rows.length > 0;
}

/** Deletes one of the viewer's own alerts. */
export async function deleteOwnAlert(o: { viewer: Owner; id: string }) {
  const rows = await db()
    .delete(jobAlerts)
    .where(and(eq(jobAlerts.id, o.id), eq(jobAlerts.userId, o.viewer.id)))
    .returning({ id: jobAlerts.id });
  return rows.length > 0;
}

// ── Signed links: one-click unsubscribe, a visitor's confirmation ─────────────────────────────

type LinkPurpose = "job-alert-unsubscribe" | "job-alert-confirm";

/** One key per purpose, so an unsubscribe token never confirms an alert (nor the reverse). */
async function tokenKey(purpose: LinkPurpose = "job-alert-unsubscribe") {
  const secret = await resolveAuthSecret(db(), config().authSecret);
  return crypto.createHmac("sha256", secret).update(purpose).digest();
}

function signAlertId(alertId: string, key: Buffer) {
  return `${alertId}.${crypto.createHmac("sha256", key).update(alertId).digest("base64url")}`;
}

/** The alert id a token names when its signature is ours, else null. */
async function verifiedAlertId(token: string, purpose: LinkPurpose) {
  const [alertId, mac] = token.split(".");
  if (!alertId || !mac || !z.uuid().safeParse(alertId).success) return null;
  const expected = signAlertId(alertId, await tokenKey(purpose)).split(".")[1]!;
  const a = Buffer.from(mac);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b) ? alertId : null;
}

/** A token that stops one alert, for its e-mails' link and List-Unsubscribe header. */
export async function unsubscribeToken(alertId: string, key?: Buffer) {
  return signAlertId(alertId, key ?? (await tokenKey()));
}

/**
 * Stops the alert a token names (deletes it, and with it a visitor's e-mail address), without a
 * session: the token is the permission. False for a token that is not ours; true again for one
 * already used (nothing left to stop).
 */
export async function unsubscribeByToken(token: string): Promise<boolean> {
  const alertId = await verifiedAlertId(token, "job-alert-unsubscribe");
  if (!alertId) return false;
  await db().delete(jobAlerts).where(eq(jobAlerts.id, alertId));
  return true;
}

// ── A visitor's alert: only an e-mail address, confirmed by a link ────────────────────────────

/**
 * Saves a visitor's /jobs search as an alert that waits for its confirmation: the e-mail with the
 * signed link (in the page's language) is queued in the same transaction. Nothing is matched for
 * it, nor sent to it, until the link is used; unconfirmed, it is deleted after
 * VISITOR_ALERT_CONFIRM_DAYS by the alert rounds. Whether the address has an account is not
 * looked at (the answer is the same either way, so the form tells nobody who is registered).
 */
export async function createVisitorAlert(o: {
  email: string;
  name: string;
  frequency: AlertFrequency;
  filters: AlertFilters;
  language: Language;
}) {
  const key = await tokenKey("job-alert-confirm");
  const settings = await getSiteSettings();
  return inTransactionWithMail(async (tx) => {
    const [row] = await tx
      .insert(jobAlerts)
      .values({
        email: o.email,
        language: o.language,
        ...alertValues(o),
      })
      .returning({ id: jobAlerts.id });
    const token = signAlertId(row!.id, key);
    const base = config().baseUrl.replace(/\/$/, "");
    const path = localizePath(`/alerts/confirm?token=${encodeURIComponent(token)}`, o.language);
    const mail = jobAlertConfirmEmail({
      settings,
      lng: o.language,
      alertName: o.name,
      confirmUrl: `${base}${path}`,
      days: VISITOR_ALERT_CONFIRM_DAYS,
    });
    await enqueueMail(tx as unknown as Db, { ...mail, to: o.email });
    return row!.id;
  });
}

export type AlertConfirmation = "confirmed" | "invalid" | "expired";

/**
 * Confirms the visitor's alert a token names, without a session (the token came to that inbox).
 * "invalid" for a token that is not ours, "expired" for an alert deleted since (unsubscribed, or
 * left unconfirmed too long) or past its time; confirming twice is still "confirmed".
 */
export async function confirmVisitorAlert(
  token: string,
  now = new Date(),
): Promise<AlertConfirmation> {
  const alertId = await verifiedAlertId(token, "job-alert-confirm");
  if (!alertId) return "invalid";
  const [alert] = await db()
    .select({ confirmedAt: jobAlerts.confirmedAt, createdAt: jobAlerts.createdAt })
    .from(jobAlerts)
    .where(eq(jobAlerts.id, alertId));
  if (!alert) return "expired";
  if (alert.confirmedAt) return "confirmed";
  if (alert.createdAt.getTime() <= unconfirmedCutoff(now).getTime()) {
    await db().delete(jobAlerts).where(eq(jobAlerts.id, alertId));
    return "expired";
  }
  await db()
    .update(jobAlerts)
    .set({ confirmedAt: now })
    .where(and(eq(jobAlerts.id, alertId), isNull(jobAlerts.confirmedAt)));
  return "confirmed";
}

const unconfirmedCutoff = (now: Date) =>
  new Date(now.getTime() - VISITOR_ALERT_CONFIRM_DAYS * 86_400_000);

/** Deletes the visitors' alerts never confirmed in time (and so their e-mail addresses). */
async function deleteExpiredUnconfirmedAlerts(tx: Db, now: Date) {
  await tx
    .delete(jobAlerts)
    .where(and(isNull(jobAlerts.confirmedAt), lte(jobAlerts.createdAt, unconfirmedCutoff(now))));
}

// ── Matching and sending (on a schedule, one process at a time) ───────────────────────────────

const WATERMARK_KEY = "job_alerts.matched_until";
// Any fixed number: the advisory lock only keeps two processes from matching at once.
export const JOB_ALERT_LOCK_ID = 7_316_204;

const escapeLikeSql = (column: unknown) =>
  sql`replace(replace(replace(lower(${column}), '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;

/**
 * Records, for every live alert, the listed jobs created since the last round (and after the alert
 * itself) that it matches: each
 * filter the alert has must match (AND); a text matches the title, or the description when the
 * person may read it (a premium job's description never matches for someone who has not paid).
 * A person gets a job once, whichever of their alerts found it (the deliveries' key); a premium job
 * for someone who has not paid is marked a teaser.
 */
async function matchNewJobs(tx: Db, now: Date) {
  const [mark] = await tx.select().from(appState).where(eq(appState.key, WATERMARK_KEY));
  // The first round looks at every job; each alert still reports only jobs newer than itself.
  const since = mark ? new Date(String(mark.value)) : new Date(0);
  {
    const pattern = sql`'%' || ${escapeLikeSql(jobAlerts.query)} || '%'`;
    const unlocked = await premiumUnlockedSql(tx, countries.code);
    // A job not advertised to residents of the owner's country (decision record 35) is not sent.
    const restricted = await restrictedForProfileSql(tx);
    await tx.execute(sql`
      insert into ${jobAlertDeliveries} (recipient, job_id, alert_id, teaser)
      select lower(${jobAlerts.email}), ${jobs.id}, ${jobAlerts.id},
             not ${jobs.isPublic} and not ${unlocked}
        from ${jobs}
        join ${jobAlerts} on ${jobAlerts.pausedAt} is null and ${jobAlerts.confirmedAt} is not null
        left join ${profiles} on ${profiles.id} = ${jobAlerts.userId}
        left join ${countries} on ${countries.id} = ${jobs.countryId}
       where ${jobs.isActive} and ${jobs.archivedAt} is null
         and ${jobs.createdAt} > ${since.toISOString()}::timestamptz
         and ${jobs.createdAt} <= ${now.toISOString()}::timestamptz
         and ${jobs.createdAt} > ${jobAlerts.createdAt}
         and not ${restricted}
         and (${jobAlerts.sector} is null or ${jobAlerts.sector} = ${jobs.sector})
         and (${jobAlerts.jobType} is null or ${jobAlerts.jobType} = ${jobs.jobType})
         and (${jobAlerts.countryCode} is null or ${jobAlerts.countryCode} = ${countries.code})
         and (${jobAlerts.query} is null
              or ${jobs.titleSearch} like ${pattern}
              or ((${jobs.isPublic} or ${unlocked})
                  and ${jobs.descriptionSearch} like ${pattern}))
      on conflict do nothing`);
  }
  await tx
    .insert(appState)
    .values({ key: WATERMARK_KEY, value: now.toISOString() })
    .onConflictDoUpdate({ target: appState.key, set: { value: now.toISOString() } });
}

const DIGEST_DAYS: Record<AlertFrequency, number> = { instant: 0, daily: 1, weekly: 7 };

/**
 * Writes the e-mail (and, for an account, the in-app notification) of every alert whose found
 * jobs are due: at once for instant alerts, a day or a week after the last one for digests.
 */
async function sendDueAlerts(tx: Db, now: Date, key: Buffer) {
  const due = await queryRows<{ id: string; frequency: AlertFrequency; last_sent_ms: unknown }>(
    sql`select distinct a.id, a.frequency,
                extract(epoch from a.last_sent_at) * 1000 as last_sent_ms
          from ${jobAlertDeliveries} d join ${jobAlerts} a on a.id = d.alert_id
         where d.sent_at is null and a.paused_at is null`,
    tx,
  );
  const settings = await getSiteSettings(tx);
  let sent = 0;
  for (const alert of due) {
    const wait = DIGEST_DAYS[alert.frequency] * 86_400_000;
    if (alert.last_sent_ms != null && Number(alert.last_sent_ms) + wait > now.getTime()) {
      continue;
    }
    const [a] = await tx.select().from(jobAlerts).where(eq(jobAlerts.id, alert.id));
    if (!a) continue;
    const found = await tx
      .select({
        id: jobs.id,
        title: jobs.title,
        countryName: countries.name,
        teaser: jobAlertDeliveries.teaser,
      })
      .from(jobAlertDeliveries)
      .innerJoin(jobs, eq(jobs.id, jobAlertDeliveries.jobId))
      .leftJoin(countries, eq(countries.id, jobs.countryId))
      .where(and(eq(jobAlertDeliveries.alertId, a.id), isNull(jobAlertDeliveries.sentAt)))
      .orderBy(desc(jobs.createdAt), asc(jobs.id))
      .limit(50);
    if (found.length === 0) continue;
    const [person] = a.userId
      ? await tx
          .select({ name: profiles.fullName, erasedAt: profiles.erasedAt })
          .from(profiles)
          .where(eq(profiles.id, a.userId))
      : [];
    const token = await unsubscribeToken(a.id, key);
    const base = config().baseUrl.replace(/\/$/, "");
    const unsubscribeUrl = `${base}/alerts/unsubscribe?token=${encodeURIComponent(token)}`;
    if (!person?.erasedAt) {
      const mail = jobAlertEmail({
        settings,
        lng: a.language,
        name: person?.name || null,
        alertName: a.name,
        search: alertSearchSummary(
          { q: a.query, country: a.countryCode, sector: a.sector, type: a.jobType },
          a.language,
        ),
        jobs: found,
        unsubscribeUrl,
      });
      await enqueueMail(tx, {
        ...mail,
        to: a.email,
        headers: {
          "List-Unsubscribe": `<${unsubscribeUrl}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      });
      if (a.userId) {
        await notifyUser(tx, {
          userId: a.userId,
          kind: "job_alert",
          text: (t) => ({
            title: t("jobAlert.notificationTitle", { alertName: a.name }),
            body: t("jobAlert.notificationBody", { count: found.length }),
          }),
          link: found.length === 1 ? `/jobs/${found[0]!.id}` : "/dashboard/alerts",
        });
      }
      sent++;
    }
    await tx
      .update(jobAlertDeliveries)
      .set({ sentAt: now })
      .where(and(eq(jobAlertDeliveries.alertId, a.id), isNull(jobAlertDeliveries.sentAt)));
    await tx.update(jobAlerts).set({ lastSentAt: now }).where(eq(jobAlerts.id, a.id));
  }
  return sent;
}

/**
 * One round of job alerts: delete the visitors' alerts left unconfirmed too long, match the jobs
 * created since the last round, then write what is due.
 * Several app processes may call it at once: a transaction-scoped advisory lock lets one of them
 * do the round and the others return at once (null).
 */
export async function runJobAlerts(options: { now?: Date; on?: Db } = {}) {
  const now = options.now ?? new Date();
  // Read before the transaction: with PGlite's one connection, a query outside it would wait.
  const key = await tokenKey();
  return inRoundAloneWithMail(
    JOB_ALERT_LOCK_ID,
    async (tx) => {
      await deleteExpiredUnconfirmedAlerts(tx, now);
      await matchNewJobs(tx, now);
      return { sent: await sendDueAlerts(tx, now, key) };
    },
    options.on ?? db(),
  );
}

/**
 * Runs a job-alert round every `intervalMs` (a minute by default) in this process; the advisory
 * lock in runJobAlerts lets one process at a time do a round. Started by server/main.ts.
 */
export function startJobAlertScheduler(options: { intervalMs?: number } = {}) {
  return startScheduler({
    name: "jobAlerts",
    intervalMs: options.intervalMs ?? 60_000,
    run: async () => {
      await runJobAlerts();
    },
    failure: "job alert round failed",
  });
}

/**
 * Asks this process's scheduler for a round now (after staff publish a job, so instant alerts are
 * instant). Without a running scheduler (tests, scripts) it does nothing.
 */
export function kickJobAlerts() {
  kickScheduler("jobAlerts");
}
