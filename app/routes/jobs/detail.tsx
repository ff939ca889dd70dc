import { Suspense } from "react";
import { parseWithZod } from "@conform-to/zod/v4";
import { BanknoteIcon, GiftIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, isRouteErrorResponse, redirect, useLocation } from "react-router";
import {
  AlreadyApplied,
  DetailBackLink,
  DetailColumns,
  DetailLists,
  DetailNotFound,
  DetailText,
  SignInToApply,
} from "~/app/components/detail-page";
import { AgencyRegistrations } from "~/app/components/agency-registrations";
import { OutcomeFlash } from "~/app/components/flash";
import { JsonLd } from "~/app/components/json-ld";
import { Link } from "~/app/components/localized";
import { JobCountry, JobTypeFacts } from "~/app/components/job-card";
import { paymentRequiredFor, registrationRequiredFor } from "~/app/lib/payment-required";
import { RouteError } from "~/app/components/route-error";
import { Alert } from "~/app/components/ui/alert";
import { Badge } from "~/app/components/ui/badge";
import { buttonVariants } from "~/app/components/ui/button";
import { TitledCard } from "~/app/components/titled-card";
import { requestLanguage } from "~/app/i18n/i18n.server";
import { i18nHandle } from "~/app/i18n/namespaces";
import { actionFailed, formInvalid } from "~/app/lib/action-result";
import { lazyComponent } from "~/app/lib/lazy-component";
import { redirectDone } from "~/app/lib/redirect-done";
import { publicPageMeta, summary } from "~/app/lib/seo";
import { registrationsToShow } from "~/domain/agency-trust";
import { calendarDay, formatDate } from "~/domain/format";
import { salaryText } from "~/app/lib/salary-text";
import { useRootData } from "~/app/lib/root-data";
import { isApplicantRole, isStaff } from "~/domain/enums";
import { localizePath } from "~/domain/languages";
import { ApplySchema } from "~/domain/jobs";
import { countryNameOf, explanationIn } from "~/domain/recruitment-restrictions";
import { applyToJob, findOwnApplication } from "~/server/applications/apply.server";
import { getViewer, requireApplicant } from "~/server/auth/guards.server";
import { getJobForViewer } from "~/server/jobs/listing.server";
import { savedAmong } from "~/server/jobs/saved-jobs.server";
import {
  residenceOf,
  restrictionForJob,
} from "~/server/restrictions/recruitment-restrictions.server";
import { LazySaveJobButton } from "~/app/components/lazy-save-job-button";
import type { Route } from "./+types/detail";
import { JobEmployer } from "./job-employer";
import { jobPosting } from "./job-posting";
import { RestrictionNotice } from "./restriction-notice";
import { ShareJob } from "./share-job";

// The apply form (Conform, its field, its validation) is code only an applicant who may apply
// runs, so a visitor's first visit never downloads it. The server renders it in place (the loader
// preloads it); in the browser it is fetched while the page hydrates.
const applyForm = lazyComponent(() => import("./apply-form").then((m) => m.ApplyForm));

const signInHref = (id: string) => `/auth?redirectTo=${encodeURIComponent(`/jobs/${id}`)}`;

