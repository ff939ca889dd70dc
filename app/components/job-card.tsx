import { BriefcaseIcon, ClockIcon, LockIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Link } from "~/app/components/localized";
import { CachedHtml, keyOf } from "~/app/lib/cached-html";
import { cn } from "~/app/lib/utils";
import { type RootData, useRootData } from "~/app/lib/root-data";
import { formatMoney } from "~/domain/format";
import type { JobCard as JobCardData } from "~/domain/job-search";
import { isApplicantRole } from "~/domain/enums";
import { CountryFlag } from "./country-flag";
import { LazySaveJobButton } from "./lazy-save-job-button";
import { Badge } from "./ui/badge";
import { Skeleton } from "./ui/skeleton";
import {
  PAYMENT_REQUIRED_HREF,
  paymentRequiredFor,
  registrationRequiredFor,
} from "~/app/lib/payment-required";
import { salaryText } from "~/app/lib/salary-text";

export { PAYMENT_REQUIRED_HREF, paymentRequiredFor };

/**
 * Where a card leads: a free job's page is open to everyone (a visitor signs in only to apply).
 * A premium job the viewer may not read sends a visitor to sign in and back to the job, and a
 * signed-in viewer who has not paid to the payment page; either comes back to the job afterwards.
 */
export function jobCardHref(
  job: Pick<JobCardData, "id" | "locked" | "opensWithRegistration">,
  signedIn: boolean,
): string {
  if (!job.locked) return `/jobs/${job.id}`;
  if (!signedIn) return `/auth?redirectTo=${encodeURIComponent(`/jobs/${job.id}`)}`;
  // A destination that asks no fee: the payment page says what opens it (their registration).
  if (job.opensWithRegistration) return registrationRequiredFor(`/jobs/${job.id}`);
  return paymentRequiredFor(`/jobs/${job.id}`);
}

/** A job card; `saved` (given on pages that know it) shows a signed-in applicant's save button. */
export function JobCard({ job, saved }: { job: JobCardData; saved?: boolean }) {
  const { t, i18n } = useTranslation("jobs");
  const { viewer } = useRootData();
  const location = useLocation();
  const fee = dueFeeOf(viewer);
  const lock = lockOf(viewer, job);
  return (
    <article
      className="relative flex flex-col gap-3 overflow-hidden rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-primary-600 hover:shadow-md"
      data-testid="job-card"
    >
      <div className="flex flex-wrap items-center gap-2">
        {job.isPublic ? (
          <Badge tone="success">{t("card.free")}</Badge>
        ) : (
          <Badge tone="orange">
            <LockIcon className="size-3" aria-hidden />
            {t("card.premium")}
          </Badge>
        )}
        <Badge>{t(`labels.sector.${job.sector}`, { ns: "common" })}</Badge>
        {saved !== undefined && viewer && isApplicantRole(viewer.role) ? (
          // The button for this job, saved or not, on this page (it comes back here).
          <CachedHtml
            className="ms-auto"
            cacheKey={`save-job:${i18n.language}:${job.id}:${keyOf(job.title)}:${saved}:${location.pathname}${location.search}`}
          >
            <LazySaveJobButton jobId={job.id} title={job.title} saved={saved} />
          </CachedHtml>
        ) : null}
      </div>
      {/* The same for everyone who sees this job alike: the viewer's own save button is above. */}
      <CachedHtml
        className="contents"
        cacheKey={`job-card:${i18n.language}:${lock}:${fee ? `${fee.amountMinor}${fee.currency}` : ""}:${keyOf(job)}`}
      >
        <JobCardBody job={job} lock={lock} fee={fee} />
      </CachedHtml>
    </article>
  );
}

type Lock = "visitor" | "fee" | "registration";

/**
 * What a locked card asks of this viewer: to sign in, to pay, or (no fee under their office's
 * policy, decision record 33) to complete their registration. One of three groups, shared by many
 * people: the card's cached part may depend on it (eslint.config.js, SHARED_BY_GROUP).
 */
function lockOf(viewer: RootData["viewer"], job: Pick<JobCardData, "opensWithRegistration">): Lock {
  if (!viewer) return "visitor";
  // A job of a destination that asks them no fee opens with a complete registration.
  return viewer.dueFee && !job.opensWithRegistration ? "fee" : "registration";
}

