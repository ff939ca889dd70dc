import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { addDays, EXPIRING_WITHIN_DAYS } from "~/domain/checklists";
import type { OfficeScope } from "~/domain/offices";
import { type ExactPage, paginate } from "~/domain/pagination";
import { type Db, db, queryRows } from "~/server/db/client.server";
import { agencyToday } from "~/server/jobs/saved-jobs.server";
import { enqueueApplicantMail, inRoundAloneWithMail } from "~/server/mail/outbox.server";
import { notifyUser } from "~/server/notifications/notifications.server";
import { applicantInScope } from "~/server/offices/scope.server";
import { startScheduler } from "~/server/scheduler.server";
import { listDocumentTypes, namesOf } from "./document-types.server";
import { documentExpiringEmail, documentLabel } from "./document-mail.server";

// Documents that stop being valid (decision record 44): the last day a
// document can be used is its expiry date, or its issue date plus its type's validity months,
// whichever comes first. The applicant is reminded 60, 30 and 7 days before, once each; staff
// list the expiring and expired ones of their offices.

// Any fixed number: the advisory lock lets one process at a time do a round.
export const EXPIRY_ROUND_LOCK_ID = 7_316_244;

/**
 * Each person's current upload of each type (the newest one not replaced, if it was not
 * rejected) with the last day it can be used, for those whose dates say so.
 */
const CURRENT_DATED = sql`
  select d.id, d.user_id, d.document_type, d.status, d.file_name, t.sensitive,
         least(d.expires_on,
               (d.issued_on + make_interval(months => t.validity_months))::date) as valid_until
    from documents d
    join document_types t on t.key = d.document_type
   where d.status in ('verified', 'pending')
     and (d.expires_on is not null or (d.issued_on is not null and t.validity_months is not null))
     and not exists (
       select 1 from documents n
        where n.user_id = d.user_id and n.document_type = d.document_type
          and n.status <> 'replaced' and n.uploaded_at > d.uploaded_at)`;

type Reminded = {
  document_id: string;
  days_before: number;
  valid_until: string;
  user_id: string;
  document_type: string;
};

/**
 * Claims the reminder due for each current document that stops being valid within 60 days (the
 * nearest of 60, 30 and 7 it has reached): one row per document, threshold and last valid day,
 * inserted with `on conflict do nothing`, so a round in another process (or a second one here)
 * finds it taken. Then mails and notifies the ones this round claimed, in the same transaction.
 */
async function remindExpiring(tx: Db, today: string) {
  const rows = await queryRows<Reminded>(
    sql`
    with due as (
      select c.*, (c.valid_until - ${today}::date) as days_left
        from (${CURRENT_DATED}) c
       where c.valid_until >= ${today}::date
         and c.valid_until <= ${addDays(today, EXPIRING_WITHIN_DAYS)}::date),
    claimed as (
      insert into document_expiry_reminders (document_id, days_before, valid_until)
      select id, case when days_left <= 7 then 7 when days_left <= 30 then 30 else 60 end,
             valid_until
        from due
      on conflict do nothing
      returning document_id, days_before, valid_until)
    select claimed.document_id, claimed.days_before, claimed.valid_until::text as valid_until,
           due.user_id, due.document_type
      from claimed join due on due.id = claimed.document_id`,
    tx,
  );
  if (rows.length === 0) return 0;
  const types = await listDocumentTypes(tx);
  for (const row of rows) {
    const document = namesOf(types, row.document_type);
    const validUntil = String(row.valid_until).slice(0, 10);
    await notifyUser(tx, {
      userId: row.user_id,
      kind: "document_expiring",
      text: (t, lng) => {
        const values = { document: documentLabel(document, lng), count: row.days_before };
        return {
          title: t("documentExpiring.notificationTitle", values),
          body: t("documentExpiring.notificationBody", values),
        };
      },
      link: "/dashboard/documents",
    });
    await enqueueApplicantMail(tx, {
      userId: row.user_id,
      render: (recipient) =>
        documentExpiringEmail({ ...recipient, document, validUntil, daysBefore: row.days_before }),
    });
  }
  return rows.length;
}

/**
 * One round of expiry reminders. Several app processes may run it at once: the advisory lock lets
 * one do it, and each reminder's row makes it go once even without the lock.
 */
export async function runDocumentExpiryRound(options: { now?: Date; on?: Db } = {}) {
  const today = agencyToday(options.now ?? new Date());
  return inRoundAloneWithMail(
    EXPIRY_ROUND_LOCK_ID,
    async (tx) => ({ reminded: await remindExpiring(tx, today) }),
    options.on ?? db(),
  );
}

/** Runs a round every hour in this process. Started by server/main.ts. */
export function startDocumentExpiryScheduler(options: { intervalMs?: number } = {}) {
  return startScheduler({
    name: "documentExpiry",
    intervalMs: options.intervalMs ?? 60 * 60_000,
    run: async () => {
      await runDocumentExpiryRound();
    },
    failure: "document expiry round failed",
  });
}

export type ExpiringDocumentRow = {
  id: string;
  userId: string;
  applicantName: string | null;
  office: string | null;
  documentType: string;
  status: string;
  /** Empty for a sensitive type's document: lists name it by its type only. */
  fileName: string;
  validUntil: string;
  expired: boolean;
};

const PAGE_SIZE = 25;

/**
 * Staff's list of the documents of their offices' applicants that expired or expire within 60
 * days (each person's current upload of a type), soonest first; `office` narrows it to one.
 */
export async function listExpiringDocumentsForStaff(o: {
  scope: OfficeScope;
  office: string | null;
  page: number;
  today?: string;
}): Promise<ExactPage<ExpiringDocumentRow>> {
  const today = o.today ?? agencyToday();
  const inScope = applicantInScope(o.scope, sql`c.user_id` as unknown as AnyPgColumn, o.office);
  const where = sql`c.valid_until <= ${addDays(today, EXPIRING_WITHIN_DAYS)}::date
    ${inScope ? sql`and ${inScope}` : sql``}`;
  return paginate({
    page: o.page,
    pageSize: PAGE_SIZE,
    count: async () => {
      const [row] = await queryRows<{ n: number }>(
        sql`select count(*)::int as n from (${CURRENT_DATED}) c where ${where}`,
      );
      return Number(row?.n ?? 0);
    },
    rows: async (limit, offset) => {
      const rows = await queryRows<{
        id: string;
        user_id: string;
        full_name: string | null;
        office: string | null;
        document_type: string;
        status: string;
        file_name: string;
        valid_until: string;
      }>(
        // A list names special personal information by its type only (decision record 49).
        sql`select c.id, c.user_id, p.full_name, p.office, c.document_type, c.status,
                   case when c.sensitive then '' else c.file_name end as file_name,
                   c.valid_until::text as valid_until
              from (${CURRENT_DATED}) c
              join profiles p on p.id = c.user_id
             where ${where}
             order by c.valid_until, c.id
             limit ${limit} offset ${offset}`,
      );
      return rows.map((r) => {
        const validUntil = String(r.valid_until).slice(0, 10);
        return {
          id: r.id,
          userId: r.user_id,
          applicantName: r.full_name,
          office: r.office,
          documentType: r.document_type,
          status: r.status,
          fileName: r.file_name,
          validUntil,
          expired: validUntil < today,
        };
      });
    },
  });
}
