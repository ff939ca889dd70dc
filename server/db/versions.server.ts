import { and, desc, eq, notLike, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client.server";
import { auditLog, profiles } from "./schema";
import { StaleEditError } from "~/domain/versions";

export { StaleEditError, type StaleEdit } from "~/domain/versions";

// Edits made on the version they were opened on (decision record 37). Every row staff edit
// (applications, applicants, jobs, programs, inquiries, posts, the settings; complaints,
// employers, document types, checklist rules, recruitment restrictions and fee policies) has a
// `version` the database bumps on each change (migrations 0034 and 0040; a fee policy's is
// `edit_version`). A form posts the version it showed; the write
// compares it inside its UPDATE's WHERE, so of two edits made on the same version exactly one
// matches (the other's UPDATE waits for the row, then finds a newer version and changes
// nothing), and the refused one learns who changed the row, when, and what it holds now.

/** A table staff edit: its rows carry a `version` the database bumps on every change. */
export type VersionedTable = PgTable & { version: PgColumn; updatedAt: PgColumn };

/**
 * The last change recorded for a row: the newest audit entry naming it (views are not changes),
 * or, when none is newer than the row's own stamp, that stamp with nobody's name.
 */
export async function lastChangeOf(
  tx: Db,
  target: { type: string; id: string },
  updatedAt: Date | null,
): Promise<{ by: string | null; at: string | null }> {
  const [entry] = await tx
    .select({ name: profiles.fullName, at: auditLog.createdAt })
    .from(auditLog)
    .leftJoin(profiles, eq(profiles.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.targetType, target.type),
        eq(auditLog.targetId, target.id),
        notLike(auditLog.action, "%.view"),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  // An audit entry older than the row's stamp (by more than the write's own moment) is not the
  // change the edit missed: someone unaudited (the applicant, a payment) changed it since.
  if (entry && (!updatedAt || entry.at.getTime() >= updatedAt.getTime() - 5_000)) {
    return { by: entry.name ?? null, at: entry.at.toISOString() };
  }
  return { by: null, at: updatedAt ? updatedAt.toISOString() : null };
}

/** The refusal for a row found at another version than the edit's: who, when, its values now. */
export async function staleEditError(
  tx: Db,
  target: { type: string; id: string },
  row: { updatedAt?: unknown } & Record<string, unknown>,
): Promise<StaleEditError> {
  const { updatedAt, ...current } = row;
  const change = await lastChangeOf(tx, target, updatedAt instanceof Date ? updatedAt : null);
  return new StaleEditError({ ...change, current });
}

/**
 * Writes `set` to the row `where` finds, only if it is still at `version` (compared in the
 * UPDATE's WHERE, so it holds against a parallel edit too). Returns whether a row was written;
 * false means no row matches `where` at all (the caller's "not found"). A row at another version
 * throws StaleEditError with its `current` columns. Without a version (a caller that read the row
 * in its own transaction, or an API that sends none) it writes whatever the version is.
 */
export async function updateAtVersion<T extends VersionedTable>(
  tx: Db,
  table: T,
  options: {
    where: SQL | undefined;
    version: number | undefined;
    /** The columns written: values, or SQL (`coalesce(…, now())`). */
    set: { [C in keyof T["$inferInsert"]]?: T["$inferInsert"][C] | SQL };
    /** The row's audit target, to name who changed it last. */
    target: { type: string; id: string };
    /** What the form edits, read back for the refusal. */
    current: Record<string, PgColumn>;
    /**
     * The column the edits are counted in, when `version` counts something else (a fee policy's
     * cost sheet version: its edits are counted in `edit_version`).
     */
    column?: PgColumn;
  },
): Promise<boolean> {
  const column = options.column ?? table.version;
  const where =
    options.version === undefined ? options.where : and(options.where, eq(column, options.version));
  const written = await tx
    .update(table as PgTable)
    .set(options.set as Record<string, unknown>)
    .where(where)
    .returning({ version: column });
  if (written.length > 0) return true;
  if (options.version === undefined) return false;
  const [row] = await tx
    .select({ ...options.current, updatedAt: table.updatedAt })
    .from(table as PgTable)
    .where(options.where);
  if (!row) return false;
  throw await staleEditError(tx, options.target, row);
}

/**
 * For a service that has already locked the row (FOR UPDATE) in its transaction and read its
 * version: refuses the edit at once if the form's version is older, before anything is checked or
 * written, with the same answer as updateAtVersion.
 */
export async function assertVersion(
  tx: Db,
  locked: { version: number; updatedAt: Date | null },
  expected: number | undefined,
  target: { type: string; id: string },
  current: Record<string, unknown>,
) {
  if (expected === undefined || locked.version === expected) return;
  throw await staleEditError(tx, target, { ...current, updatedAt: locked.updatedAt });
}
