import { and, count, eq, isNull } from "drizzle-orm";
import { db } from "../db/client.server";
import { messageRecipients } from "../db/schema";

export async function countUnreadMessages(userId: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(messageRecipients)
    .where(and(eq(messageRecipients.userId, userId), isNull(messageRecipients.readAt)));
  return row?.n ?? 0;
}