export const handle = i18nHandle("jobs");

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const access = await getJobForViewer({ viewer, id: params.id });
  if (access.kind === "not_found") {
    return data({ job: null, applied: null, saved: null, restriction: null }, { status: 404 });
  }
  // A premium job: a visitor signs in and comes back here; a signed-in user who has not paid
  // goes to the payment page (the /auth page would bounce them home).
  // The sign-in page in the job page's language (/fr/jobs/… → /fr/auth…), to come back to it.
  if (access.kind === "sign_in_required") {
    throw redirect(localizePath(signInHref(params.id), await requestLanguage(request)));
  }
  // Either way they come back to this page afterwards.
  if (access.kind === "payment_required") {
    throw redirect(paymentRequiredFor(new URL(request.url).pathname));
  }
  if (access.kind === "registration_required") {
    throw redirect(registrationRequiredFor(new URL(request.url).pathname));
  }
  const [applied, saved] = await Promise.all([
    viewer ? findOwnApplication({ viewer, jobId: params.id }) : null,
    // Only a signed-in applicant has a save button (their page is never cached); null otherwise.
    viewer && isApplicantRole(viewer.role)
      ? savedAmong(viewer, [params.id]).then((ids) => ids.length > 0)
      : null,
    applyForm.preload(), // once per process: then the form renders without suspending
  ]);
  // A job not advertised to residents of their country (decision record 35): before applying,
  // the applicant reads why; applying anyway is recorded as a direct application.
  const restriction =
    viewer && isApplicantRole(viewer.role) && !applied
      ? await restrictionForJob(access.job, await residenceOf(viewer.id))
      : null;
  return {
    job: access.job,
    applied,
    saved,
    restriction: restriction
      ? {
          explanation: explanationIn(restriction, await requestLanguage(request)),
          // Named here, in the page's language: the browser needs no country names for it.
          residence: countryNameOf(restriction.residence, await requestLanguage(request)),
        }
      : null,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireApplicant(request);
  const submission = parseWithZod(await request.formData(), { schema: ApplySchema });
  if (submission.status !== "success") return formInvalid("apply", submission.reply());
  const applied = await applyToJob({ viewer, jobId: params.id, note: submission.value.note });
  // A redirect, so a reload does not apply again; the page says so (?done=applied).
  if (applied.ok) return redirectDone(request, "applied");
  if (applied.reason === "payment_required") {
    throw redirect(paymentRequiredFor(new URL(request.url).pathname));
  }
  if (applied.reason === "registration_required") {
    throw redirect(registrationRequiredFor(new URL(request.url).pathname));
  }
  if (applied.reason === "duplicate") return actionFailed("apply", "apply.errors.duplicate", 409);
  const status = applied.reason === "staff" ? 403 : 404;
  // The note stays in the form: the applicant may want it for another job.
  return actionFailed("apply", "apply.errors.unavailable", status, { result: submission.reply() });
}

/** The confirmation after applying (?done=applied), a key of the jobs namespace. */
const APPLY_DONE = { applied: "apply.submittedBody" };

export const meta: Route.MetaFunction = publicPageMeta(({ data }, t) => {
  const job = data?.job;
  if (!job) return { title: t("jobs:meta.detail.notFound"), noindex: true };
  return {
    title: job.countryName
      ? t("jobs:meta.detail.titleIn", { title: job.title, country: job.countryName })
      : job.title,
    description: job.countryName
      ? t("jobs:meta.detail.descriptionIn", {
          country: job.countryName,
          description: summary(job.description, 130),
        })
      : summary(job.description, 155),
    path: `/jobs/${job.id}`,
    noindex: !job.isPublic || !job.isActive,
  };
});

