import { and, eq } from "drizzle-orm";
import { canWithdraw } from "~/domain/applications";
import { isStaff } from "~/domain/enums";
import { recordAudit } from "~/server/audit/audit.server";
import type { Viewer } from "~/server/auth/guards.server";
import { db } from "~/server/db/client.server";
import { applicationStatusHistory, jobApplications } from "~/server/db/schema";
import { openRefundTodoForStatus } from "~/server/fees/refund-todos.server";

export type WithdrawResult =
  { ok: true; from: string } | { ok: false; reason: "not_found" | "final" | "staff" };

/**
 * The applicant stops one of their own applications (any kind) while it is not final (see
 * FINAL_APPLICATION_STATUSES). The status, its history entry (by the applicant, with their reason
 * as its note) and the audit entry commit together; the row is locked first, so a staff change at
 * the same moment is either before it (and may make it final) or after it.
 */
export async function withdrawOwnApplication(options: {
  viewer: Pick<Viewer, "id" | "role">;
  applicationId: string;
  reason?: string | null;
}): Promise<WithdrawResult> {
  const { viewer, applicationId } = options;
  if (isStaff(viewer.role)) return { ok: false, reason: "staff" };
  return db().transaction(async (tx) => {
    const [app] = await tx
      .select({ id: jobApplications.id, status: jobApplications.status })
      .from(jobApplications)
      .where(and(eq(jobApplications.id, applicationId), eq(jobApplications.userId, viewer.id)))
      .for("update");
    if (!app) return { ok: false, reason: "not_found" } as const;
    if (!canWithdraw(app.status)) return { ok: false, reason: "final" } as const;
    await tx
      .update(jobApplications)
      .set({ status: "withdrawn" })
      .where(eq(jobApplications.id, app.id));
    await tx.insert(applicationStatusHistory).values({
      applicationId: app.id,
      fromStatus: app.status,
      toStatus: "withdrawn",
      changedBy: viewer.id,
      note: options.reason ?? null,
    });
    await openRefundTodoForStatus(tx, {
      userId: viewer.id,
      applicationId: app.id,
      status: "withdrawn",
    });
    await recordAudit(tx, {
      actorId: viewer.id,
      action: "application.withdraw",
      targetType: "application",
      targetId: app.id,
      details: { from: app.status, to: "withdrawn" },
    });
    return { ok: true, from: app.status } as const;
  });
}
