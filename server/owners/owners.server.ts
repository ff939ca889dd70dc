import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { isApplicantRole, STAFF_ROLES } from "~/domain/enums";
import type { BulkSummary } from "~/domain/bulk-actions";
import type { Language } from "~/domain/languages";
import { effectiveOffice } from "~/domain/offices";
import { recordAudits } from "~/server/audit/audit.server";
import type { Viewer } from "~/server/auth/guards.server";
import { type Db, db, preparedQuery, queryRows } from "~/server/db/client.server";
import { jobApplications, profiles } from "~/server/db/schema";
import { lastChangeOf } from "~/server/db/versions.server";
import { serverT, type Translate } from "~/server/i18n/translate.server";
import { enqueueApplicantMail, inTransactionWithMail } from "~/server/mail/outbox.server";
import { applicantsGivenEmail, applicantsGivenText } from "~/server/agents/agent-mail.server";
import { applicantActivityEmail } from "~/server/owners/owner-mail.server";
import { notifyUser } from "~/server/notifications/notifications.server";
import { applicantInScope, officeScopeFor } from "~/server/offices/scope.server";
import { getSiteSettings } from "~/server/settings/settings.server";

// Owners: a staff member looks after an application, or an applicant as a whole. The
// owner is notified of the applicant's new documents and messages; every (re)assignment is in
// the activity log with who owned it before.

type Actor = Pick<Viewer, "id" | "role">;

/**
 * The chosen owner is not a staff member (or, for an applicant, an agent), or no longer has an
 * account.
 */
export class OwnerNotStaffError extends Error {}

/** Staff who may own applicants, by name: the owner choices of the lists. */
export async function listStaffOwners() {
  return staffOwnersQuery().execute();
}

// The applications list offers them on every page: built once.
const staffOwnersQuery = preparedQuery((db) =>
  db
    .select({ id: profiles.id, fullName: profiles.fullName })
    .from(profiles)
    .where(and(inArray(profiles.role, [...STAFF_ROLES]), isNull(profiles.erasedAt)))
    .orderBy(asc(profiles.fullName), asc(profiles.id))
    .prepare("passage_staff_owners"),
);
export type StaffOwner = Awaited<ReturnType<typeof listStaffOwners>>[number];

/** `listAgentOwners(EVERY_OFFICE)`: the agents of every office (a list of everyone's people). */
export const EVERY_OFFICE = Symbol("every office");

/**
 * Agents by name, each with the office they work for: who may own applicants besides staff (an
 * agent follows the applicants of their own office only, decision record 48). For one applicant,
 * the agents of that applicant's office (an unknown office counts as the first); for a list of
 * people of every office, all of them, and the service refuses the others' applicants.
 */
export async function listAgentOwners(applicantOffice: string | null | typeof EVERY_OFFICE) {
  const settings = await getSiteSettings();
  const agents = await db()
    .select({ id: profiles.id, fullName: profiles.fullName, office: profiles.office })
    .from(profiles)
    .where(and(eq(profiles.role, "agent"), isNull(profiles.erasedAt)))
    .orderBy(asc(profiles.fullName), asc(profiles.id));
  const withOffice = agents.map((a) => ({
    id: a.id,
    fullName: a.fullName,
    office: effectiveOffice(a.office, settings.offices) ?? "",
  }));
  if (applicantOffice === EVERY_OFFICE) return withOffice;
  const wanted = effectiveOffice(applicantOffice, settings.offices) ?? "";
  return withOffice.filter((a) => a.office === wanted);
}
export type AgentOwner = Awaited<ReturnType<typeof listAgentOwners>>[number];

/**
 * Checks the chosen owner (null: nobody): a staff member, or where `agents` is allowed an agent,
 * whose office (returned, with the offices) their applicants must be of. Anyone else is refused
 * (OwnerNotStaffError).
 */
