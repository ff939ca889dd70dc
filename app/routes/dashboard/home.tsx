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
import { runIntent } from "~/app/lib/intent-action.server";
import { listDocumentTypes } from "~/server/documents/document-types.server";
import { agencyToday } from "~/server/jobs/saved-jobs.server";
import { listTasksForApplicant } from "~/server/tasks/tasks.server";
import { Tasks } from "./home-tasks";
import { taskAcknowledgeIntent, taskAnswerIntent, uploadForTask } from "./home-tasks.server";

export const { handle, meta } = shellScreen(
  // "documents": an upload task's form is the documents page's.
  i18nHandle("dashboard", "jobs", "content", "study", "documents"),
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
  const [dashboard, tasks, types] = await Promise.all([
    getApplicantDashboard(viewer),
    listTasksForApplicant({ viewer }),
    listDocumentTypes(),
  ]);
  const asked = new Set(tasks.open.map((task) => task.documentType));
  return {
    ...dashboard,
    tasks,
    today: agencyToday(),
    // What an upload task's form needs of its type (an active one: a retired type takes no upload).
    taskTypes: types
      .filter((type) => type.active && asked.has(type.key))
      .map(({ key, names, formats, expires, validityMonths, sensitive }) => ({
        key,
        names,
        formats,
        expires,
        validityMonths,
        sensitive,
      })),
  };
}

/**
 * The home page's posts: "seen up to this notification" (the notification list), a
 * task's answer or acknowledgement, and an upload task's file (?task=<id>, multipart, without
 * JavaScript; with it the form sends the file to /api/documents), each for their own tasks only.
 */
export async function action({ request }: Route.ActionArgs) {
  // An upload task's form names its task in the address: its body is a file, read as a stream.
  if (new URL(request.url).searchParams.has("task")) return uploadForTask(request);
  return runIntent(
    request,
    requireUser,
    {
      "mark-notifications-read": ({ viewer, formData }) => markSeenNotifications(viewer, formData),
      taskAnswer: taskAnswerIntent,
      taskAcknowledge: taskAcknowledgeIntent,
    },
    { main: "mark-notifications-read" },
  );
}

export default function DashboardHome({ loaderData, actionData }: Route.ComponentProps) {
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
  const answer = actionData && "intent" in actionData ? actionData : undefined;

  return (
    <div className="grid gap-8">
      <div className="grid gap-1">
        <p className="text-lg font-semibold text-slate-900">
          {t("home.welcome", { name: viewer?.fullName || viewer?.email })}
        </p>
        <p className="text-slate-700">{t("home.welcomeBody")}</p>
      </div>
      <Tasks
        open={d.tasks.open}
        done={d.tasks.done}
        today={d.today}
        types={d.taskTypes}
        actionData={answer}
      />
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
