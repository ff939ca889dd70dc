import {
  CalendarIcon,
  ClipboardListIcon,
  MapPinIcon,
  MessageSquareIcon,
  StickyNoteIcon,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApplicationTracker } from "~/app/components/application-tracker";
import { CountryFlag } from "~/app/components/country-flag";
import type { ShellHandle } from "~/app/components/dashboard-shell";
import { Pager } from "~/app/components/pager";
import { StatusBadge } from "~/app/components/status-badge";
import { buttonVariants } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { i18nHandle } from "~/app/i18n/namespaces";
import { pageMeta } from "~/app/lib/seo";
import { readPage } from "~/domain/pagination";
import { dateFormatter } from "~/domain/format";
import { statusLabelKey } from "~/domain/tracker";
import { listApplicationsForApplicant } from "~/server/applications/apply.server";
import { requireApplicant } from "~/server/auth/guards.server";
import type { Route } from "./+types/applications";

export const handle: ShellHandle = { ...i18nHandle("dashboard"), titleKey: "titles.applications" };
export const meta = () => pageMeta({ title: "My Applications", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireApplicant(request);
  return listApplicationsForApplicant({ viewer, page: readPage(new URL(request.url)) });
}

export default function ApplicationsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("dashboard");
  const { t: tc } = useTranslation();
  const date = dateFormatter(i18n.language, "date");
  const dateTime = dateFormatter(i18n.language, "appointment");
  const { items, total } = loaderData;

  if (total === 0) {
    return (
      <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
        <ClipboardListIcon className="size-8 text-slate-500" aria-hidden />
        <p className="text-lg font-semibold text-slate-900">{t("applications.empty")}</p>
        <Link to="/jobs" className={buttonVariants()}>
          {t("applications.emptyCta")}
        </Link>
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-700">{t("applications.count", { count: total })}</p>
      <ul className="grid gap-4">
        {items.map((a) => {
          const key = statusLabelKey(a.status);
          return (
            <li key={a.id}>
              <Card className="grid gap-4 p-5" data-testid="application">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="grid gap-1">
                    <h2 className="text-lg font-semibold text-slate-900">
                      <Link to={`/jobs/${a.jobId}`} className="hover:underline">
                        {a.jobTitle}
                      </Link>
                    </h2>
                    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
                      <CountryFlag code={a.countryCode}>
                        {a.countryName ?? tc("labels.notSet")}
                      </CountryFlag>
                      <span>{tc(`labels.sector.${a.sector}`)}</span>
                      <span>
                        {t("applications.applied", { date: date.format(new Date(a.appliedAt)) })}
                      </span>
                    </p>
                  </div>
                  <StatusBadge kind="application" value={a.status} />
                </div>
                <p className="text-sm text-slate-700">
                  {tc(`labels.applicationStatus.${key}.description`)}
                </p>
                <ApplicationTracker status={a.status} />
                {a.interviewDate ? (
                  <div
                    className="grid gap-1 rounded-lg bg-amber-50 p-3 text-sm text-amber-950"
                    data-testid="interview"
                  >
                    <p className="flex items-center gap-2">
                      <CalendarIcon className="size-4 shrink-0" aria-hidden />
                      {t("applications.interviewDate", {
                        date: dateTime.format(new Date(a.interviewDate)),
                      })}
                    </p>
                    {a.interviewLocation ? (
                      <p className="flex items-center gap-2 break-words">
                        <MapPinIcon className="size-4 shrink-0" aria-hidden />
                        {/^https?:\/\//i.test(a.interviewLocation) ? (
                          <a
                            href={a.interviewLocation}
                            target="_blank"
                            rel="noopener noreferrer"
                            className="break-all underline"
                          >
                            {t("applications.interviewWhere", { place: a.interviewLocation })}
                          </a>
                        ) : (
                          t("applications.interviewWhere", { place: a.interviewLocation })
                        )}
                      </p>
                    ) : null}
                  </div>
                ) : null}
                {a.adminComments ? (
                  <div className="grid gap-1 rounded-lg bg-blue-50 p-3 text-sm text-blue-950">
                    <p className="flex items-center gap-2 font-medium">
                      <MessageSquareIcon className="size-4" aria-hidden />
                      {t("applications.adminComments")}
                    </p>
                    <p className="whitespace-pre-line">{a.adminComments}</p>
                  </div>
                ) : null}
                {a.notes ? (
                  <div className="grid gap-1 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
                    <p className="flex items-center gap-2 font-medium">
                      <StickyNoteIcon className="size-4" aria-hidden />
                      {t("applications.yourNote")}
                    </p>
                    <p className="whitespace-pre-line">{a.notes}</p>
                  </div>
                ) : null}
                {a.history.length ? (
                  <details className="text-sm">
                    <summary className="cursor-pointer font-medium text-primary-800">
                      {t("applications.history")}
                    </summary>
                    <ol className="mt-2 grid gap-1 border-l-2 border-slate-200 pl-4">
                      {a.history.map((h, i) => (
                        <li key={i} className="flex flex-wrap gap-x-3 text-slate-700">
                          <time dateTime={h.createdAt} className="text-slate-600">
                            {date.format(new Date(h.createdAt))}
                          </time>
                          <span className="font-medium text-slate-900">
                            {tc(`labels.applicationStatus.${statusLabelKey(h.toStatus)}.label`)}
                          </span>
                        </li>
                      ))}
                    </ol>
                  </details>
                ) : null}
              </Card>
            </li>
          );
        })}
      </ul>
      <Pager page={loaderData} label={t("applications.pages")} />
    </div>
  );
}