async function checkOwner(
  tx: Db,
  ownerId: string | null,
  { agents = false }: { agents?: boolean } = {},
): Promise<{ agentOffice: string; offices: { city: string; country: string }[] } | null> {
  if (ownerId === null) return null;
  const roles = agents ? [...STAFF_ROLES, "agent" as const] : [...STAFF_ROLES];
  const [row] = await tx
    .select({ role: profiles.role, office: profiles.office })
    .from(profiles)
    .where(and(eq(profiles.id, ownerId), inArray(profiles.role, roles), isNull(profiles.erasedAt)));
  if (!row) throw new OwnerNotStaffError();
  if (row.role !== "agent") return null;
  const { offices } = await getSiteSettings(tx);
  return { agentOffice: effectiveOffice(row.office, offices) ?? "", offices };
}

/**
 * Gives the applications to `ownerId` (null: nobody), in one transaction: the rows are locked,
 * those whose owner changes are updated and each gets an audit entry with the owner before and
 * after. An application already with that owner is reported unchanged; a missing one not found.
 */
export async function assignApplicationOwner(options: {
  actor: Actor;
  /** Each with the version the list showed, if it posted one (decision record 37). */
  applications: { id: string; label: string; version?: number }[];
  ownerId: string | null;
}): Promise<BulkSummary> {
  const ids = options.applications.map((a) => a.id);
  return db().transaction(async (tx) => {
    await checkOwner(tx, options.ownerId);
    const rows = ids.length
      ? await tx
          .select({
            id: jobApplications.id,
            ownerId: jobApplications.ownerId,
            version: jobApplications.version,
            updatedAt: jobApplications.updatedAt,
          })
          .from(jobApplications)
          .where(
            and(
              inArray(jobApplications.id, ids),
              applicantInScope(await officeScopeFor(options.actor, tx), jobApplications.userId),
            ),
          )
          .for("update")
      : [];
    const before = new Map(rows.map((r) => [r.id, r.ownerId]));
    const stale = await changedSinceShown(tx, rows, options.applications, "application");
    const changing = rows
      .filter((r) => !stale.has(r.id) && r.ownerId !== options.ownerId)
      .map((r) => r.id);
    await writeOwner(tx, jobApplications, changing, {
      actor: options.actor,
      ownerId: options.ownerId,
      action: "application.assign_owner",
      targetType: "application",
      ownerBefore: (id) => before.get(id) ?? null,
    });
    const changed = new Set(changing);
    return {
      action: "owner",
      changed: changing.length,
      refused: options.applications
        .filter((a) => !changed.has(a.id))
        .map(({ id, label }) => {
          const since = stale.get(id);
          if (since) return { id, label, reason: "changedMeanwhile" as const, stale: since };
          return { id, label, reason: before.has(id) ? ("unchanged" as const) : "notFound" };
        }),
    };
  });
}

/**
 * Gives the applicants (people, not staff) to `ownerId` (null: nobody), in one transaction, each
 * change audited with the owner before and after. Staff accounts are refused: nobody owns them.
 * The owner is a staff member or an agent; an agent only of applicants of their own office (the
 * others are refused, `agentOtherOffice`). An agent's area lists whom they own, so an applicant
 * given to an agent appears there, and one given away leaves it; the agent is told of whom they
 * were given (one notice and e-mail per change, none when the owner stays the same).
 */
