import { listPhoneNoticesTo } from "~/server/phone/receipts.server";
import { and, eq, notInArray, sql } from "drizzle-orm";
import { formatPhone } from "~/domain/phone";
import { feeOwedReader, pathOfRole } from "~/server/fees/fee-policies.server";
import { alias } from "drizzle-orm/pg-core";
import { STAFF_ROLES } from "~/domain/enums";
import type { OfficeScope } from "~/domain/offices";
import { refusedStatusesForStaff } from "~/server/applications/application-facts.server";
import { listApplicationNotesForStaff } from "~/server/applications/notes.server";
import {
  listApplicationsOfApplicantForStaff,
  listStatusHistoryForStaff,
} from "~/server/applications/staff.server";
import { listAuditEntriesForStaff } from "~/server/audit/audit-log.server";
import type { Viewer } from "~/server/auth/guards.server";
import { db } from "~/server/db/client.server";
import { accounts, profiles } from "~/server/db/schema";
import { listDocumentsForApplicantAsStaff } from "~/server/documents/documents.server";
import { listThreadMessages, type ThreadMessage } from "~/server/messages/threads.server";
import { applicantInScope } from "~/server/offices/scope.server";
import { listAllPaymentsForStaff } from "~/server/payments/staff.server";
import { recordProfileViewed, STAFF_VIEW_ACTIONS } from "~/server/privacy/staff-views.server";
import { listTasksOfApplicantForStaff } from "~/server/tasks/tasks.server";

// One page per applicant for staff: everything the back-office knows of one person (and the
// tasks staff gave them),
// gathered from the services that own each part, read through the viewer's office scope.

const owner = alias(profiles, "applicant_owner");

/** How many of the person's payments and activity-log entries the page shows. */
const PAYMENTS_SHOWN = 50;
const ACTIVITY_SHOWN = 100;

/** The applicant's own row, when they are not staff and are of the viewer's offices. */
async function findApplicantInScope(applicantId: string, scope: OfficeScope) {
  const [row] = await db()
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      email: profiles.email,
      phoneNumber: profiles.phoneNumber,
      whatsappNumber: profiles.whatsappNumber,
      country: profiles.country,
      office: profiles.office,
      role: profiles.role,
      registrationFeePaid: profiles.registrationFeePaid,
      preferredLanguage: profiles.preferredLanguage,
      erasedAt: profiles.erasedAt,
      createdAt: profiles.createdAt,
      ownerId: profiles.ownerId,
      ownerName: owner.fullName,
      ownerRole: owner.role,
      // The owner form posts it: a change of owner is made on the version it was shown (record 37).
      version: profiles.version,
      // Whether they chose their password: an agent's applicant waits for it until then.
      hasPassword: sql<boolean>`exists (select 1 from ${accounts} c
        where c.user_id = ${sql.raw(`"profiles"."id"`)} and c.provider_id = 'credential')`,
    })
    .from(profiles)
    .leftJoin(owner, eq(owner.id, profiles.ownerId))
    .where(
      and(
        eq(profiles.id, applicantId),
        notInArray(profiles.role, [...STAFF_ROLES]),
        applicantInScope(scope, profiles.id),
      ),
    );
  return row ?? null;
}

/**
 * The applicant `applicantId` as the viewer's offices allow: null when there is no such applicant
 * or they are another office's (the route answers 404 either way, and nothing is recorded).
 * Opening the page is written to the audit trail, as opening an application's details is.
 */
