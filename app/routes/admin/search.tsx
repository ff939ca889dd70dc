import { BriefcaseIcon, GraduationCapIcon, UsersIcon, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LoadError } from "~/app/components/admin/load-error";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { TitledCard } from "~/app/components/titled-card";
import { Badge } from "~/app/components/ui/badge";
import { i18nHandle } from "~/app/i18n/namespaces";
import { guardedRequest } from "~/app/lib/guarded-request";
import { shellScreen } from "~/app/lib/shell-screen";
import { applicantHref } from "~/app/components/admin/data-table";
import { BackOfficeQuerySchema } from "~/domain/back-office-search";
import { requireStaff } from "~/server/auth/guards.server";
import { officeScopeFor } from "~/server/offices/scope.server";
import { searchBackOfficeForStaff } from "~/server/search/back-office-search.server";
import type { Route } from "./+types/search";

export const { handle, meta } = shellScreen(i18nHandle("admin"), "titles.adminSearch");

/** `/admin/search?q=`: the header's search box, a plain GET form, lands here. */
export async function loader({ request }: Route.LoaderArgs) {
  const { viewer, url } = await guardedRequest(request, requireStaff);
  const typed = url.searchParams.get("q") ?? "";
  const parsed = BackOfficeQuerySchema.safeParse({ q: typed.slice(0, 500) });
  if (!parsed.success) {
    // Nothing typed is no mistake: the page simply asks for a search.
    const error = typed.trim() ? (parsed.error.issues[0]?.message ?? null) : null;
    return { q: typed.slice(0, 100), error, results: null };
  }
  // Applicants of the viewer's offices only; jobs and programs are the agency's.
  const scope = await officeScopeFor(viewer);
  const results = await searchBackOfficeForStaff({ query: parsed.data, scope });
  return { q: parsed.data.q, error: null, results };
}

/** The applications list showing one person's applications (or a job's), whoever owns them. */
function applicationsSearchHref(q: string, kind?: "job" | "program"): string {
  const params = new URLSearchParams({ owner: "all", q });
  if (kind) params.set("kind", kind);
  return `/admin/applications?${params.toString()}`;
}

function ResultList({
  name,
  icon: Icon,
  count,
  more,
  children,
}: {
  name: "applicants" | "jobs" | "programs";
  icon: LucideIcon;
  count: number;
  more: boolean;
  children: ReactNode;
}) {
  const { t } = useAdminT();
  return (
    <TitledCard
      icon={<Icon aria-hidden className="size-5 text-primary-700" />}
      title={t(`search.${name}`)}
      titleSize="base"
      data-testid={`search-${name}`}
      description={more ? t("search.more") : undefined}
    >
      {count === 0 ? (
        <p className="text-sm text-slate-600">{t(`search.none.${name}`)}</p>
      ) : (
        <ul className="grid gap-2 text-sm">{children}</ul>
      )}
    </TitledCard>
  );
}

const link = "inline-flex min-h-6 items-center font-medium text-primary-800 underline";
const row =
  "flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 border-b border-slate-100 pb-2 last:border-0";

export default function AdminSearch({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminT();
  const { q, error, results } = loaderData;
  return (
    <div className="grid gap-6">
      {/* The header's search box (a GET form) is the search; this page says what it found. */}
      {error ? (
        <p className="text-sm text-red-700" role="alert" data-testid="search-error">
          {t(error)}
        </p>
      ) : results ? null : (
        <p className="text-sm text-slate-600">{t("search.hint")}</p>
      )}
      {results ? (
        <div className="grid gap-4 lg:grid-cols-3" aria-live="polite">
          <p className="text-sm text-slate-700 lg:col-span-3">{t("search.resultsFor", { q })}</p>
          <ResultList
            name="applicants"
            icon={UsersIcon}
            count={results.applicants.items.length}
            more={results.applicants.more}
          >
            {results.applicants.items.map((a) => (
              <li key={a.id} className={row} data-testid="search-applicant">
                <span className="grid min-w-0 gap-0.5">
                  <Link to={applicantHref(a.id)} className={link}>
                    {a.fullName || a.email}
                  </Link>
                  <span className="break-all text-xs text-slate-600">
                    {[a.email, a.phoneNumber, a.office].filter(Boolean).join(" · ")}
                  </span>
                </span>
                <Link to={applicationsSearchHref(a.email)} className="text-xs underline">
                  {t("search.theirApplications")}
                </Link>
              </li>
            ))}
          </ResultList>
          <ResultList
            name="jobs"
            icon={BriefcaseIcon}
            count={results.jobs.items.length}
            more={results.jobs.more}
          >
            {results.jobs.items.map((j) => (
              <li key={j.id} className={row} data-testid="search-job">
                <span className="grid min-w-0 gap-0.5">
                  <Link to={applicationsSearchHref(j.title, "job")} className={link}>
                    {j.title}
                  </Link>
                  <span className="text-xs text-slate-600">{j.countryName}</span>
                </span>
                {j.archivedAt ? (
                  <Badge>{t("search.archived")}</Badge>
                ) : !j.isActive ? (
                  <Badge>{t("search.inactive")}</Badge>
                ) : (
                  <Link to={`/jobs/${j.id}`} className="text-xs underline">
                    {t("search.publicPage")}
                  </Link>
                )}
              </li>
            ))}
          </ResultList>
          <ResultList
            name="programs"
            icon={GraduationCapIcon}
            count={results.programs.items.length}
            more={results.programs.more}
          >
            {results.programs.items.map((p) => (
              <li key={p.id} className={row} data-testid="search-program">
                <span className="grid min-w-0 gap-0.5">
                  <Link to={applicationsSearchHref(p.title, "program")} className={link}>
                    {p.title}
                  </Link>
                  <span className="text-xs text-slate-600">
                    {[p.university, p.city, p.countryName].filter(Boolean).join(" · ")}
                  </span>
                </span>
                {p.archivedAt ? (
                  <Badge>{t("search.archived")}</Badge>
                ) : !p.isActive ? (
                  <Badge>{t("search.inactive")}</Badge>
                ) : (
                  <Link to={`/study/${p.id}`} className="text-xs underline">
                    {t("search.publicPage")}
                  </Link>
                )}
              </li>
            ))}
          </ResultList>
        </div>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadError what="search" />;
}
