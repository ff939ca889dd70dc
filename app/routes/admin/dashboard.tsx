import { LoadError } from "~/app/components/admin/load-error";
import { BriefcaseIcon, ClipboardListIcon, InboxIcon, UsersIcon } from "lucide-react";
import { Link } from "react-router";
import { AuditText } from "~/app/components/admin/audit-text";
import { StatCards } from "~/app/components/admin/stat-card";
import { TitledCard } from "~/app/components/titled-card";
import { TimeStamp } from "~/app/components/admin/time-stamp";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { ChartCard, type ChartPoint } from "~/app/components/charts/admin-charts";
import { i18nHandle } from "~/app/i18n/namespaces";
import { shellScreen } from "~/app/lib/shell-screen";
import { APPLICATION_STATUSES } from "~/domain/enums";
import { calendarDay, dateFormatter } from "~/domain/format";
import {
  countApplicationsByStatus,
  countSignUpsPerWeek,
  getDashboardStatsForStaff,
} from "~/server/admin/dashboard.server";
import { listAuditEntriesForStaff } from "~/server/audit/audit-log.server";
import { requireStaff } from "~/server/auth/guards.server";
import { officeScopeFor } from "~/server/offices/scope.server";
import { listNotificationsForUser } from "~/server/notifications/notifications.server";
import type { Route } from "./+types/dashboard";
import { markSeenNotifications } from "~/app/lib/notifications-read.server";
import { StaffNotificationsCard } from "./dashboard-notifications";
import { WorkQueues } from "./dashboard-queues";
import { readWorkQueuesForStaff } from "~/server/queues/work-queues.server";

export const { handle, meta } = shellScreen(i18nHandle("admin"), "titles.adminDashboard");

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireStaff(request);
  // Figures of the viewer's offices' applicants (every office for admins).
  const scope = await officeScopeFor(viewer);
  // The viewer's own notifications too (mentions in notes, news of their applicants).
  // What waits for the viewer comes first (decision record 41).
  const [queues, stats, recent, byStatus, signUps, notifications] = await Promise.all([
    readWorkQueuesForStaff({ viewer, scope }),
    getDashboardStatsForStaff(scope),
    listAuditEntriesForStaff({ viewer, scope, filter: {}, page: 1, pageSize: 5 }),
    countApplicationsByStatus(scope),
    countSignUpsPerWeek(scope, 12),
    listNotificationsForUser({ viewer, limit: 10 }),
  ]);
  return {
    queues,
    stats,
    notifications,
    recent: recent.items,
    byStatus: APPLICATION_STATUSES.map((s) => ({
      status: s,
      count: byStatus.find((b) => b.status === s)?.n ?? 0,
    })),
    signUps,
  };
}

/** "I have read my notifications" (the card's Mark as read): that one and every older one. */
export async function action({ request }: Route.ActionArgs) {
  return markSeenNotifications(await requireStaff(request), request);
}

function DataTableFallback({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: readonly [string, string];
  rows: ChartPoint[];
}) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{head[0]}</th>
          <th scope="col">{head[1]}</th>
        </tr>
      </thead>
      <tbody className="sr-only">
        {rows.map((r) => (
          <tr key={r.label}>
            <th scope="row">{r.label}</th>
            <td>{r.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { t, tc, lang } = useAdminT();
  const { queues, stats, recent, byStatus, signUps, notifications } = loaderData;
  const weekFmt = dateFormatter(lang, "dayMonth");
  const statusPoints = byStatus.map((b) => ({
    label: tc(`labels.applicationStatus.${b.status}.label`),
    value: b.count,
  }));
  const weekPoints = signUps.map((w) => ({
    label: weekFmt.format(calendarDay(w.weekStart)),
    value: w.count,
  }));
  const charts = [
    {
      title: t("dashboard.charts.byStatus"),
      kind: "bar",
      points: statusPoints,
      head: [t("dashboard.charts.status"), t("dashboard.charts.applications")],
    },
    {
      title: t("dashboard.charts.signUps"),
      kind: "line",
      points: weekPoints,
      head: [t("dashboard.charts.week"), t("dashboard.charts.newUsers")],
    },
  ] as const;
  return (
    <div className="grid gap-6">
      <WorkQueues queues={queues} />
      <StatCards
        labels="dashboard.cards"
        stats={{
          users: stats.profiles,
          jobs: stats.jobs,
          applications: stats.applications,
          inquiries: stats.openInquiries,
        }}
        icons={{
          users: UsersIcon,
          jobs: BriefcaseIcon,
          applications: ClipboardListIcon,
          inquiries: InboxIcon,
        }}
        hints={{
          users: t("dashboard.cards.paidHint", { count: stats.paidProfiles }),
          jobs: t("dashboard.cards.activeHint", { count: stats.activeJobs }),
          applications: t("dashboard.cards.studyHint", { count: stats.studyApplications }),
        }}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        {charts.map(({ title, kind, points, head }) => (
          <TitledCard key={title} title={title}>
            <ChartCard kind={kind} data={points} name={head[1]} />
            <DataTableFallback caption={title} head={head} rows={points} />
          </TitledCard>
        ))}
      </div>
      <StaffNotificationsCard notifications={notifications} />
      <TitledCard
        title={t("dashboard.recent")}
        headerLayout="row"
        aside={
          <Link to="/admin/activity" className="text-sm font-medium text-primary-700 underline">
            {t("dashboard.allActivity")}
          </Link>
        }
      >
        {recent.length === 0 ? (
          <p className="text-sm text-slate-600">{t("dashboard.noActivity")}</p>
        ) : (
          <ul className="grid gap-2 text-sm" data-testid="recent-activity">
            {recent.map((r) => (
              <li
                key={r.id}
                className="flex flex-wrap justify-between gap-2 border-b border-slate-100 pb-2 last:border-0"
              >
                <span>
                  <span className="font-medium">{r.actorName ?? t("activity.system")}</span> ·{" "}
                  <AuditText action={r.action} details={r.details} />
                </span>
                <TimeStamp at={r.createdAt} />
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadError what="dashboard" />;
}
