import {
  CalendarIcon,
  type LucideIcon,
  MapPinIcon,
  MessageSquareIcon,
  StickyNoteIcon,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApplicationTracker } from "~/app/components/application-tracker";
import { CountryFlag } from "~/app/components/country-flag";
import { StatusBadge } from "~/app/components/status-badge";
import { Card } from "~/app/components/ui/card";
import { cn } from "~/app/lib/utils";
import { dateFormatter } from "~/domain/format";
import { statusLabelKey } from "~/domain/tracker";
import type { Route } from "./+types/applications";

type Application = Route.ComponentProps["loaderData"]["items"][number];

/** One of the applicant's applications: the job, where it stands, the interview, notes, history. */
export function ApplicationCard({ application: a }: { application: Application }) {
  const { t, i18n } = useTranslation("dashboard");
  const { t: tc } = useTranslation();
  const date = dateFormatter(i18n.language, "date");
  const dateTime = dateFormatter(i18n.language, "appointment");
  const key = statusLabelKey(a.status);
  return (
    <Card className="grid gap-4 p-5" data-testid="application">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold text-slate-900">
            <Link to={`/jobs/${a.jobId}`} className="hover:underline">
              {a.jobTitle}
            </Link>
          </h2>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
            <CountryFlag code={a.countryCode}>{a.countryName ?? tc("labels.notSet")}</CountryFlag>
            <span>{tc(`labels.sector.${a.sector}`)}</span>
            <span>{t("applications.applied", { date: date.format(new Date(a.appliedAt)) })}</span>
          </p>
        </div>
        <StatusBadge kind="application" value={a.status} />
      </div>
      <p className="text-sm text-slate-700">{tc(`labels.applicationStatus.${key}.description`)}</p>
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
      <Note
        icon={MessageSquareIcon}
        title={t("applications.adminComments")}
        text={a.adminComments}
        className="bg-blue-50 text-blue-950"
      />
      <Note
        icon={StickyNoteIcon}
        title={t("applications.yourNote")}
        text={a.notes}
        className="bg-slate-50 text-slate-800"
      />
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
  );
}

/** A note on an application (staff's comments, the applicant's own), shown when there is one. */
function Note({
  icon: Icon,
  title,
  text,
  className,
}: {
  icon: LucideIcon;
  title: string;
  text: string | null;
  className: string;
}) {
  if (!text) return null;
  return (
    <div className={cn("grid gap-1 rounded-lg p-3 text-sm", className)}>
      <p className="flex items-center gap-2 font-medium">
        <Icon className="size-4" aria-hidden />
        {title}
      </p>
      <p className="whitespace-pre-line">{text}</p>
    </div>
  );
}
