import { SparklesIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { CatalogueHeader, CatalogueResults, shownRange } from "~/app/components/catalogue-list";
import { Link } from "~/app/components/localized";
import { JobCardGrid, JobCardSkeletons } from "~/app/components/job-card";
import { JobFilters } from "~/app/components/job-filters";
import { SaveAlertForm } from "~/app/components/save-alert-form";
import { Pager } from "~/app/components/pager";
import { buttonVariants } from "~/app/components/ui/button";
import { i18nHandle } from "~/app/i18n/namespaces";
import { usePathLoading } from "~/app/lib/use-path-loading";
import { fixedPageMeta } from "~/app/lib/seo";
import { useRootData } from "~/app/lib/root-data";
import { hasActiveFilters, JOBS_PAGE_SIZE } from "~/domain/job-search";
import { JOBS_COUNT_CAP, parseJobSearch } from "~/domain/jobs";
import { VisitorAlertSchema } from "~/domain/job-alerts";
import { requestLanguage } from "~/app/i18n/i18n.server";
import { actionFailed, actionSucceeded } from "~/app/lib/action-result";
import { getViewer } from "~/server/auth/guards.server";
import { createVisitorAlert } from "~/server/jobs/job-alerts.server";
import { suggestedAlertName } from "~/server/jobs/alert-summary.server";
import { secondsUntilAllowed } from "~/server/security/rate-limit-rules.server";
import { listActiveCountries, listJobsForViewer } from "~/server/jobs/listing.server";
import { savedAmong } from "~/server/jobs/saved-jobs.server";
import type { Route } from "./+types/list";
import { isApplicantRole } from "~/domain/enums";

export const handle = i18nHandle("jobs");

export const meta: Route.MetaFunction = fixedPageMeta("jobs:meta.list", "/jobs");

// Visibility is checked here, not in the layout: this loader decides what each viewer may see.
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const search = parseJobSearch(new URL(request.url).searchParams);
  const [result, countries] = await Promise.all([
    listJobsForViewer({ viewer, search, pageSize: JOBS_PAGE_SIZE, countUpTo: JOBS_COUNT_CAP }),
    listActiveCountries(),
  ]);
  // A signed-in applicant's saved jobs among these (their page is never cached); null otherwise.
  const savedIds =
    viewer && isApplicantRole(viewer.role)
      ? await savedAmong(
          viewer,
          result.items.map((j) => j.id),
        )
      : null;
  // A new alert is offered the search's name in words, in the page's language.
  const alertName = suggestedAlertName(search, await requestLanguage(request));
  return { search: { ...search, page: result.page }, result, countries, savedIds, alertName };
}

/**
 * A visitor's alert from this search (the form below the filters): only an e-mail address, which
 * gets a confirmation link first. Capped per client and per address like the contact form; a bot
 * that fills the hidden field is answered as if it worked. A signed-in person's form posts to
 * their alerts page instead.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = VisitorAlertSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return actionFailed("alert", parsed.error.issues[0]?.message ?? "alerts.errors.email", 400);
  }
  const { email, name, frequency, website } = parsed.data;
  if (website) return actionSucceeded("alert", null, { sentTo: email });
  const wait = await secondsUntilAllowed([
    [`alert:ip:${context.clientIp}`, 600, 10],
    [`alert:email:${email}`, 3600, 3],
  ]);
  if (wait) return actionFailed("alert", "alerts.errors.tooMany", 429);
  const search = parseJobSearch(new URLSearchParams(form as unknown as Record<string, string>));
  await createVisitorAlert({
    email,
    name,
    frequency,
    filters: { q: search.q, country: search.country, sector: search.sector, type: search.type },
    language: await requestLanguage(request),
  });
  return actionSucceeded("alert", null, { sentTo: email });
}

export default function JobsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("jobs");
  const { viewer, settings } = useRootData();
  const { search, result, countries, savedIds } = loaderData;
  const loading = usePathLoading("/jobs");
  const filtered = hasActiveFilters(search);

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:py-10">
      <CatalogueHeader
        title={t("list.title")}
        subtitle={t("list.subtitle")}
        countTestId="job-counts"
      >
        {result.counts
          ? t("list.counts", {
              count: result.total,
              public: result.counts.public,
              premium: result.counts.premium,
            })
          : t("list.countsMore", { cap: result.total })}
      </CatalogueHeader>

      <JobFilters
        action="/jobs"
        search={search}
        countries={countries}
        withQuery
        idPrefix="jobs"
        label={t("filters.label")}
      />

      {/* This search as an alert: an applicant's own, or a visitor's with an e-mail address. */}
      {savedIds ? (
        <SaveAlertForm search={search} suggestedName={loaderData.alertName} />
      ) : !viewer ? (
        <SaveAlertForm
          search={search}
          suggestedName={loaderData.alertName}
          visitor={{
            sentTo:
              actionData && "sentTo" in actionData && typeof actionData.sentTo === "string"
                ? actionData.sentTo
                : null,
            error: actionData?.flash && !actionData.flash.ok ? actionData.flash.message : null,
          }}
        />
      ) : null}

      {!viewer ? (
        <aside className="flex flex-col gap-3 rounded-xl border border-accent-500/40 bg-orange-50 p-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-3">
            <SparklesIcon className="mt-0.5 size-5 shrink-0 text-accent-700" aria-hidden />
            <div>
              <h2 className="font-semibold text-slate-900">
                {t("promo.title", { placements: settings.marketing.placements })}
              </h2>
              <p className="text-sm text-slate-700">{t("promo.body")}</p>
            </div>
          </div>
          <Link to="/auth?tab=signup" className={buttonVariants({ variant: "accent" })}>
            {t("promo.cta")}
          </Link>
        </aside>
      ) : null}

      <CatalogueResults
        id="jobs-results"
        label={t("list.results")}
        loading={loading}
        empty={
          !loading && result.items.length === 0
            ? {
                title: t("list.empty"),
                body: filtered ? t("list.emptyFiltered") : t("list.emptyNone"),
                clear: filtered
                  ? { to: "/jobs", label: t("actions.clearFilters", { ns: "common" }) }
                  : undefined,
              }
            : null
        }
      >
        {loading ? (
          <JobCardSkeletons count={6} className="sm:grid-cols-2 lg:grid-cols-3" />
        ) : (
          <>
            <p className="text-sm text-slate-700" aria-live="polite">
              {t(result.capped ? "list.showingMore" : "list.showing", {
                ...shownRange(result),
                total: result.total,
                cap: result.total,
              })}
            </p>
            <JobCardGrid
              jobs={result.items}
              className="sm:grid-cols-2 lg:grid-cols-3"
              savedIds={savedIds ?? undefined}
            />
            <Pager page={result} label={t("list.pages")} />
          </>
        )}
      </CatalogueResults>
    </div>
  );
}
