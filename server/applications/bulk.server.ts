import { and, eq, inArray, sql } from "drizzle-orm";
import type { StaffApplicationFilter } from "~/domain/applications";
import {
  BULK_LIMIT,
  type BulkRefusal,
  type BulkScope,
  type BulkSummary,
  nextStage,
} from "~/domain/bulk-actions";
import type { ApplicationStatus } from "~/domain/enums";
import type { OfficeScope } from "~/domain/offices";
import type { Viewer } from "~/server/auth/guards.server";
import { db } from "~/server/db/client.server";
import { jobApplications, jobs, profiles, programs } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { RecipientNotFoundError, sendMessage } from "~/server/messages/messages.server";
import {
  ApplicationNotFoundError,
  changeApplicationStatus,
  filterWhere,
  InterviewDateRequiredError,
  StatusNotForKindError,
} from "./staff.server";
import { StatusFactFalseError } from "./application-facts.server";
import { StaleEditError } from "~/server/db/versions.server";

// Bulk actions on applications. Each application changes in its own transaction,
// through the same service as a single change (history, audit, notification and e-mail with it),
// so one refused application leaves the others changed and itself untouched, never half-applied.

type Actor = Pick<Viewer, "id" | "role">;

/** More rows match than one bulk action takes (BULK_LIMIT): narrow the filter. */
export class BulkTooManyError extends Error {}

export type BulkApplication = {
  id: string;
  kind: "job" | "program";
  status: ApplicationStatus;
  userId: string;
  /** The version the change is made on: the list's (posted per row), else the one read here. */
  version: number;
  /** "Applicant name · job title", for the summary. */
  label: string;
};

/**
 * The applications a bulk action is for: the ticked ids, or every application matching the
 * list's filter (reads across users on purpose, as the staff list does). Newest applied first.
 */
export async function selectApplicationsForBulk(options: {
  selection: BulkScope;
  ids: string[];
  filter: StaffApplicationFilter;
  /** The viewer's offices, and the one office the list shows (null: all of them). */
  scope: OfficeScope;
  office?: string | null;
}): Promise<BulkApplication[]> {
  const ids = options.ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (options.selection !== "matching" && ids.length === 0) return [];
  const where =
    options.selection !== "matching"
      ? and(inArray(jobApplications.id, ids), filterWhere({}, options.scope, null))
      : filterWhere(options.filter, options.scope, options.office ?? null);
  const rows = await db()
    .select({
      id: jobApplications.id,
      kind: jobApplications.kind,
      status: jobApplications.status,
      userId: jobApplications.userId,
      version: jobApplications.version,
      label: sql<string>`${profiles.fullName} || ' · ' || coalesce(${jobs.title}, ${programs.title})`,
    })
    .from(jobApplications)
    .innerJoin(profiles, eq(profiles.id, jobApplications.userId))
    .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .leftJoin(programs, eq(programs.id, jobApplications.programId))
    .where(where)
    .orderBy(sql`${jobApplications.appliedAt} desc`, jobApplications.id)
    .limit(BULK_LIMIT + 1);
  if (rows.length > BULK_LIMIT) throw new BulkTooManyError();
  return rows;
}

function refusalOf(error: unknown): BulkRefusal {
  if (error instanceof StatusFactFalseError) return error.reason;
  if (error instanceof StatusNotForKindError) return "notForKind";
  if (error instanceof InterviewDateRequiredError) return "needsInterviewDate";
  if (error instanceof StaleEditError) return "changedMeanwhile";
  if (error instanceof ApplicationNotFoundError) return "notFound";
  return "failed";
}

/**
 * Moves each application to `to` (a status, or "next": its own next stage), one transaction each
 * through changeApplicationStatus, which also refuses what a single change refuses (a status of
 * the other kind, Interview Scheduled without its date, a status whose fact is false such as
 * Registration Paid for someone who has not paid). An application already there, or with no next
 * stage, is left as it is; one moved by someone else since it was read is refused. Every one left
 * as it was is listed in the summary with why: "next stage" skips nobody silently.
 */
export async function bulkChangeApplicationStatus(options: {
  actor: Actor;
  applications: BulkApplication[];
  to: ApplicationStatus | "next";
  note?: string | null;
}): Promise<BulkSummary> {
  const summary: BulkSummary = {
    action: options.to === "next" ? "next" : "status",
    changed: 0,
    refused: [],
  };
  for (const app of options.applications) {
    const target = options.to === "next" ? nextStage(app.kind, app.status) : options.to;
    const refuse = (
      reason: BulkRefusal,
      stale?: { by: string | null; at: string | null },
      items?: { documentType: string; state: string }[],
    ) =>
      summary.refused.push({
        id: app.id,
        label: app.label,
        reason,
        ...(stale ? { stale } : {}),
        ...(items?.length ? { items } : {}),
      });
    if (!target) {
      refuse("noNextStage");
      continue;
    }
    if (target === app.status) {
      refuse("unchanged");
      continue;
    }
    try {
      await changeApplicationStatus({
        actor: options.actor,
        applicationId: app.id,
        status: target,
        note: options.note ?? null,
        expectedVersion: app.version,
      });
      summary.changed++;
    } catch (error) {
      const reason = refusalOf(error);
      if (reason === "failed")
        logger().error({ err: error, applicationId: app.id }, "bulk status change failed");
      refuse(
        reason,
        error instanceof StaleEditError ? { by: error.stale.by, at: error.stale.at } : undefined,
        // A gated stage names the checklist items it waits for.
        error instanceof StatusFactFalseError ? error.gaps.map((g) => ({ ...g })) : undefined,
      );
    }
  }
  return summary;
}

/**
 * Writes one message to each applicant of the applications (once per person), through the same
 * service as a single message: its own transaction, inbox row, audit entry and e-mail.
 */
export async function bulkMessageApplicants(options: {
  actor: Actor;
  people: { id: string; label: string }[];
  subject: string;
  content: string;
}): Promise<BulkSummary> {
  const summary: BulkSummary = { action: "message", changed: 0, refused: [] };
  const seen = new Set<string>();
  for (const person of options.people) {
    if (seen.has(person.id)) continue;
    seen.add(person.id);
    try {
      await sendMessage({
        actor: options.actor,
        input: {
          recipientType: "individual",
          recipientId: person.id,
          recipientGroup: undefined,
          subject: options.subject,
          content: options.content,
          attachmentUrl: undefined,
        },
      });
      summary.changed++;
    } catch (error) {
      if (!(error instanceof RecipientNotFoundError)) {
        logger().error({ err: error, userId: person.id }, "bulk message failed");
      }
      summary.refused.push({
        ...person,
        reason: error instanceof RecipientNotFoundError ? "notFound" : "failed",
      });
    }
  }
  return summary;
}

/** The people of the given ids with a label, for a bulk action on the user list. */
export async function selectPeopleByIds(ids: string[]) {
  if (ids.length === 0) return [];
  return db()
    .select({ id: profiles.id, label: profiles.fullName })
    .from(profiles)
    .where(inArray(profiles.id, ids.slice(0, BULK_LIMIT)));
}
