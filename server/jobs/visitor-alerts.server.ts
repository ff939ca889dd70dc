import { and, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { jobAlerts } from "~/server/db/schema";

/**
 * Gives a person who has just confirmed their account's e-mail address the job alerts they made
 * as a visitor with that address: from then on they manage them on their dashboard, get the
 * in-app notification too, and see premium jobs in full once they pay. Only confirmed alerts
 * move: both links went to that inbox. Unconfirmed ones are left to expire.
 * (Called by better-auth after the verification link; on its own file so auth does not import
 * the alert rounds, which import auth.)
 */
export async function attachVisitorAlerts(on: Db, user: { id: string; email: string }) {
  await on
    .update(jobAlerts)
    .set({ userId: user.id })
    .where(
      and(
        isNull(jobAlerts.userId),
        isNotNull(jobAlerts.confirmedAt),
        sql`lower(${jobAlerts.email}) = ${user.email.toLowerCase()}`,
      ),
    );
}
