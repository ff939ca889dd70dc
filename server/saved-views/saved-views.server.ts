import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { applicationViewQuery, SAVED_VIEWS_MAX } from "~/domain/saved-views";
import { recordAudit } from "~/server/audit/audit.server";
import type { Viewer } from "~/server/auth/guards.server";
import { type Db, db, preparedQuery } from "~/server/db/client.server";
import { savedViews } from "~/server/db/schema";

// A staff member's saved filters of the applications list: each person's
// own, by the owner in every where clause; every change audited.

type Actor = Pick<Viewer, "id">;

export class SavedViewError extends Error {
  constructor(readonly code: "notFound" | "nameTaken" | "tooMany") {
    super(`saved view refused: ${code}`);
  }
}

/** Two saves of one name at once: the unique index refuses the second. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e;) {
    if (e.code === "23505") return true;
    e = e.cause as typeof e;
  }
  return false;
}

async function refusingDuplicateNames<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new SavedViewError("nameTaken");
    throw error;
  }
}

/** The viewer's saved views, by name. */
export async function listSavedViews({ viewer }: { viewer: Actor }) {
  return savedViewsQuery().execute({ userId: viewer.id });
}

// Every back-office page lists them in its sidebar: built once.
const savedViewsQuery = preparedQuery((db) =>
  db
    .select({ id: savedViews.id, name: savedViews.name, query: savedViews.query })
    .from(savedViews)
    .where(eq(savedViews.userId, sql.placeholder("userId")))
    .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.id))
    .prepare("passage_saved_views"),
);
export type SavedView = Awaited<ReturnType<typeof listSavedViews>>[number];

async function nameTaken(tx: Db, actor: Actor, name: string, except?: string) {
  const [row] = await tx
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(
      and(
        eq(savedViews.userId, actor.id),
        sql`lower(${savedViews.name}) = lower(${name})`,
        except ? ne(savedViews.id, except) : undefined,
      ),
    );
  return Boolean(row);
}

/**
 * Saves the list's filters of `query` (applicationViewQuery keeps only those) under `name`.
 * Refused when the person already has a view of that name or SAVED_VIEWS_MAX views.
 */
export async function createSavedView(options: { actor: Actor; name: string; query: string }) {
  const query = applicationViewQuery(options.query.replace(/^\?/, ""));
  const name = options.name.trim();
  return refusingDuplicateNames(() =>
    db().transaction(async (tx) => {
      const [{ n }] = (await tx
        .select({ n: count() })
        .from(savedViews)
        .where(eq(savedViews.userId, options.actor.id))) as [{ n: number }];
      if (Number(n) >= SAVED_VIEWS_MAX) throw new SavedViewError("tooMany");
      if (await nameTaken(tx, options.actor, name)) throw new SavedViewError("nameTaken");
      const [view] = await tx
        .insert(savedViews)
        .values({ userId: options.actor.id, name, query })
        .returning({ id: savedViews.id, name: savedViews.name, query: savedViews.query });
      await recordAudit(tx, {
        actorId: options.actor.id,
        action: "saved_view.create",
        targetType: "saved_view",
        targetId: view!.id,
        details: { name, query },
      });
      return view!;
    }),
  );
}

/** Renames one of the actor's own views; another person's is not found. */
export async function renameSavedView(options: { actor: Actor; viewId: string; name: string }) {
  const name = options.name.trim();
  await refusingDuplicateNames(() =>
    db().transaction(async (tx) => {
      if (await nameTaken(tx, options.actor, name, options.viewId)) {
        throw new SavedViewError("nameTaken");
      }
      const [before] = await tx
        .select({ name: savedViews.name })
        .from(savedViews)
        .where(and(eq(savedViews.id, options.viewId), eq(savedViews.userId, options.actor.id)))
        .for("update");
      if (!before) throw new SavedViewError("notFound");
      await tx
        .update(savedViews)
        .set({ name })
        .where(and(eq(savedViews.id, options.viewId), eq(savedViews.userId, options.actor.id)));
      await recordAudit(tx, {
        actorId: options.actor.id,
        action: "saved_view.rename",
        targetType: "saved_view",
        targetId: options.viewId,
        details: { from: before.name, to: name },
      });
    }),
  );
}

/** Deletes one of the actor's own views; another person's is not found. */
export async function deleteSavedView(options: { actor: Actor; viewId: string }) {
  await db().transaction(async (tx) => {
    const [gone] = await tx
      .delete(savedViews)
      .where(and(eq(savedViews.id, options.viewId), eq(savedViews.userId, options.actor.id)))
      .returning({ name: savedViews.name });
    if (!gone) throw new SavedViewError("notFound");
    await recordAudit(tx, {
      actorId: options.actor.id,
      action: "saved_view.delete",
      targetType: "saved_view",
      targetId: options.viewId,
      details: { name: gone.name },
    });
  });
}
