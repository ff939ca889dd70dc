import { and, desc, eq, isNull } from "drizzle-orm";
import type { NotificationKind } from "../../domain/enums";
import { type Db, db } from "../db/client.server";
import { notifications } from "../db/schema";

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

export async function listNotificationsForUser(userId: string, limit = 10) {
  return db()
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(limit);
}

export async function markNotificationsRead(userId: string) {
  await db()
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
