import { and, eq, gt, sql } from "drizzle-orm";
import type { Language } from "~/domain/languages";
import type { SiteSettings } from "~/domain/settings";
import { config } from "~/server/config.server";
import { type Db, db, queryRows } from "~/server/db/client.server";
import { type MailAttachment, mailOutbox, profiles } from "~/server/db/schema";
import { getSiteSettings } from "~/server/settings/settings.server";
import { kickMailSender } from "./sender.server";
import type { RenderedMail } from "./render.server";

type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  replyTo?: string | null;
  /** Extra headers (List-Unsubscribe on alert e-mails). */
  headers?: Record<string, string> | null;
  /** Files sent with it, as text (an interview's calendar invite). */
  attachments?: MailAttachment[] | null;
};

/**
 * Runs `work` in one transaction and, once it has committed, wakes the mail sender, so the mail it
 * queued goes out now instead of on the sender's next round (up to 15 s later). This is the one
 * way a change that queues mail is written: the mail exists only if the change committed, and the
 * sender is never woken before the row is visible to it. A rolled-back transaction wakes nobody.
 */
export async function inTransactionWithMail<T>(
  work: (tx: Transaction) => Promise<T>,
  on: Db = db(),
): Promise<T> {
  const result = await on.transaction(work);
  kickMailSender();
  return result;
}

/**
 * A background round that several app processes may start at once, in one transaction with mail:
 * a transaction-scoped advisory lock (`lockId`) lets one of them do `work`; the others get null
 * at once.
 */
export async function inRoundAloneWithMail<T>(
  lockId: number,
  work: (tx: Db) => Promise<T>,
  on: Db = db(),
): Promise<T | null> {
  return inTransactionWithMail(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${lockId}) as locked`,
      tx as unknown as Db,
    );
    if (!lock?.locked) return null;
    return work(tx as unknown as Db);
  }, on);
}

/**
 * Queues an e-mail in the durable outbox. Call with the transaction of the change that causes it
 * (opened by inTransactionWithMail): the sender (server/mail) delivers it after the commit, with
 * retries. The body comes from a template its domain writes (server/<domain>/<domain>-mail.server.ts)
 * in the one layout of server/mail/render.server.ts.
 */
export async function enqueueMail(tx: Db, mail: OutgoingMail) {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      replyTo: mail.replyTo ?? null,
      headers: mail.headers ?? null,
      attachments: mail.attachments?.length ? mail.attachments : null,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** What a template for an applicant's e-mail is rendered with. */
export type ApplicantMailContext = {
  settings: SiteSettings;
  /** Absolute origin for links (BASE_URL): a relative link is useless in a mail client. */
  baseUrl: string;
  /** The applicant's name, for the greeting. */
  name: string;
  /** Their address (a calendar invite names them as its attendee). */
  email: string;
  /** The language they chose (their profile's preferred_language): the mail is written in it. */
  lng: Language;
};

/**
 * Queues an e-mail about one of the applicant's own moments (status change, interview, document
 * review, payment receipt, a message from staff): the applicant's address and name come from
 * their profile, the body from a template rendered with the site settings (agency signature and
 * contact details) and BASE_URL. Skipped when they turned these e-mails off in profile settings,
 * unless `evenIfTurnedOff` (a receipt is a record of money paid). The in-app notification is
 * separate and always sent. Returns the outbox id, or null when skipped.
 */
export async function enqueueApplicantMail(
  tx: Db,
  options: {
    userId: string;
    render: (context: ApplicantMailContext) => RenderedMail;
    evenIfTurnedOff?: boolean;
    /** Where a reply goes (a message's thread); else the sender's address. */
    replyTo?: string | null;
  },
): Promise<string | null> {
  const [profile] = await tx
    .select({
      email: profiles.email,
      fullName: profiles.fullName,
      emailNotifications: profiles.emailNotifications,
      lng: profiles.preferredLanguage,
      erasedAt: profiles.erasedAt,
    })
    .from(profiles)
    .where(eq(profiles.id, options.userId));
  // An erased account has no address left to write to.
  if (!profile || profile.erasedAt) return null;
  if (!profile.emailNotifications && !options.evenIfTurnedOff) return null;
  const mail = options.render({
    settings: await getSiteSettings(tx),
    baseUrl: config().baseUrl,
    name: profile.fullName || profile.email,
    email: profile.email,
    lng: profile.lng,
  });
  return enqueueMail(tx, { ...mail, to: profile.email, replyTo: options.replyTo ?? null });
}

/**
 * Marks an outbox row as a digest still being gathered (decision record 34); the sender never
 * sends this header.
 */
export const DIGEST_HEADER = "X-Passage-Digest";

/**
 * Queues, or rewrites, the one e-mail that gathers what happened to an applicant within a few
 * minutes (several documents verified one after another): the row waits `holdMinutes` before the
 * sender may take it, and while it waits each new event renders it again. `render` gets when the
 * gathering began (the first event's time, `startedAt` when this is the first) and reads the facts
 * from the data; it returns null when nothing is left to say, and the waiting row is dropped.
 * Respects the applicant's choice of e-mails like enqueueApplicantMail.
 */
export async function gatherApplicantMail(
  tx: Db,
  options: {
    userId: string;
    digest: string;
    holdMinutes: number;
    startedAt: Date;
    render: (context: ApplicantMailContext, since: Date) => Promise<RenderedMail | null>;
  },
) {
  const [profile] = await tx
    .select({
      email: profiles.email,
      fullName: profiles.fullName,
      emailNotifications: profiles.emailNotifications,
      lng: profiles.preferredLanguage,
      erasedAt: profiles.erasedAt,
    })
    .from(profiles)
    .where(eq(profiles.id, options.userId));
  if (!profile || profile.erasedAt || !profile.emailNotifications) return;
  const key = `${options.digest}:${options.userId}`;
  // Still waiting (pending, never tried, not yet due): such a row is never being sent.
  const [waiting] = await tx
    .select({ id: mailOutbox.id, createdAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, "pending"),
        eq(mailOutbox.attempts, 0),
        gt(mailOutbox.nextAttemptAt, new Date()),
        sql`${mailOutbox.headers} ->> ${DIGEST_HEADER} = ${key}`,
      ),
    )
    .for("update");
  const since = waiting?.createdAt ?? options.startedAt;
  const mail = await options.render(
    {
      settings: await getSiteSettings(tx),
      baseUrl: config().baseUrl,
      name: profile.fullName || profile.email,
      email: profile.email,
      lng: profile.lng,
    },
    since,
  );
  if (waiting) {
    if (!mail) await tx.delete(mailOutbox).where(eq(mailOutbox.id, waiting.id));
    else {
      await tx
        .update(mailOutbox)
        .set({ to: profile.email, subject: mail.subject, text: mail.text, html: mail.html ?? null })
        .where(eq(mailOutbox.id, waiting.id));
    }
    return;
  }
  if (!mail) return;
  await tx.insert(mailOutbox).values({
    to: profile.email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    headers: { [DIGEST_HEADER]: key },
    createdAt: since,
    nextAttemptAt: new Date(since.getTime() + options.holdMinutes * 60_000),
  });
}
