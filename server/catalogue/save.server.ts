import { and, eq, isNull } from "drizzle-orm";
import { recordAudit } from "~/server/audit/audit.server";
import type { Db } from "~/server/db/client.server";
import { jobs, programs } from "~/server/db/schema";
import { updateAtVersion } from "~/server/db/versions.server";

/** The catalogues staff keep (jobs, study programs) and the row each one's form writes. */
type Catalogues = {
  job: { table: typeof jobs; values: typeof jobs.$inferInsert };
  program: { table: typeof programs; values: typeof programs.$inferInsert };
};
type Kind = keyof Catalogues;

const TABLES = { job: jobs, program: programs } as const;

/** Each catalogue's audit actions, spelled out (the activity log names each one). */
const AUDIT_ACTIONS = {
  job: { create: "job.create", update: "job.update" },
  program: { create: "program.create", update: "program.update" },
} as const;

/** Adds a job or a study program from its form's values, audited as `<kind>.create`; its id. */
export async function createCatalogueItem<K extends Kind>(
  tx: Db,
  options: { kind: K; values: Catalogues[K]["values"]; actorId: string },
): Promise<string> {
  const table = TABLES[options.kind] as typeof jobs | typeof programs;
  // The kind names the table and the values are that table's; TypeScript cannot link the two.
  const values = options.values as typeof jobs.$inferInsert & typeof programs.$inferInsert;
  const [row] = await tx.insert(table).values(values).returning({ id: table.id });
  await recordAudit(tx, {
    actorId: options.actorId,
    action: AUDIT_ACTIONS[options.kind].create,
    targetType: options.kind,
    targetId: row!.id,
    details: { title: options.values.title },
  });
  return row!.id;
}

/**
 * Writes a job's or a study program's form values over it, audited as `<kind>.update`. False
 * when there is no such item, or it is archived (restore it first).
 */
export async function updateCatalogueItem<K extends Kind>(
  tx: Db,
  options: {
    kind: K;
    id: string;
    values: Catalogues[K]["values"];
    actorId: string;
    /** The version the form was opened on: refused (StaleEditError) if it changed since. */
    version?: number;
  },
): Promise<boolean> {
  const table = TABLES[options.kind] as typeof jobs | typeof programs;
  const written = await updateAtVersion(tx, table, {
    where: and(eq(table.id, options.id), isNull(table.archivedAt)),
    version: options.version,
    set: options.values,
    target: { type: options.kind, id: options.id },
    current: { title: table.title },
  });
  if (!written) return false;
  await recordAudit(tx, {
    actorId: options.actorId,
    action: AUDIT_ACTIONS[options.kind].update,
    targetType: options.kind,
    targetId: options.id,
    details: { title: options.values.title },
  });
  return true;
}
