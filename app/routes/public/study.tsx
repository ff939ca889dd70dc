import { SearchXIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { Link } from "~/app/components/localized";
import { Pager } from "~/app/components/pager";
import { ProgramFilters } from "~/app/components/program-filters";
import { ProgramCardGrid } from "~/app/components/program-card";
import { buttonVariants } from "~/app/components/ui/button";
import { i18nHandle } from "~/app/i18n/namespaces";
import { publicPageMeta } from "~/app/lib/seo";
import { splitLanguage } from "~/domain/languages";
import { hasProgramFilters, parseProgramSearch, PROGRAMS_PAGE_SIZE } from "~/domain/program-search";
import {
  listProgramFilterOptions,
  listProgramsForVisitors,
} from "~/server/programs/listing.server";
import type { Route } from "./+types/study";

export const handle = i18nHandle("study");

export const meta: Route.MetaFunction = publicPageMeta((_, t) => ({
  title: t("study:meta.list.title"),
  description: t("study:meta.list.description"),
  path: "/study",
}));

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
  const navigation = useNavigation();
  const { search, result, options } = loaderData;
  const loading =
    navigation.state === "loading" && splitLanguage(navigation.location.pathname).path === "/study";
  const filtered = hasProgramFilters(search);

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:py-10">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold text-slate-900">{t("list.title")}</h1>
        <p className="text-slate-700">{t("list.subtitle")}</p>
        <p className="text-sm text-slate-700" data-testid="program-count">
          {t("list.counts", { count: result.total })}
        </p>
      </header>

      <ProgramFilters
        search={search}
        countries={options.countries}
        intakeMonths={options.intakeMonths}
      />

      <section
        aria-labelledby="study-results"
        aria-busy={loading || undefined}
        className="grid gap-4"
      >
        <h2 id="study-results" className="sr-only">
          {t("list.results")}
        </h2>
        {result.items.length === 0 ? (
          <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
            <SearchXIcon className="size-8 text-slate-500" aria-hidden />
            <p className="text-lg font-semibold text-slate-900">{t("list.empty")}</p>
            <p className="max-w-md text-sm text-slate-600">
              {filtered ? t("list.emptyFiltered") : t("list.emptyNone")}
            </p>
            {filtered ? (
              <Link to="/study" className={buttonVariants({ variant: "outline" })}>
                {t("filters.clear")}
              </Link>
            ) : null}
          </div>
        ) : (
          <div className={loading ? "opacity-60" : undefined}>
            <p className="mb-4 text-sm text-slate-700" aria-live="polite">
              {t("list.showing", {
                from: (result.page - 1) * result.pageSize + 1,
                to: (result.page - 1) * result.pageSize + result.items.length,
                total: result.total,
              })}
            </p>
            <ProgramCardGrid programs={result.items} headingLevel={3} />
            <div className="mt-4">
              <Pager page={result} label={t("list.pages")} />
            </div>
          </div>
        )}
      </section>
    </div>
  );
}
