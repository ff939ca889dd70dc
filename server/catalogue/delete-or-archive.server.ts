import { and, count, eq, isNull } from "drizzle-orm";
import { recordAudit } from "~/server/audit/audit.server";
import type { Db } from "~/server/db/client.server";
import { jobApplications, jobs, programs } from "~/server/db/schema";

/** The catalogues staff keep (jobs, study programs): each table and its applications' column. */
const CATALOGUES = {
  job: { table: jobs, applications: jobApplications.jobId },
  program: { table: programs, applications: jobApplications.programId },
};

/** Each catalogue's audit actions, spelled out (the activity log names each one). */
const AUDIT_ACTIONS = {
  job: { archive: "job.archive", delete: "job.delete" },
  program: { archive: "program.archive", delete: "program.delete" },
} as const;

/**
 * Deletes a job or a study program, or archives it (and takes it off the site) when applications
 * point at it, so those applications keep it (the foreign key refuses the delete, too); audited
 * as `<kind>.delete` or `<kind>.archive`. Null when there is no such item, or it is archived.
 */
export async function deleteOrArchive(
  tx: Db,
  options: { kind: keyof typeof CATALOGUES; id: string; actorId: string },
): Promise<{ archived: boolean } | null> {
  const { kind, id, actorId } = options;
  const { table, applications } = CATALOGUES[kind];
  const [item] = await tx
    .select({ title: table.title })
    .from(table)
    .where(and(eq(table.id, id), isNull(table.archivedAt)))
    .for("update");
  if (!item) return null;
  const [apps] = await tx.select({ n: count() }).from(jobApplications).where(eq(applications, id));
  const archived = apps!.n > 0;
  if (archived) {
    await tx.update(table).set({ archivedAt: new Date(), isActive: false }).where(eq(table.id, id));
  } else {
    await tx.delete(table).where(eq(table.id, id));
  }
  await recordAudit(tx, {
    actorId,
    action: AUDIT_ACTIONS[kind][archived ? "archive" : "delete"],
    targetType: kind,
    targetId: id,
    details: { title: item.title, applications: apps!.n },
  });
  return { archived };
}
