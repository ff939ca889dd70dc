import { and, eq, inArray } from "drizzle-orm";
import { STAFF_ROLES } from "~/domain/enums";
import { recordAudit } from "~/server/audit/audit.server";
import { db } from "~/server/db/client.server";
import { profiles } from "~/server/db/schema";

// Whether /verify confirms a staff member by name: only with their own agreement, given and taken
// back on their profile page. A name alone says someone works here, so nobody else decides it.

export const VERIFY_LISTING_AUDIT_ACTION = "user.verify_listing";

/** Whether the staff member is listed; null for someone who is not staff. */
export async function readOwnVerifyListing(viewer: { id: string; role: string }) {
  if (!(STAFF_ROLES as readonly string[]).includes(viewer.role)) return null;
  const [row] = await db()
    .select({ listed: profiles.listedOnVerify })
    .from(profiles)
    .where(eq(profiles.id, viewer.id));
  return row?.listed ?? false;
}

/**
 * A staff member agrees (or no longer agrees) that /verify confirms their name; audited. Refused
 * (false) for anyone who is not staff: the role is read from the database, not the session.
 */
export async function setOwnVerifyListing(viewer: { id: string }, listed: boolean) {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({ listedOnVerify: listed })
      .where(and(eq(profiles.id, viewer.id), inArray(profiles.role, [...STAFF_ROLES])))
      .returning({ id: profiles.id });
    if (!row) return false;
    await recordAudit(tx, {
      actorId: viewer.id,
      action: VERIFY_LISTING_AUDIT_ACTION,
      targetType: "user",
      targetId: viewer.id,
      details: { listed },
    });
    return true;
  });
}
