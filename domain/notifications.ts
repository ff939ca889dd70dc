import { z } from "zod";

/**
 * "I have seen my notifications": posted by the dashboard once its notification list has been on
 * screen (or by its Mark as read button without JavaScript). Marking read never happens in a page
 * load, which a prefetch could trigger without anyone looking.
 */
export const MarkNotificationsReadSchema = z.object({
  intent: z.literal("mark-notifications-read"),
  /** The newest notification the list showed: it and every older one are read. */
  newestSeenId: z.uuid(),
});
export type MarkNotificationsRead = z.infer<typeof MarkNotificationsReadSchema>;