export async function assignApplicantOwner(options: {
  actor: Actor;
  /** Each with the version the list showed, if it posted one (decision record 37). */
  people: { id: string; label: string; version?: number }[];
  ownerId: string | null;
}): Promise<BulkSummary> {
  const ids = options.people.map((p) => p.id);
  return inTransactionWithMail(async (tx) => {
    const agent = await checkOwner(tx, options.ownerId, { agents: true });
    const otherOffice = (r: { office: string | null }) =>
      agent !== null && (effectiveOffice(r.office, agent.offices) ?? "") !== agent.agentOffice;
    const rows = ids.length
      ? await tx
          .select({
            id: profiles.id,
            ownerId: profiles.ownerId,
            office: profiles.office,
            role: profiles.role,
            version: profiles.version,
            updatedAt: profiles.updatedAt,
          })
          .from(profiles)
          .where(
            and(
              inArray(profiles.id, ids),
              isNull(profiles.erasedAt),
              applicantInScope(await officeScopeFor(options.actor, tx), profiles.id),
            ),
          )
          .for("update")
      : [];
    const found = new Map(rows.map((r) => [r.id, r]));
    const stale = await changedSinceShown(tx, rows, options.people, "user");
    const changing = rows
      .filter(
        (r) =>
          !stale.has(r.id) &&
          isApplicantRole(r.role) &&
          !otherOffice(r) &&
          r.ownerId !== options.ownerId,
      )
      .map((r) => r.id);
    await writeOwner(tx, profiles, changing, {
      actor: options.actor,
      ownerId: options.ownerId,
      action: "user.assign_owner",
      targetType: "user",
      ownerBefore: (id) => found.get(id)?.ownerId ?? null,
    });
    if (agent && options.ownerId) {
      await tellAgentOfApplicants(tx, {
        agentId: options.ownerId,
        actorId: options.actor.id,
        applicantIds: changing,
      });
    }
    const changed = new Set(changing);
    return {
      action: "owner",
      changed: changing.length,
      refused: options.people
        .filter((p) => !changed.has(p.id))
        .map(({ id, label }) => {
          const row = found.get(id);
          const since = stale.get(id);
          if (since) return { id, label, reason: "changedMeanwhile" as const, stale: since };
          const reason = !row
            ? ("notFound" as const)
            : !isApplicantRole(row.role)
              ? ("notApplicant" as const)
              : otherOffice(row)
                ? ("agentOtherOffice" as const)
                : ("unchanged" as const);
          return { id, label, reason };
        }),
    };
  });
}

/**
 * Tells an agent that staff gave them applicants: one in-app notification and one e-mail per
 * change (a bulk change of many is one notice naming them, not one per person), in the agent's
 * language, in the change's transaction. Nothing when nobody changed hands.
 */
async function tellAgentOfApplicants(
  tx: Db,
  o: { agentId: string; actorId: string; applicantIds: string[] },
) {
  if (o.applicantIds.length === 0) return;
  const people = await tx
    .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email })
    .from(profiles)
    .where(inArray(profiles.id, o.applicantIds))
    .orderBy(asc(profiles.fullName), asc(profiles.id));
  const [actor] = await tx
    .select({ fullName: profiles.fullName, email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, o.actorId));
  const given = {
    staffName: actor?.fullName || actor?.email || "",
    names: people.map((p) => p.fullName || p.email),
  };
  // One person: their page in the agent's area; several: the agent's list.
  const path = people.length === 1 ? `/agent/applicants/${people[0]!.id}` : "/agent";
  await notifyUser(tx, {
    userId: o.agentId,
    kind: "applicant_activity",
    text: (t) => {
      const { title, body } = applicantsGivenText(t, given);
      return { title, body };
    },
    link: path,
  });
  await enqueueApplicantMail(tx, {
    userId: o.agentId,
    render: (r) => applicantsGivenEmail({ ...r, ...given, path }),
  });
}

/**
 * The locked rows that changed since the list showed them: those whose version differs from the
 * one posted for them (decision record 37), each with who changed it and when, to be refused in
 * the bulk summary. A row posted without a version is not checked.
 */
async function changedSinceShown(
  tx: Db,
  rows: { id: string; version: number; updatedAt: Date | null }[],
  shown: { id: string; version?: number }[],
  targetType: string,
) {
  const posted = new Map(shown.map((s) => [s.id, s.version]));
  const stale = new Map<string, { by: string | null; at: string | null }>();
  for (const row of rows) {
    const version = posted.get(row.id);
    if (version === undefined || version === row.version) continue;
    stale.set(row.id, await lastChangeOf(tx, { type: targetType, id: row.id }, row.updatedAt));
  }
  return stale;
}

/** Who owns the applicant now, by name (null: nobody): what a refused owner change says. */
export async function currentOwnerName(applicantId: string) {
  const [row] = await db()
    .select({ name: ownerProfile.fullName })
    .from(profiles)
    .innerJoin(ownerProfile, eq(ownerProfile.id, profiles.ownerId))
    .where(eq(profiles.id, applicantId));
  return row?.name ?? null;
}
const ownerProfile = alias(profiles, "current_owner");

