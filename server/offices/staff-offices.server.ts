import { eq } from "drizzle-orm";
import { isApplicantRole, USER_ADMIN_ROLES } from "~/domain/enums";
import { knownOffice } from "~/domain/offices";
import { recordAudit } from "~/server/audit/audit.server";
import type { Viewer } from "~/server/auth/guards.server";
import { db } from "~/server/db/client.server";
import { profiles } from "~/server/db/schema";
import { assertVersion } from "~/server/db/versions.server";
import { getSiteSettings } from "~/server/settings/settings.server";

export class StaffOfficesError extends Error {
  constructor(readonly reason: "forbidden" | "notFound" | "notStaff" | "unknownOffice") {
    super(`staff offices refused: ${reason}`);
  }
}

/**
 * An admin sets a staff member's office and the other offices they may see and act on (decision
 * record 24). Applicants choose their own office; admins see every office whatever is set here.
 * The change and its audit entry commit together; the staff member's next request sees it.
 */
export async function setStaffOffices(options: {
  actor: Pick<Viewer, "id" | "role">;
  userId: string;
  office: string;
  extraOffices: string[];
  /** The version the users list showed: refused (StaleEditError) if the person changed since. */
  expectedVersion?: number;
}) {
  if (!(USER_ADMIN_ROLES as readonly string[]).includes(options.actor.role)) {
    throw new StaffOfficesError("forbidden");
  }
  const { offices } = await getSiteSettings();
  const office = knownOffice(options.office, offices);
  if (!office) throw new StaffOfficesError("unknownOffice");
  const extra: string[] = [];
  for (const o of options.extraOffices) {
    if (!knownOffice(o, offices)) throw new StaffOfficesError("unknownOffice");
    if (o !== office && !extra.includes(o)) extra.push(o);
  }
  // In the settings' order, so the same choice always reads the same.
  const extraOffices = offices.map((o) => o.city).filter((c) => extra.includes(c));
  return db().transaction(async (tx) => {
    const [user] = await tx
      .select({
        role: profiles.role,
        office: profiles.office,
        extra: profiles.extraOffices,
        version: profiles.version,
        updatedAt: profiles.updatedAt,
      })
      .from(profiles)
      .where(eq(profiles.id, options.userId))
      .for("update");
    if (!user) throw new StaffOfficesError("notFound");
    // Made on an older version of the person (decision record 37): their offices as they are now.
    await assertVersion(
      tx,
      user,
      options.expectedVersion,
      { type: "user", id: options.userId },
      { office: user.office, extraOffices: user.extra },
    );
    if (isApplicantRole(user.role)) throw new StaffOfficesError("notStaff");
    await tx.update(profiles).set({ office, extraOffices }).where(eq(profiles.id, options.userId));
    await recordAudit(tx, {
      actorId: options.actor.id,
      action: "user.offices_change",
      targetType: "user",
      targetId: options.userId,
      details: { from: { office: user.office, extraOffices: user.extra }, office, extraOffices },
    });
    return { office, extraOffices };
  });
}
