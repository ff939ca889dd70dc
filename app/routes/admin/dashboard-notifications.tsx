import { BellIcon } from "lucide-react";
import { Form } from "react-router";
import { TimeStamp } from "~/app/components/admin/time-stamp";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { TitledCard } from "~/app/components/titled-card";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { NotificationTitle } from "~/app/components/notification-title";

export type StaffNotification = {
  id: string;
  title: string;
  body: string;
  link: string | null;
  readAt: Date | string | null;
  createdAt: Date | string;
};

/**
 * A staff member's own notifications (a colleague mentioned them in a note, news of their
 * applicants): the newest first, each linking to what it is about. Mark as read is a plain form.
 */
export function StaffNotificationsCard({ notifications }: { notifications: StaffNotification[] }) {
  const { t } = useAdminT();
  const newest = notifications[0];
  const unread = notifications.some((n) => !n.readAt);
  return (
    <TitledCard
      icon={<BellIcon aria-hidden />}
      title={t("dashboard.notifications")}
      headerLayout="row"
      aside={
        newest && unread ? (
          <Form method="post">
            <input type="hidden" name="intent" value="mark-notifications-read" />
            <input type="hidden" name="newestSeenId" value={newest.id} />
            <Button type="submit" size="sm" variant="outline">
              {t("dashboard.markRead")}
            </Button>
          </Form>
        ) : null
      }
    >
      {notifications.length === 0 ? (
        <p className="text-sm text-slate-600">{t("dashboard.notificationsEmpty")}</p>
      ) : (
        <ul className="grid gap-2 text-sm" data-testid="staff-notifications">
          {notifications.map((n) => (
            <li key={n.id} className="grid gap-0.5 border-b border-slate-100 pb-2 last:border-0">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                <NotificationTitle notification={n} linkClassName="text-primary-800 underline" />
                {n.readAt ? null : <Badge tone="progress">{t("dashboard.newNotification")}</Badge>}
              </p>
              <p className="text-slate-700">{n.body}</p>
              <TimeStamp at={n.createdAt} />
            </li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}
