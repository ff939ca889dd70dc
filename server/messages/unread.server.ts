import { and, count, eq, isNull } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { messageRecipients } from "~/server/db/schema";
import { oncePerRequest } from "~/server/request-scope.server";

/** Unread messages; the root loader (menu badge) and the dashboard share one count per page. */
export function countUnreadMessages(userId: string): Promise<number> {
  return oncePerRequest(`unread-messages:${userId}`, async () => {
    const [row] = await db()
      .select({ n: count() })
      .from(messageRecipients)
      .where(and(eq(messageRecipients.userId, userId), isNull(messageRecipients.readAt)));
    return row?.n ?? 0;
  });
}