export async function getApplicantRecordForStaff({
  viewer,
  scope,
  applicantId,
}: {
  viewer: Pick<Viewer, "id" | "role">;
  scope: OfficeScope;
  applicantId: string | undefined;
}) {
  // RegExp.test(undefined) tests the text "undefined": a missing id is checked first.
  if (typeof applicantId !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(applicantId)) return null;
  const found = await findApplicantInScope(applicantId, scope);
  if (!found) return null;
  // Whether their fee policy asks a fee up front: someone who owes none is never "unpaid".
  const owes = await feeOwedReader();
  const profile = {
    ...found,
    // As people read them; call and WhatsApp links take their digits.
    phoneNumber: formatPhone(found.phoneNumber),
    whatsappNumber: formatPhone(found.whatsappNumber),
    feeDue: owes(found.office, pathOfRole(found.role)),
  };
  const [applications, documents, payments, messages, phoneNotices, tasks] = await Promise.all([
    listApplicationsOfApplicantForStaff(profile.id, scope),
    listDocumentsForApplicantAsStaff({ viewer, userId: profile.id }),
    listAllPaymentsForStaff({
      filter: { provider: null, status: null, from: null, to: null, userId: profile.id },
      scope,
      page: 1,
      pageSize: PAYMENTS_SHOWN,
    }),
    listThreadMessages({ applicantId: profile.id, withGroupMessages: true }),
    listPhoneNoticesTo([found.phoneNumber, found.whatsappNumber]),
    listTasksOfApplicantForStaff(profile.id),
    recordProfileViewed({ staff: viewer, ownerId: profile.id }),
  ]);
  // An attachment that is special personal information the viewer may not open is named by
  // nothing but its being there (decision record 49).
  const restricted = new Set(documents.filter((d) => d.restricted).map((d) => d.id));
  const shownMessages = messages.map((m) =>
    m.documentId && restricted.has(m.documentId)
      ? { ...m, documentId: null, documentName: null, documentRestricted: true }
      : { ...m, documentRestricted: false },
  );
  const applicationIds = applications.map((a) => a.id);
  const [history, notes, refused, activity] = await Promise.all([
    listStatusHistoryForStaff(applicationIds),
    listApplicationNotesForStaff(applicationIds),
    refusedStatusesForStaff(applications),
    listAuditEntriesForStaff({
      viewer,
      scope,
      filter: {
        targets: [
          { type: "user", ids: [profile.id] },
          { type: "profile", ids: [profile.id] },
          { type: "application", ids: applicationIds },
          { type: "document", ids: documents.map((d) => d.id) },
          { type: "message", ids: messages.map((m) => m.id) },
        ],
      },
      page: 1,
      pageSize: ACTIVITY_SHOWN,
    }),
  ]);
  const gathered = {
    profile,
    applications: applications.map((a) => ({ ...a, refused: refused.get(a.id) ?? {} })),
    documents,
    payments: payments.items,
    messages: shownMessages,
    phoneNotices,
    notes,
    history,
    activity: activity.items,
  };
  return { ...gathered, tasks, timeline: timelineOf(gathered) };
}

/** Audit entries another part of the timeline already tells (with more to say). */
const TOLD_ELSEWHERE = new Set([
  // Who looked is the applicant's own business (their privacy page), not the story of the case.
  ...STAFF_VIEW_ACTIONS,
  // The status history carries these changes, with their notes.
  "application.status_change",
  "application.schedule_interview",
  "application.withdraw",
  // The message itself is in the timeline.
  "message.send",
  "message.reply",
]);

type Gathered = {
  applications: Awaited<ReturnType<typeof listApplicationsOfApplicantForStaff>>;
  documents: Awaited<ReturnType<typeof listDocumentsForApplicantAsStaff>>;
  payments: Awaited<ReturnType<typeof listAllPaymentsForStaff>>["items"];
  messages: (ThreadMessage & { documentRestricted: boolean })[];
  history: Awaited<ReturnType<typeof listStatusHistoryForStaff>>;
  activity: Awaited<ReturnType<typeof listAuditEntriesForStaff>>["items"];
};

/**
 * One story of everything that happened to the applicant, newest first: status changes, uploads,
 * payments, messages and the staff actions of the activity log.
 */
function timelineOf(g: Gathered) {
  const title = new Map(g.applications.map((a) => [a.id, a.jobTitle]));
  const at = (d: Date | string | null | undefined) => new Date(d ?? 0).toISOString();
  const entries = [
    ...g.history.map((h) => ({
      kind: "status" as const,
      id: `status-${h.id}`,
      at: at(h.createdAt),
      by: h.changedByName,
      applicationTitle: title.get(h.applicationId) ?? "",
      from: h.fromStatus,
      to: h.toStatus,
      note: h.note,
    })),
    ...g.documents.map((d) => ({
      kind: "document" as const,
      id: `document-${d.id}`,
      at: at(d.uploadedAt),
      documentType: d.documentType,
      fileName: d.fileName,
      status: d.status,
    })),
    ...g.payments.map((p) => ({
      kind: "payment" as const,
      id: `payment-${p.id}`,
      at: at(p.paidAt ?? p.createdAt),
      amountMinor: p.amountMinor,
      currency: p.currency,
      status: p.status,
      receiptNumber: p.receiptNumber,
    })),
    ...g.messages.map((m) => ({
      kind: "message" as const,
      id: `message-${m.id}`,
      at: at(m.sentAt),
      by: m.senderName,
      subject: m.subject,
      fromApplicant: m.fromApplicant,
    })),
    ...g.activity
      .filter((e) => !TOLD_ELSEWHERE.has(e.action))
      .map((e) => ({
        kind: "audit" as const,
        id: `audit-${e.id}`,
        at: at(e.createdAt),
        by: e.actorName,
        action: e.action,
        details: e.details,
      })),
  ];
  return entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}
export type TimelineEntry = ReturnType<typeof timelineOf>[number];
export type ApplicantRecord = NonNullable<Awaited<ReturnType<typeof getApplicantRecordForStaff>>>;
