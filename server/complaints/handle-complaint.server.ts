import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { STAFF_ROLES } from "~/domain/enums";
import type { ComplaintStatus } from "~/domain/agency-trust";
import { recordAudit } from "~/server/audit/audit.server";
import { type Db, db } from "~/server/db/client.server";
import { complaintReplies, complaints, profiles } from "~/server/db/schema";
import { assertVersion, updateAtVersion } from "~/server/db/versions.server";
import { enqueueMail, inTransactionWithMail } from "~/server/mail/outbox.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import { complaintAnswerEmail } from "./complaint-mail.server";

// Staff handle a complaint like an inquiry (decision record 31): an owner, answers (to the person,
// or notes among staff), a status; each change audited in its transaction. Each form posts the
// version it showed: a change made on an older one is refused (decision record 37), so of two
// colleagues answering the same complaint the person gets one answer.

type Actor = { id: string };

export class ComplaintOwnerError extends Error {
  constructor() {
    super("a complaint's owner must be a staff member");
  }
}

/** The staff members a complaint may be given to, by name. */
export async function listComplaintOwners() {
  return db()
    .select({ id: profiles.id, name: profiles.fullName })
    .from(profiles)
    .where(and(inArray(profiles.role, [...STAFF_ROLES]), isNull(profiles.erasedAt)))
    .orderBy(asc(profiles.fullName));
}

/**
 * Gives the complaint to a staff member; false when there is no such complaint. With `version`
 * (the one the form showed), a complaint changed since is left as it is: StaleEditError, with
 * the status and the owner it has now.
 */
export async function assignComplaint(o: {
  actor: Actor;
  id: string;
  ownerId: string;
  version?: number;
}) {
  return db().transaction(async (tx) => {
    const [owner] = await tx
      .select({ role: profiles.role })
      .from(profiles)
      .where(and(eq(profiles.id, o.ownerId), isNull(profiles.erasedAt)));
    if (!owner || !(STAFF_ROLES as readonly string[]).includes(owner.role)) {
      throw new ComplaintOwnerError();
    }
    const [before] = await tx
      .select({
        assignedTo: complaints.assignedTo,
        status: complaints.status,
        version: complaints.version,
        updatedAt: complaints.updatedAt,
      })
      .from(complaints)
      .where(eq(complaints.id, o.id))
      .for("update");
    if (!before) return false;
    await assertComplaintVersion(tx, o.id, before, o.version);
    await tx
      .update(complaints)
      .set({ assignedTo: o.ownerId, updatedAt: new Date() })
      .where(eq(complaints.id, o.id));
    await recordAudit(tx, {
      actorId: o.actor.id,
      action: "complaint.assign",
      targetType: "complaint",
      targetId: o.id,
      details: { from: before.assignedTo, to: o.ownerId },
    });
    return true;
  });
}

/**
 * Refuses a change made on an older version of the locked complaint (decision record 37), naming
 * its status and its owner now.
 */
async function assertComplaintVersion(
  tx: Db,
  id: string,
  locked: { version: number; updatedAt: Date; status: string; assignedTo: string | null },
  expected: number | undefined,
) {
  if (expected === undefined || locked.version === expected) return;
  const [owner] = locked.assignedTo
    ? await tx
        .select({ name: profiles.fullName })
        .from(profiles)
        .where(eq(profiles.id, locked.assignedTo))
    : [];
  await assertVersion(
    tx,
    locked,
    expected,
    { type: "complaint", id },
    { status: locked.status, owner: owner?.name ?? null },
  );
}

/**
 * Writes a complaint's new status: resolved stamps resolved_at, any other clears it. With
 * `version`, a complaint changed since is left as it is (StaleEditError).
 */
export async function moveComplaint(
  tx: Db,
  o: { id: string; status: ComplaintStatus; version?: number },
) {
  await updateAtVersion(tx, complaints, {
    where: eq(complaints.id, o.id),
    version: o.version,
    set: {
      status: o.status,
      updatedAt: new Date(),
      resolvedAt: o.status === "resolved" ? sql`coalesce(${complaints.resolvedAt}, now())` : null,
    },
    target: { type: "complaint", id: o.id },
    current: { status: complaints.status },
  });
}

/**
 * A staff answer. One for the person is shown to whoever follows the reference and e-mailed when
 * they gave an address; an open complaint moves to in progress. A staff note stays among staff.
 * Whoever answers an unowned complaint becomes its owner.
 */
export async function replyToComplaint(o: {
  actor: Actor;
  id: string;
  body: string;
  audience: "complainant" | "staff";
  /**
   * The version the answer was written on: if a colleague answered or moved the complaint since,
   * nothing is written or sent (StaleEditError).
   */
  version?: number;
}) {
  return inTransactionWithMail(async (tx) => {
    const [c] = await tx.select().from(complaints).where(eq(complaints.id, o.id)).for("update");
    if (!c) return false;
    await assertComplaintVersion(tx, o.id, c, o.version);
    const forComplainant = o.audience === "complainant";
    await tx
      .insert(complaintReplies)
      .values({ inquiryId: o.id, authorId: o.actor.id, body: o.body, forComplainant });
    const status = c.status === "open" && forComplainant ? "in_progress" : c.status;
    // The answer is a change of the complaint (its version moves), whatever else it changes: a
    // colleague's answer written on the version before it is refused.
    await tx
      .update(complaints)
      .set({
        updatedAt: new Date(),
        ...(status !== c.status ? { status } : {}),
        ...(c.assignedTo ? {} : { assignedTo: o.actor.id }),
      })
      .where(eq(complaints.id, o.id));
    if (forComplainant && c.email) {
      const settings = await getSiteSettings(tx);
      const mail = complaintAnswerEmail({
        settings,
        lng: c.language,
        reference: c.reference,
        body: o.body,
      });
      await enqueueMail(tx, { to: c.email, replyTo: settings.contactEmail, ...mail });
    }
    await recordAudit(tx, {
      actorId: o.actor.id,
      action: forComplainant ? "complaint.reply" : "complaint.note",
      targetType: "complaint",
      targetId: o.id,
      details: { from: c.status, to: status },
    });
    return true;
  });
}
