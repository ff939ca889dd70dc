import { and, count, eq, isNull, lte, sql } from "drizzle-orm";
import type { NotificationKind } from "~/domain/enums";
import type { Viewer } from "~/server/auth/guards.server";
import { type Db, db } from "~/server/db/client.server";
import { newestOwnRows } from "~/server/db/own-rows.server";
import type { Language } from "~/domain/languages";
import { notifications, profiles } from "~/server/db/schema";
import { serverT, type Translate } from "~/server/i18n/translate.server";
import { queuePhoneNotices } from "~/server/phone/notices.server";

export type NewNotification = {
  userId: string;
  kind: NotificationKind;
  /** Its title and body in the recipient's language, with a `t` of that language. */
  text: (t: Translate, lng: Language) => { title: string; body: string };
  link?: string | null;
};

/**
 * An in-app notification; call with the transaction of the change that caused it. It is written
 * as text, in the recipient's language at that moment (their preferred_language): a notification
 * is a message of its day, like an e-mail, and storing text keeps the list a plain read. One that
 * came before they switched language stays in the language it was sent in.
 */
export async function notifyUser(tx: Db, n: NewNotification) {
  const [recipient] = await tx
    .select({ lng: profiles.preferredLanguage })
    .from(profiles)
    .where(eq(profiles.id, n.userId));
  const lng = recipient?.lng ?? "en";
  const { title, body } = n.text(serverT(lng), lng);
  await tx
    .insert(notifications)
    .values({ userId: n.userId, kind: n.kind, title, body, link: n.link ?? null });
  // And to their phone, on the channels they chose (server/phone).
  await queuePhoneNotices(tx, {
    userId: n.userId,
    kind: n.kind,
    title,
    body,
    link: n.link ?? null,
    lng,
  });
}

/** The viewer's notifications, newest first. */
export async function listNotificationsForUser(o: { viewer: Pick<Viewer, "id">; limit?: number }) {
  return newestOwnRows(notifications, notifications.createdAt, o.viewer.id, o.limit ?? 10);
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
