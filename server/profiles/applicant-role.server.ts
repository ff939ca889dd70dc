import { and, eq, inArray } from "drizzle-orm";
import { APPLICANT_ROLES, type Role } from "~/domain/enums";
import type { Viewer } from "~/server/auth/guards.server";
import { db } from "~/server/db/client.server";
import { profiles } from "~/server/db/schema";

/**
 * An applicant moves between the two applicant roles themselves (a job seeker who wants to study
 * becomes a student applicant); any other role is left as it is. True when it changed.
 */
export async function switchOwnApplicantRole(options: {
  viewer: Pick<Viewer, "id">;
  to: (typeof APPLICANT_ROLES)[number];
}): Promise<boolean> {
  const updated = await db()
    .update(profiles)
    .set({ role: options.to satisfies Role })
    .where(and(eq(profiles.id, options.viewer.id), inArray(profiles.role, [...APPLICANT_ROLES])))
    .returning({ id: profiles.id });
  return updated.length > 0;
}
