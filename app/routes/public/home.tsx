import { ArrowRightIcon, SearchIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "~/app/components/localized";
import { JobCardGrid, JobCardSkeletons } from "~/app/components/job-card";
import { FilterSelect, QueryField } from "~/app/components/filter-fields";
import { countryOptions, JobFilters } from "~/app/components/job-filters";
import { Figure, SectionHeader, SectionTitle } from "~/app/components/page-section";
import {
  LazyStudyProgramsSection,
  LazySuccessStoriesSection,
  preloadHomeBelowFold,
} from "~/app/components/home-below-fold";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { i18nHandle } from "~/app/i18n/namespaces";
import { publicPageMeta } from "~/app/lib/seo";
import { EmptyState } from "~/app/components/empty-state";
import { usePathLoading } from "~/app/lib/use-path-loading";
import { useRootData } from "~/app/lib/root-data";
import { HOME_JOBS_LIMIT, hasActiveFilters, jobSearchQuery } from "~/domain/job-search";
import { JOBS_COUNT_CAP, parseJobSearch } from "~/domain/jobs";
import { getViewer } from "~/server/auth/guards.server";
import { savedAmong } from "~/server/jobs/saved-jobs.server";
import { isApplicantRole } from "~/domain/enums";
import { listSuccessStoriesForHome } from "~/server/content/posts.server";
import { listStudyPrograms } from "~/server/content/study-programs.server";
import { listActiveCountries, listJobsForViewer } from "~/server/jobs/listing.server";
import { notAdvertisedToUser } from "~/server/restrictions/recruitment-restrictions.server";
import type { Route } from "./+types/home";

const LATEST_JOBS = 3;

export const handle = i18nHandle("jobs", "content", "study");

// No title of its own: the home page is titled by the agency's name.
export const meta: Route.MetaFunction = publicPageMeta((_, t) => ({
  description: t("content:meta.home.description"),
  path: "/",
}));

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const { country, sector, type } = parseJobSearch(new URL(request.url).searchParams);
  const filters = { country, sector, type };
  // A signed-in applicant is not offered jobs not advertised to residents of their country
  // (decision record 35); a visitor's page is the same for everyone.
  const notAdvertised =
    viewer && isApplicantRole(viewer.role) ? await notAdvertisedToUser(viewer.id) : [];
  const [filtered, latest, countries, programs, stories] = await Promise.all([
    // "See all N jobs" counts as the board does: up to 1,000 (an exact count reads every match).
    listJobsForViewer({
      viewer,
      search: filters,
      pageSize: HOME_JOBS_LIMIT,
      countUpTo: JOBS_COUNT_CAP,
      notAdvertised,
    }),
    // Only the newest few are shown: count no further than them (an exact count reads every job).
    listJobsForViewer({
      viewer,
      search: {},
      pageSize: LATEST_JOBS,
      countUpTo: LATEST_JOBS,
      notAdvertised,
    }),
    listActiveCountries(),
    listStudyPrograms({ limit: 6 }),
    listSuccessStoriesForHome(3),
    preloadHomeBelowFold(),
  ]);
  // A signed-in applicant's saved jobs among the cards (their page is never cached); null else.
  const savedIds =
    viewer && isApplicantRole(viewer.role)
      ? await savedAmong(
          viewer,
          [...filtered.items, ...latest.items].map((j) => j.id),
        )
      : null;
  return {
    savedIds,
    filters,
    jobs: filtered.items,
    total: filtered.total,
    totalCapped: filtered.capped,
    latest: latest.items,
    countries,
    programs,
    stories,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("jobs");
  const { settings, viewer } = useRootData();
  const { filters, jobs, total, totalCapped, latest, countries, programs, stories, savedIds } =
    loaderData;
  // The jobs section re-renders as skeletons while a filter change loads.
  const loading = usePathLoading("/");
  const seeAllHref = `/jobs${jobSearchQuery(filters)}`;
  const stats = [
    { value: settings.marketing.partnerCountries, label: t("home.stats.countries") },
    { value: settings.marketing.jobOpportunities, label: t("home.stats.jobs") },
    { value: settings.marketing.successRate, label: t("home.stats.success") },
    { value: settings.marketing.placements, label: t("home.stats.placements") },
  ];

  return (
    <div className="grid gap-16 pb-16">
      <section className="bg-gradient-to-b from-primary-50 to-white">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-12 sm:py-20">
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-primary-900 sm:text-5xl">
            {t("home.heroTitle")}
          </h1>
          <p className="max-w-2xl text-lg text-slate-700">{t("home.heroBody")}</p>
          <Form
            method="get"
            action="/jobs"
            role="search"
            aria-label={t("home.searchLabel")}
            className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[2fr_1fr_auto] sm:items-end"
          >
            <QueryField
              id="hero-q"
              label={t("home.searchLabel")}
              placeholder={t("home.searchPlaceholder")}
            />
            <FilterSelect
              id="hero-country"
              name="country"
              label={t("home.countryLabel")}
              all={t("filters.allCountries")}
              options={countryOptions(countries)}
              defaultValue="all"
            />
            <Button type="submit" size="lg" variant="accent">
              <SearchIcon aria-hidden />
              {t("home.search")}
            </Button>
          </Form>
        </div>
      </section>

      <section
        id="jobs"
        aria-labelledby="home-jobs"
        className="mx-auto grid w-full max-w-6xl scroll-mt-20 gap-6 px-4"
      >
        <SectionHeader
          id="home-jobs"
          title={t("home.jobsTitle")}
          intro={t("home.jobsBody")}
          introClassName=""
        />
        <JobFilters
          action="/#jobs"
          search={filters}
          countries={countries}
          withQuery={false}
          idPrefix="home"
          label={t("filters.label")}
        />
        <div aria-busy={loading || undefined} aria-live="polite" className="grid gap-6">
          {loading ? (
            <JobCardSkeletons count={HOME_JOBS_LIMIT} className="sm:grid-cols-2 lg:grid-cols-4" />
          ) : jobs.length === 0 ? (
            <EmptyState title={t("home.jobsEmpty")} titleClassName="font-semibold text-slate-900">
              {hasActiveFilters(filters) ? (
                <Link
                  to="/#jobs"
                  preventScrollReset
                  className={buttonVariants({ variant: "outline" })}
                >
                  {t("home.clearAll")}
                </Link>
              ) : null}
            </EmptyState>
          ) : (
            <JobCardGrid
              jobs={jobs}
              className="sm:grid-cols-2 lg:grid-cols-4"
              savedIds={savedIds ?? undefined}
            />
          )}
          <Link to={seeAllHref} className={buttonVariants({ className: "justify-self-center" })}>
            {totalCapped
              ? t("home.seeAllMany", { cap: total })
              : t("home.seeAll", { count: total })}
            <ArrowRightIcon aria-hidden />
          </Link>
        </div>
      </section>

      <section aria-labelledby="home-latest" className="mx-auto grid w-full max-w-6xl gap-6 px-4">
        <SectionTitle id="home-latest">{t("home.latestTitle")}</SectionTitle>
        {latest.length === 0 ? (
          <p className="text-slate-600">{t("home.latestEmpty")}</p>
        ) : (
          <JobCardGrid
            jobs={latest}
            className="sm:grid-cols-2 lg:grid-cols-3"
            savedIds={savedIds ?? undefined}
          />
        )}
      </section>

      <div id="study" className="mx-auto w-full max-w-6xl scroll-mt-20 px-4">
        <LazyStudyProgramsSection programs={programs} />
      </div>

      <div className="mx-auto w-full max-w-6xl px-4">
        <LazySuccessStoriesSection stories={stories} />
      </div>

      <section aria-labelledby="home-stats" className="bg-primary-900 text-white">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-12">
          <SectionTitle id="home-stats" className="text-white">
            {t("home.statsTitle")}
          </SectionTitle>
          <dl className="grid grid-cols-2 gap-6 md:grid-cols-4">
            {stats.map((s) => (
              <Figure
                key={s.label}
                {...s}
                labelClassName="text-slate-200"
                valueClassName="text-3xl"
              />
            ))}
          </dl>
        </div>
      </section>

      <section
        aria-labelledby="home-cta"
        className="mx-auto grid w-full max-w-6xl justify-items-center gap-4 px-4 text-center"
      >
        <SectionTitle id="home-cta">{t("home.ctaTitle")}</SectionTitle>
        <p className="max-w-xl text-slate-700">{t("home.ctaBody")}</p>
        <div className="flex flex-wrap justify-center gap-3">
          {viewer ? (
            <Link to="/dashboard" className={buttonVariants({ variant: "accent", size: "lg" })}>
              {t("home.ctaDashboard")}
            </Link>
          ) : (
            <Link
              to="/auth?tab=signup"
              className={buttonVariants({ variant: "accent", size: "lg" })}
            >
              {t("home.ctaPrimary")}
            </Link>
          )}
          <Link to="/contact" className={buttonVariants({ variant: "outline", size: "lg" })}>
            {t("home.ctaSecondary")}
          </Link>
        </div>
      </section>
    </div>
  );
}