/**
 * The applicant's owner, as a value for a new application's owner_id: an application of someone a
 * staff member looks after starts in that staff member's "My applicants".
 */
export function applicantOwner(applicantId: string) {
  return sql<
    string | null
  >`(select ${profiles.ownerId} from ${profiles} where ${profiles.id} = ${applicantId})`;
}

/** What an owner hears about: a new document, or a message the applicant sent the agency. */
export type ApplicantActivity = {
  applicantId: string;
  event: "document" | "message";
  /** What it is, in the owner's language: the document's type, or the message's subject. */
  detail: (t: Translate, lng: Language) => string;
  /** Where the notice links to, when not the default of its event. */
  path?: string;
  /** Who did it, when not the applicant (an agent uploading for them): not told of it. */
  actorId?: string;
};

/**
 * Tells the applicant's owners (the owner of the person, and of each of their applications) of a
 * new document or message: an in-app notification and an e-mail, in the transaction of the change
 * that caused it (opened with inTransactionWithMail). Nobody is told of their own doing.
 */
export async function notifyApplicantOwners(tx: Db, activity: ApplicantActivity) {
  const owners = await queryRows<{ id: string; role: string }>(
    sql`select o.id, o.role from ${profiles} o where o.id in (
          select ${profiles.ownerId} from ${profiles}
           where ${profiles.id} = ${activity.applicantId} and ${profiles.ownerId} is not null
          union
          select ${jobApplications.ownerId} from ${jobApplications}
           where ${jobApplications.userId} = ${activity.applicantId}
             and ${jobApplications.ownerId} is not null)`,
    tx,
  );
  const recipients = owners.filter(
    (o) =>
      o.id !== activity.applicantId &&
      o.id !== activity.actorId &&
      // An agent follows their applicants' documents; the agency's conversations are staff's.
      (o.role !== "agent" || activity.event === "document"),
  );
  if (recipients.length === 0) return 0;
  const [applicant] = await tx
    .select({ fullName: profiles.fullName, email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, activity.applicantId));
  if (!applicant) return 0;
  const name = applicant.fullName || applicant.email;
  const staffPath =
    activity.path ??
    (activity.event === "message"
      ? "/admin/inquiries"
      : `/admin/applications?owner=all&q=${encodeURIComponent(applicant.email)}`);
  for (const { id: ownerId, role } of recipients) {
    // An agent follows the applicants they registered in their own area.
    const path = role === "agent" ? `/agent/applicants/${activity.applicantId}` : staffPath;
    await notifyUser(tx, {
      userId: ownerId,
      kind: "applicant_activity",
      text: (t, lng) => {
        const values = { name, detail: activity.detail(t, lng) };
        return {
          title: t(`applicantActivity.${activity.event}.title`, values),
          body: t(`applicantActivity.${activity.event}.body`, values),
        };
      },
      link: path,
    });
    await enqueueApplicantMail(tx, {
      userId: ownerId,
      render: (r) =>
        applicantActivityEmail({
          ...r,
          event: activity.event,
          applicantName: name,
          detail: activity.detail(serverT(r.lng), r.lng),
          path,
        }),
    });
  }
  return recipients.length;
}

/** Gives the rows `ids` of `table` to `ownerId`, each change audited with the owner before. */
async function writeOwner(
  tx: Db,
  table: typeof jobApplications | typeof profiles,
  ids: string[],
  o: {
    actor: Actor;
    ownerId: string | null;
    action: string;
    targetType: string;
    ownerBefore: (id: string) => string | null;
  },
) {
  if (ids.length === 0) return;
  await tx.update(table).set({ ownerId: o.ownerId }).where(inArray(table.id, ids));
  await recordAudits(
    tx,
    ids.map((id) => ({
      actorId: o.actor.id,
      action: o.action,
      targetType: o.targetType,
      targetId: id,
      details: { from: o.ownerBefore(id), to: o.ownerId },
    })),
  );
}
