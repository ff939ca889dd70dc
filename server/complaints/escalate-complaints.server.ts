import { and, eq, inArray, isNull, lt, ne } from "drizzle-orm";
import { recordAudits } from "~/server/audit/audit.server";
import { type Db, db } from "~/server/db/client.server";
import { complaints, profiles } from "~/server/db/schema";
import { enqueueMail, inTransactionWithMail } from "~/server/mail/outbox.server";
import { notifyUser } from "~/server/notifications/notifications.server";
import { startScheduler } from "~/server/scheduler.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import { complaintOverdueEmail } from "./complaint-mail.server";

// A complaint not resolved by its deadline goes to the super admins, once (decision record 31):
// the update that selects the overdue complaints also stamps escalated_at, so two processes, or
// two rounds, never escalate the same complaint twice.

const INTERVAL_MS = 15 * 60 * 1000;

/** Escalates every complaint overdue at `now`; returns how many. */
export async function escalateOverdueComplaints(now = new Date(), on: Db = db()) {
  return inTransactionWithMail(async (tx) => {
    const overdue = await tx
      .update(complaints)
      .set({ escalatedAt: now })
      .where(
        and(
          isNull(complaints.escalatedAt),
          ne(complaints.status, "resolved"),
          lt(complaints.dueAt, now),
        ),
      )
      .returning({
        id: complaints.id,
        reference: complaints.reference,
        dueAt: complaints.dueAt,
        assignedTo: complaints.assignedTo,
      });
    if (overdue.length === 0) return 0;
    const settings = await getSiteSettings(tx);
    const admins = await tx
      .select({ id: profiles.id, email: profiles.email, lng: profiles.preferredLanguage })
      .from(profiles)
      .where(and(eq(profiles.role, "super_admin"), isNull(profiles.erasedAt)));
    const ownerIds = [...new Set(overdue.flatMap((c) => (c.assignedTo ? [c.assignedTo] : [])))];
    const owners = new Map(
      ownerIds.length
        ? (
            await tx
              .select({ id: profiles.id, name: profiles.fullName })
              .from(profiles)
              .where(inArray(profiles.id, ownerIds))
          ).map((p) => [p.id, p.name])
        : [],
    );
    for (const c of overdue) {
      const ownerName = c.assignedTo ? (owners.get(c.assignedTo) ?? null) : null;
      for (const admin of admins) {
        await notifyUser(tx, {
          userId: admin.id,
          kind: "complaint_overdue",
          link: `/admin/complaints?id=${c.id}`,
          text: (t) => ({
            title: t("complaint.overdue.title", { reference: c.reference }),
            body: t("complaint.overdue.notice", { reference: c.reference }),
          }),
        });
        const mail = complaintOverdueEmail({ settings, lng: admin.lng, ...c, ownerName });
        await enqueueMail(tx, { to: admin.email, ...mail });
      }
    }
    await recordAudits(
      tx,
      overdue.map((c) => ({
        actorId: null,
        action: "complaint.escalate",
        targetType: "complaint",
        targetId: c.id,
        details: { dueAt: c.dueAt.toISOString(), superAdmins: admins.length },
      })),
    );
    return overdue.length;
  }, on);
}

/** Every quarter of an hour, in each process; the update itself keeps it to once per complaint. */
export function startComplaintEscalationScheduler(intervalMs = INTERVAL_MS) {
  return startScheduler({
    name: "complaint-escalation",
    intervalMs,
    run: async () => {
      await escalateOverdueComplaints();
    },
    failure: "complaint escalation round failed",
  });
}