/** The fee the viewer's office policy asks up front (decision record 33): one of few, shared by many. */
function dueFeeOf(viewer: RootData["viewer"]) {
  return viewer?.dueFee ?? null;
}
const LOCK_TEXT = {
  visitor: "card.lockedVisitor",
  fee: "card.lockedUnpaid",
  registration: "card.lockedRegistration",
} as const;

/** Everything of a card below its badges: decided only by the job, the language, the fee and
 * what a locked card asks of the viewer (the cache key above names each). */
function JobCardBody({
  job,
  lock,
  fee: due,
}: {
  job: JobCardData;
  lock: Lock;
  fee: { amountMinor: number; currency: string } | null;
}) {
  const signedIn = lock !== "visitor";
  const { t, i18n } = useTranslation("jobs");
  const href = jobCardHref(job, signedIn);
  const salary = salaryText(job, t, i18n.language);
  const fee = due ? formatMoney(due.amountMinor, due.currency, i18n.language) : "";
  return (
    <>
      <h3 className="text-lg leading-snug font-semibold text-slate-900">
        {/* The whole card is clickable through this link's stretched area. */}
        <Link to={href} className="after:absolute after:inset-0 focus:outline-none">
          {job.title}
        </Link>
      </h3>
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <JobCountry job={job} />
      </p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        <JobTypeFacts job={job} />
      </ul>
      {job.locked ? (
        <div className="relative mt-auto">
          {/* Placeholder lines only: the real description and salary never reach this page. */}
          <div aria-hidden className="grid gap-2 blur-[2px] select-none">
            <div className="h-3 w-11/12 rounded bg-slate-200" />
            <div className="h-3 w-9/12 rounded bg-slate-200" />
            <div className="h-3 w-5/12 rounded bg-slate-300" />
          </div>
          <p className="relative mt-3 flex items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
            <LockIcon className="size-4 shrink-0" aria-hidden />
            {t(LOCK_TEXT[lock], { fee })}
          </p>
        </div>
      ) : (
        <>
          {job.excerpt ? (
            <p className="line-clamp-3 text-sm text-slate-600">{job.excerpt}</p>
          ) : null}
          {salary ? (
            <p className="mt-auto text-sm font-semibold text-primary-800">{salary}</p>
          ) : null}
        </>
      )}
    </>
  );
}

/** Where the job is, with the country's flag. */
export function JobCountry({ job }: { job: Pick<JobCardData, "countryCode" | "countryName"> }) {
  const { t } = useTranslation("jobs");
  return (
    <CountryFlag code={job.countryCode}>
      {job.countryName ?? t("labels.notSet", { ns: "common" })}
    </CountryFlag>
  );
}

/** The job's type and employment type, as items of a list of its facts. */
export function JobTypeFacts({ job }: { job: Pick<JobCardData, "jobType" | "employmentType"> }) {
  const { t } = useTranslation("jobs");
  return (
    <>
      <li className="flex items-center gap-1.5">
        <BriefcaseIcon className="size-4 text-slate-500" aria-hidden />
        {t(`labels.jobType.${job.jobType}`, { ns: "common" })}
      </li>
      <li className="flex items-center gap-1.5">
        <ClockIcon className="size-4 text-slate-500" aria-hidden />
        {t(`labels.employmentType.${job.employmentType}`, { ns: "common" })}
      </li>
    </>
  );
}

/**
 * Job cards in a grid; the page sets the columns. `savedIds`: the viewer's saved jobs among them,
 * when the page read them (a signed-in applicant's page): each card then has its save button.
 */
export function JobCardGrid({
  jobs,
  className,
  savedIds,
}: {
  jobs: JobCardData[];
  className: string;
  savedIds?: string[];
}) {
  return (
    <ul className={cn("grid gap-4", className)}>
      {jobs.map((job) => (
        <li key={job.id} className="grid">
          <JobCard job={job} saved={savedIds ? savedIds.includes(job.id) : undefined} />
        </li>
      ))}
    </ul>
  );
}

/** What a grid of job cards shows while it loads. */
export function JobCardSkeletons({ count, className }: { count: number; className: string }) {
  return (
    <div className={cn("grid gap-4", className)}>
      {Array.from({ length: count }, (_, i) => (
        <JobCardSkeleton key={i} />
      ))}
    </div>
  );
}

function JobCardSkeleton() {
  return (
    <div
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-5"
      data-testid="job-card-skeleton"
    >
      <Skeleton className="h-5 w-20" />
      <Skeleton className="h-6 w-3/4" />
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}
