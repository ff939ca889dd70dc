import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { JobCardGrid, paymentRequiredFor } from "~/app/components/job-card";
import { StudyProgramsSection } from "~/app/components/study-programs";
import { TitledSection } from "~/app/components/titled-section";
import type { Route } from "./+types/home";

type Dashboard = Route.ComponentProps["loaderData"];

/** Jobs (or, for a student, study programs) picked for this applicant. */
export function Recommended({ recommended }: { recommended: Dashboard["recommended"] }) {
  const { t } = useTranslation("dashboard");
  return (
    <TitledSection id="dash-recommended" title={t("home.recommended")}>
      {recommended.basis === "programs" ? (
        <>
          <p className="text-sm text-slate-700">{t("home.recommendedPrograms")}</p>
          <StudyProgramsSection
            programs={recommended.programs}
            headingLevel={3}
            showHeading={false}
          />
        </>
      ) : recommended.jobs.length === 0 ? (
        <p className="text-sm text-slate-600">{t("home.recommendedEmpty")}</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {recommended.basis === "preferences"
              ? t("home.recommendedPreferences")
              : t("home.recommendedNewest")}
          </p>
          {/* Recommendations hold only jobs this viewer may open, so none is locked; the Free /
              Premium badge still follows the job. */}
          <JobCardGrid
            jobs={recommended.jobs.map((job) => ({
              ...job,
              locked: false,
              excerpt: null,
              createdAt: null,
            }))}
            className="sm:grid-cols-2"
          />
        </>
      )}
    </TitledSection>
  );
}

/** The board's newest jobs; a Premium one leads an unpaid applicant to the payment page. */
export function LatestJobs({ latestJobs }: { latestJobs: Dashboard["latestJobs"] }) {
  const { t } = useTranslation("dashboard");
  return (
    <section aria-labelledby="dash-latest" className="grid content-start gap-3">
      <div className="flex items-center justify-between">
        <h2 id="dash-latest" className="text-xl font-semibold text-slate-900">
          {t("home.latestJobs")}
        </h2>
        <Link to="/jobs" className="text-sm font-medium text-primary-700 underline">
          {t("home.seeAllJobs")}
        </Link>
      </div>
      {latestJobs.length === 0 ? (
        <p className="text-sm text-slate-600">{t("home.latestEmpty")}</p>
      ) : (
        <ul className="grid gap-2">
          {latestJobs.map((job) => (
            <li key={job.id}>
              <Link
                to={job.locked ? paymentRequiredFor(`/jobs/${job.id}`) : `/jobs/${job.id}`}
                className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm hover:border-primary-200"
              >
                <span className="font-medium text-slate-900">{job.title}</span>
                <span className="shrink-0 text-slate-600">{job.countryName}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
