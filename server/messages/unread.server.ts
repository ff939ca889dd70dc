import { and, count, eq, isNull, sql } from "drizzle-orm";
import { preparedQuery } from "~/server/db/client.server";
import { messageRecipients } from "~/server/db/schema";
import { oncePerRequest } from "~/server/request-scope.server";

// Every signed-in page counts them (the menu's badge): built once.
const unreadQuery = preparedQuery((db) =>
  db
    .select({ n: count() })
    .from(messageRecipients)
    .where(
      and(
        eq(messageRecipients.userId, sql.placeholder("userId")),
        isNull(messageRecipients.readAt),
      ),
    )
    .prepare("passage_unread_messages"),
);

/** Unread messages; the root loader (menu badge) and the dashboard share one count per page. */
export function countUnreadMessages(userId: string): Promise<number> {
  return oncePerRequest(`unread-messages:${userId}`, async () => {
    const [row] = await unreadQuery().execute({ userId });
    return row?.n ?? 0;
  });
}
