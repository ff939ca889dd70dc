import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import { i18nHandle } from "~/app/i18n/namespaces";
import { shellScreen } from "~/app/lib/shell-screen";
import { useRootData } from "~/app/lib/root-data";
import { homePathFor } from "~/domain/enums";
import { safeRedirect } from "~/domain/safe-redirect";
import { dateFormatter, formatMoney } from "~/domain/format";
import { requireUser } from "~/server/auth/guards.server";
import { getApplicantDashboard } from "~/server/dashboard/applicant-dashboard.server";
import type { Route } from "./+types/home";
import { LatestJobs, Recommended } from "./home-jobs";
import { NextSteps } from "./home-next-steps";
import { HomeStats, QuickActions } from "./home-overview";
import { NotificationsCard } from "./notifications-card";
import { markSeenNotifications } from "~/app/lib/notifications-read.server";

export const { handle, meta } = shellScreen(
  i18nHandle("dashboard", "jobs", "content", "study"),
  "titles.dashboard",
);

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  // Arrived by the e-mail confirmation link of someone who signed up on their way somewhere
  // (?next=, checked): on to that page.
  const next = new URL(request.url).searchParams.get("next");
  if (next !== null) throw redirect(safeRedirect(next, "/dashboard"));
  // Staff and agents have no applicant dashboard: their home is the admin panel or their applicants.
  const home = homePathFor(viewer.role);
  if (home !== "/dashboard") throw redirect(home);
  return getApplicantDashboard(viewer);
}

/** "Seen up to this notification": posted by the notification list (see NotificationsCard). */
export async function action({ request }: Route.ActionArgs) {
  return markSeenNotifications(await requireUser(request), request);
}

export default function DashboardHome({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("dashboard");
  const { viewer, settings } = useRootData();
  const d = loaderData;
  // Their own policy's fee (decision record 33); the pay prompt shows only when one is due.
  const fee = formatMoney(
    viewer?.dueFee?.amountMinor ?? settings.registrationFee.amountMinor,
    viewer?.dueFee?.currency ?? settings.registrationFee.currency,
    i18n.language,
  );
  const dateTime = dateFormatter(i18n.language, "dateTime");

  return (
    <div className="grid gap-8">
      <div className="grid gap-1">
        <p className="text-lg font-semibold text-slate-900">
          {t("home.welcome", { name: viewer?.fullName || viewer?.email })}
        </p>
        <p className="text-slate-700">{t("home.welcomeBody")}</p>
      </div>
      <HomeStats counts={d.stats} />
      <NextSteps dashboard={d} fee={fee} />
      <QuickActions student={d.recommended.basis === "programs"} />
      <Recommended recommended={d.recommended} />
      <div className="grid gap-6 lg:grid-cols-2">
        <LatestJobs latestJobs={d.latestJobs} />
        <NotificationsCard
          notifications={d.notifications}
          unreadNotifications={d.stats.unreadNotifications}
          unreadMessages={d.stats.unreadMessages}
          recentChanges={d.recentChanges}
          formatDateTime={(iso) => dateTime.format(new Date(iso))}
        />
      </div>
    </div>
  );
}
