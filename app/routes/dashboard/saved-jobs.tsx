import { BookmarkIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CountryFlag } from "~/app/components/country-flag";
import { paymentRequiredFor } from "~/app/components/job-card";
import { SaveJobButton } from "~/app/components/save-job-button";
import { Badge } from "~/app/components/ui/badge";
import { i18nHandle } from "~/app/i18n/namespaces";
import { shellScreen } from "~/app/lib/shell-screen";
import { formatDate } from "~/domain/format";
import { requireApplicant } from "~/server/auth/guards.server";
import { listOwnSavedJobs } from "~/server/jobs/saved-jobs.server";
import { JobBoardList } from "./job-board-list";
import type { Route } from "./+types/saved-jobs";
import { runIntent } from "~/app/lib/intent-action.server";
import { saveOrUnsave } from "./saved-jobs.server";

export const { handle, meta } = shellScreen(i18nHandle("jobs"), "titles.savedJobs");

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireApplicant(request);
  return { jobs: await listOwnSavedJobs({ viewer }) };
}

/**
 * The save button of every job card and job page posts here. Without JavaScript it goes back to
 * the page it was pressed on; with it (`stay`), it answers in place.
 */
export const action = ({ request }: Route.ActionArgs) =>
  runIntent(
    request,
    requireApplicant,
    { save: saveOrUnsave, unsave: saveOrUnsave },
    { unknown: "saved.errors.notFound" },
  );

const DONE = { saved: "saved.done.saved", removed: "saved.done.removed" };

const SCREEN = { keys: "saved", icon: BookmarkIcon, testId: "saved-jobs", done: DONE } as const;

export default function SavedJobsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("jobs");
  return (
    <JobBoardList screen={SCREEN} items={loaderData.jobs} actionData={actionData}>
      {(job) => (
        <li
          key={job.id}
          className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="grid gap-1">
            <Link
              to={job.locked ? paymentRequiredFor(`/jobs/${job.id}`) : `/jobs/${job.id}`}
              className="font-semibold text-slate-900 underline-offset-4 hover:underline"
            >
              {job.title}
            </Link>
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
              <CountryFlag code={job.countryCode}>
                {job.countryName ?? t("labels.notSet", { ns: "common" })}
              </CountryFlag>
              <span>
                {t("saved.savedOn", { date: formatDate(job.savedAt, i18n.language, "date") })}
              </span>
            </p>
            {job.state === "closed" ? (
              <p>
                <Badge tone="danger">{t("saved.closed")}</Badge>
              </p>
            ) : job.state === "closingSoon" && job.applicationDeadline ? (
              <p>
                <Badge tone="waiting">
                  {t("saved.closingSoon", {
                    date: formatDate(job.applicationDeadline, i18n.language, "date"),
                  })}
                </Badge>
              </p>
            ) : null}
          </div>
          <SaveJobButton jobId={job.id} title={job.title} saved />
        </li>
      )}
    </JobBoardList>
  );
}