export default function JobDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("jobs");
  const { settings, baseUrl, viewer } = useRootData();
  const { job, applied, saved, restriction } = loaderData;

  if (!job) {
    return (
      <DetailNotFound
        title={t("detail.notFound")}
        body={t("detail.notFoundBody")}
        listHref="/jobs"
        browse={t("detail.browse")}
      />
    );
  }

  const posted = formatDate(job.createdAt, i18n.language, "longDate");
  const salary = salaryText(job, t, i18n.language);
  const posting = jobPosting(job, settings.agencyName, baseUrl);
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8">
      {posting ? <JsonLd data={posting} /> : null}
      <DetailBackLink to="/jobs">{t("detail.back")}</DetailBackLink>

      {!job.isActive || job.archivedAt ? (
        <Alert tone="warning">{t("detail.inactiveStaffNotice")}</Alert>
      ) : null}

      <DetailColumns
        aside={
          <>
            <TitledCard title={t("apply.title")} contentClassName="grid gap-3">
              {/* The last post's answer; a post from the ?done= address answers for itself. */}
              <OutcomeFlash actionData={actionData} ns="jobs" messages={APPLY_DONE} />
              {/* The applicant has applied, just now or before: the way to their applications. */}
              {applied ? (
                <AlreadyApplied
                  title={t(`apply.${applied.state}Title`)}
                  body={t(`apply.${applied.state}Body`, {
                    date: formatDate(applied.appliedAt, i18n.language, "date"),
                  })}
                  link={t("apply.viewApplications")}
                />
              ) : !viewer ? (
                <SignInToApply
                  href={signInHref(job.id)}
                  note={t("apply.signInFirst")}
                  label={t("apply.submit")}
                />
              ) : isStaff(viewer.role) ? (
                <p className="text-sm text-slate-700">{t("apply.staffNote")}</p>
              ) : (
                <>
                  {restriction ? (
                    <RestrictionNotice
                      explanation={restriction.explanation}
                      country={restriction.residence}
                    />
                  ) : null}
                  <Suspense>
                    <applyForm.Component lastResult={actionData?.result} />
                  </Suspense>
                </>
              )}
            </TitledCard>
            {job.isActive && !job.archivedAt ? (
              <ShareJob path={`/jobs/${job.id}`} title={job.title} />
            ) : null}
            {/* Who advertises this job: the offices' registrations and the one of the
                job's country (a job in Poland shows the KRAZ number). */}
            <AgencyRegistrations
              registrations={registrationsToShow(settings.trust, job.countryCode)}
              className="rounded-lg border border-slate-200 bg-white p-4"
            />
          </>
        }
      >
        <header className="grid gap-3">
          <div className="flex flex-wrap gap-2">
            {job.isPublic ? (
              <Badge tone="success">{t("card.free")}</Badge>
            ) : (
              <Badge tone="orange">{t("card.premium")}</Badge>
            )}
            <Badge>{t(`labels.sector.${job.sector}`, { ns: "common" })}</Badge>
            {saved !== null && job.isActive && !job.archivedAt ? (
              <LazySaveJobButton
                jobId={job.id}
                title={job.title}
                saved={saved}
                className="ms-auto"
              />
            ) : null}
          </div>
          <h1 className="text-3xl font-bold text-slate-900">{job.title}</h1>
          <JobEmployer employer={job.employer} />
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700">
            <li className="flex items-center gap-2">
              <JobCountry job={job} />
            </li>
            <JobTypeFacts job={job} />
            {salary ? (
              <li className="flex items-center gap-1.5 font-semibold text-primary-800">
                <BanknoteIcon className="size-4" aria-hidden />
                <span className="sr-only">{t("detail.salary")}: </span>
                {salary}
              </li>
            ) : null}
          </ul>
          <p className="text-sm text-slate-600">
            {t("detail.posted", { date: posted })}
            {job.applicationDeadline ? (
              <>
                {" · "}
                <span className="font-medium text-slate-800">
                  {t("detail.deadline", {
                    date: formatDate(
                      calendarDay(job.applicationDeadline),
                      i18n.language,
                      "longDate",
                    ),
                  })}
                </span>
              </>
            ) : null}
          </p>
        </header>

        <DetailText id="job-description" title={t("detail.description")} text={job.description} />

        <DetailLists
          empty={t("detail.noneListed")}
          lists={[
            { id: "job-requirements", title: t("detail.requirements"), items: job.requirements },
            {
              id: "job-benefits",
              title: t("detail.benefits"),
              items: job.benefits,
              Icon: GiftIcon,
              accent: true,
            },
          ]}
        />
      </DetailColumns>
    </div>
  );
}

/**
 * The job could not be loaded (the spec's 'Failed to load job details'), inside the site frame, with
 * a way to try again; an unknown job still reads as not found.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation("jobs");
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <RouteError error={error} />;
  return (
    <div className="mx-auto grid max-w-xl gap-4 px-4 py-16" data-testid="job-load-error">
      <Alert tone="error" title={t("detail.loadFailedTitle")}>
        {t("detail.loadFailed")}
      </Alert>
      <div className="flex flex-wrap gap-3">
        <Link to={location.pathname + location.search} className={buttonVariants()}>
          {t("detail.retry")}
        </Link>
        <Link to="/jobs" className={buttonVariants({ variant: "outline" })}>
          {t("detail.browse")}
        </Link>
      </div>
    </div>
  );
}
