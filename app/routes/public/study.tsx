import { useTranslation } from "react-i18next";
import { CatalogueHeader, CatalogueResults, shownRange } from "~/app/components/catalogue-list";
import { Pager } from "~/app/components/pager";
import { ProgramFilters } from "~/app/components/program-filters";
import { ProgramCardGrid } from "~/app/components/program-card";
import { i18nHandle } from "~/app/i18n/namespaces";
import { usePathLoading } from "~/app/lib/use-path-loading";
import { fixedPageMeta } from "~/app/lib/seo";
import { hasProgramFilters, parseProgramSearch, PROGRAMS_PAGE_SIZE } from "~/domain/program-search";
import {
  listProgramFilterOptions,
  listProgramsForVisitors,
} from "~/server/programs/listing.server";
import type { Route } from "./+types/study";

export const handle = i18nHandle("study");

export const meta: Route.MetaFunction = fixedPageMeta("study:meta.list", "/study");

export async function loader({ request }: Route.LoaderArgs) {
  const search = parseProgramSearch(new URL(request.url).searchParams);
  const [result, options] = await Promise.all([
    listProgramsForVisitors({ search, pageSize: PROGRAMS_PAGE_SIZE }),
    listProgramFilterOptions(),
  ]);
  return { search: { ...search, page: result.page }, result, options };
}

export default function StudyPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("study");
  const { search, result, options } = loaderData;
  const loading = usePathLoading("/study");
  const filtered = hasProgramFilters(search);

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:py-10">
      <CatalogueHeader
        title={t("list.title")}
        subtitle={t("list.subtitle")}
        countTestId="program-count"
      >
        {t("list.counts", { count: result.total })}
      </CatalogueHeader>

      <ProgramFilters
        search={search}
        countries={options.countries}
        intakeMonths={options.intakeMonths}
      />

      <CatalogueResults
        id="study-results"
        label={t("list.results")}
        loading={loading}
        empty={
          result.items.length === 0
            ? {
                title: t("list.empty"),
                body: filtered ? t("list.emptyFiltered") : t("list.emptyNone"),
                clear: filtered ? { to: "/study", label: t("filters.clear") } : undefined,
              }
            : null
        }
      >
        <div className={loading ? "opacity-60" : undefined}>
          <p className="mb-4 text-sm text-slate-700" aria-live="polite">
            {t("list.showing", { ...shownRange(result), total: result.total })}
          </p>
          <ProgramCardGrid programs={result.items} headingLevel={3} />
          <div className="mt-4">
            <Pager page={result} label={t("list.pages")} />
          </div>
        </div>
      </CatalogueResults>
    </div>
  );
}
