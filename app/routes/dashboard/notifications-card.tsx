import { BellIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { TitledCard } from "~/app/components/titled-card";
import { statusLabelKey } from "~/domain/tracker";
import type { ApplicationStatus } from "~/domain/enums";
import { NotificationTitle } from "~/app/components/notification-title";

type Notification = {
  id: string;
  title: string;
  body: string;
  link: string | null;
  read: boolean;
  createdAt: string;
};

type StatusChange = { jobTitle: string; toStatus: ApplicationStatus; createdAt: string };

/** Where the dashboard posts "seen" (its own index route action). */
const MARK_READ_ACTION = "/dashboard?index";

/**
 * The dashboard's notification list. Seeing it marks the notifications read: once the newest one
 * has been on screen, the browser posts "seen up to this one" (never a page load, which a
 * prefetch could make without anyone looking). What was new when the page opened keeps its "New"
 * badge for this visit; the next visit shows it read. Without JavaScript, Mark as read does it.
 */
export function NotificationsCard({
  notifications,
  unreadNotifications,
  unreadMessages,
  recentChanges,
  formatDateTime,
}: {
  notifications: Notification[];
  /** Every unread notification of the applicant's, also those older than the list shows. */
  unreadNotifications: number;
  unreadMessages: number;
  recentChanges: StatusChange[];
  formatDateTime: (iso: string) => string;
}) {
  const { t } = useTranslation("dashboard");
  const fetcher = useFetcher();
  // Marking read reloads the page's data; the snapshot keeps this visit's "New" badges in place.
  const [newWhenOpened] = useState(
    () => new Set(notifications.filter((n) => !n.read).map((n) => n.id)),
  );
  const isNew = (n: Notification) => !n.read || newWhenOpened.has(n.id);
  const newCount =
    unreadNotifications + notifications.filter((n) => n.read && newWhenOpened.has(n.id)).length;

  const newest = notifications[0];
  const newestRef = useRef<HTMLLIElement>(null);
  const posted = useRef<string | null>(null);
  const unreadNewestId = newest && !newest.read ? newest.id : null;
  useEffect(() => {
    const element = newestRef.current;
    if (!unreadNewestId || !element || posted.current === unreadNewestId) return;
    const markSeen = () => {
      if (posted.current === unreadNewestId) return;
      posted.current = unreadNewestId;
      void fetcher.submit(
        { intent: "mark-notifications-read", newestSeenId: unreadNewestId },
        { method: "post", action: MARK_READ_ACTION },
      );
    };
    if (typeof IntersectionObserver === "undefined") {
      markSeen();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          markSeen();
        }
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
    // fetcher.submit is stable; the effect follows the newest unread notification only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unreadNewestId]);

  return (
    <TitledCard
      icon={<BellIcon aria-hidden className="size-5 text-primary-700" />}
      title={
        <>
          {t("home.notifications")}
          {newCount > 0 ? (
            <Badge tone="progress" data-testid="notifications-new-count">
              {t("home.newCount", { count: newCount })}
            </Badge>
          ) : null}
        </>
      }
      titleSize="xl"
      titleClassName="flex-wrap"
      contentClassName="grid gap-3"
    >
      {unreadMessages > 0 ? (
        <p className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-blue-50 p-3 text-sm text-blue-900">
          {t("home.unreadMessages", { count: unreadMessages })}
          <Link to="/dashboard/messages" className="font-medium underline">
            {t("home.openMessages")}
          </Link>
        </p>
      ) : null}
      {notifications.length === 0 && recentChanges.length === 0 ? (
        <p className="text-sm text-slate-600">{t("home.notificationsEmpty")}</p>
      ) : (
        <ul className="grid gap-2" data-testid="notifications">
          {notifications.map((n, i) => (
            <li
              key={n.id}
              ref={i === 0 ? newestRef : undefined}
              className="grid gap-0.5 rounded-lg border border-slate-200 p-3 text-sm"
            >
              <p className="flex items-center gap-2 font-medium text-slate-900">
                <NotificationTitle notification={n} linkClassName="underline" />
                {isNew(n) ? <Badge tone="progress">{t("home.new")}</Badge> : null}
              </p>
              <p className="text-slate-700">{n.body}</p>
              <p className="text-xs text-slate-600">{formatDateTime(n.createdAt)}</p>
            </li>
          ))}
          {notifications.length === 0
            ? recentChanges.map((c, i) => (
                <li key={i} className="grid gap-0.5 rounded-lg border border-slate-200 p-3 text-sm">
                  <p className="text-slate-900">
                    {t("home.statusChanged", {
                      job: c.jobTitle,
                      status: t(`labels.applicationStatus.${statusLabelKey(c.toStatus)}.label`, {
                        ns: "common",
                      }),
                    })}
                  </p>
                  <p className="text-xs text-slate-600">{formatDateTime(c.createdAt)}</p>
                </li>
              ))
            : null}
        </ul>
      )}
      {newest && unreadNotifications > 0 ? (
        <fetcher.Form method="post" action={MARK_READ_ACTION} className="justify-self-start">
          <input type="hidden" name="intent" value="mark-notifications-read" />
          <input type="hidden" name="newestSeenId" value={newest.id} />
          <Button type="submit" variant="outline" size="sm">
            {t("home.markRead")}
          </Button>
        </fetcher.Form>
      ) : null}
    </TitledCard>
  );
}
