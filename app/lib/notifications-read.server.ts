import { data } from "react-router";
import { MarkNotificationsReadSchema } from "~/domain/notifications";
import type { Viewer } from "~/server/auth/guards.server";
import { markNotificationsRead } from "~/server/notifications/notifications.server";

/**
 * "Seen up to this notification", posted by a notification list (the applicant's home, the staff
 * dashboard): that one and every older one of the viewer's are read. The route guards first.
 */
export async function markSeenNotifications(viewer: Pick<Viewer, "id">, from: Request | FormData) {
  const form = from instanceof FormData ? from : await from.formData();
  const parsed = MarkNotificationsReadSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ marked: 0 }, 400);
  return {
    marked: await markNotificationsRead({ viewer, newestSeenId: parsed.data.newestSeenId }),
  };
}
