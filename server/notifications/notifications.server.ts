import { and, count, desc, eq, isNull, lte, sql } from "drizzle-orm";
import type { NotificationKind } from "~/domain/enums";
import type { Viewer } from "~/server/auth/guards.server";
import { type Db, db } from "~/server/db/client.server";
import { notifications } from "~/server/db/schema";

export type NewNotification = {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link?: string | null;
};

/** An in-app notification; call with the transaction of the change that caused it. */
export async function notifyUser(tx: Db, n: NewNotification) {
  await tx.insert(notifications).values({ ...n, link: n.link ?? null });
}

export async function listNotificationsForUser({
  viewer,
  limit = 10,
}: {
  viewer: Pick<Viewer, "id">;
  limit?: number;
}) {
  return db()
    .select()
    .from(notifications)
    .where(eq(notifications.userId, viewer.id))
    .orderBy(desc(notifications.createdAt))
    .limit(limit);
}

export async function countUnreadNotifications(userId: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/**
 * The viewer has seen their notification list, whose newest entry was `newestSeenId`: that one and
 * every older one are read. A notification that arrived after the list was shown stays unread, and
 * an id that is not the viewer's own marks nothing. Returns how many were marked.
 */
export async function markNotificationsRead(options: {
  viewer: Pick<Viewer, "id">;
  newestSeenId: string;
}): Promise<number> {
  // Compared in SQL: a JavaScript Date would drop the microseconds PostgreSQL keeps, and the
  // newest seen notification would then not count as older than itself.
  const newestSeen = db()
    .select({ createdAt: notifications.createdAt })
    .from(notifications)
    .where(
      and(eq(notifications.id, options.newestSeenId), eq(notifications.userId, options.viewer.id)),
    );
  const marked = await db()
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, options.viewer.id),
        isNull(notifications.readAt),
        lte(notifications.createdAt, sql`(${newestSeen})`),
      ),
    )
    .returning({ id: notifications.id });
  return marked.length;
}
