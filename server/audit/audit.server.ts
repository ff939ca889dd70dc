import type { Db } from "~/server/db/client.server";
import { auditLog } from "~/server/db/schema";

export type AuditEntry = {
  actorId: string | null;
  /** verb.noun, e.g. "job.create", "application.status_change", "document.verify". */
  action: string;
  targetType: string;
  targetId?: string | null;
  details?: Record<string, unknown>;
};

/** Call with the transaction (`tx`) of the change itself, so the change and its record commit together. */
export async function recordAudit(tx: Db, entry: AuditEntry) {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    details: entry.details ?? null,
  });
}

/** Several entries in one insert (a bulk change), in the transaction of the change. */
export async function recordAudits(tx: Db, entries: AuditEntry[]) {
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(
    entries.map((entry) => ({
      actorId: entry.actorId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId ?? null,
      details: entry.details ?? null,
    })),
  );
}
