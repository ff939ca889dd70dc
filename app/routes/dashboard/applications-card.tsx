import {
  CalendarIcon,
  type LucideIcon,
  MapPinIcon,
  MessageSquareIcon,
  PlaneIcon,
  StickyNoteIcon,
} from "lucide-react";
import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useSearchParams } from "react-router";
import { ApplicationTracker } from "~/app/components/application-tracker";
import { CountryFlag } from "~/app/components/country-flag";
import { StatusBadge } from "~/app/components/status-badge";
import { buttonVariants } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { TextareaField } from "~/app/components/ui/field";
import { cn } from "~/app/lib/utils";
import { canWithdraw } from "~/domain/applications";
import { dateFormatter, formatDate } from "~/domain/format";
import { formatIntake } from "~/domain/program-search";
import { isEndedStatus, statusLabelKey } from "~/domain/tracker";
import type { Route } from "./+types/applications";

type Application = Route.ComponentProps["loaderData"]["items"][number];

/**
 * One of the applicant's applications: the job, where it stands, the interview, notes, history,
 * and while it is not final a way to withdraw it (asked again first, at ?withdraw=<id>).
 */
export function ApplicationCard({
  application: a,
  withdrawResult,
  documentsWaiting = false,
}: {
  application: Application;
  withdrawResult?: SubmissionResult<string[]>;
  /** Documents uploaded and waiting for review: nothing to upload at Registration Paid. */
  documentsWaiting?: boolean;
}) {
  const { t, i18n } = useTranslation("dashboard");
  const { t: tc } = useTranslation();
  const date = dateFormatter(i18n.language, "date");
  const key = statusLabelKey(a.status);
  return (
    <Card className="grid gap-4 p-5" data-testid="application">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold text-slate-900">
            <Link
              to={a.kind === "program" ? `/study/${a.programId}` : `/jobs/${a.jobId}`}
              className="hover:underline"
            >
              {a.jobTitle}
            </Link>
          </h2>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
            <CountryFlag code={a.countryCode}>{a.countryName ?? tc("labels.notSet")}</CountryFlag>
            {a.kind === "program" ? (
              <>
                <span>{a.university}</span>
                {a.intake ? (
                  <span>
                    {t("applications.intake", { date: formatIntake(a.intake, i18n.language) })}
                  </span>
                ) : null}
              </>
            ) : (
              <span>{tc(`labels.sector.${a.sector ?? "other"}`)}</span>
            )}
            <span>{t("applications.applied", { date: date.format(new Date(a.appliedAt)) })}</span>
          </p>
        </div>
        <StatusBadge kind="application" value={a.status} />
      </div>
      <p className="text-sm text-slate-700" data-testid="status-hint">
        {key === "registration_paid" && documentsWaiting
          ? t("applications.documentsInReview")
          : tc(`labels.applicationStatus.${key}.description`)}
      </p>
      <ApplicationTracker
        status={a.status}
        kind={a.kind}
        lastActiveStatus={a.history.findLast((h) => !isEndedStatus(h.toStatus))?.toStatus}
      />
      {a.interviewDate ? (
        <Tinted className="bg-amber-50 text-amber-950" testId="interview">
          <p className="flex items-center gap-2">
            <CalendarIcon className="size-4 shrink-0" aria-hidden />
            {t("applications.interviewDate", {
              date: formatDate(a.interviewDate, i18n.language, "appointment"),
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
        </Tinted>
      ) : null}
      {a.departureDate ? (
        <Tinted className="bg-emerald-50 text-emerald-950" testId="departure">
          <p className="flex items-center gap-2 font-medium">
            <PlaneIcon className="size-4 shrink-0" aria-hidden />
            {t("applications.departureDate", { date: date.format(new Date(a.departureDate)) })}
          </p>
          {a.departureDetails ? (
            <p className="break-words whitespace-pre-line">{a.departureDetails}</p>
          ) : null}
        </Tinted>
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
      {canWithdraw(a.status) ? (
        <Withdraw applicationId={a.id} jobTitle={a.jobTitle} result={withdrawResult} />
      ) : null}
    </Card>
  );
}

/**
 * "Withdraw application" opens a confirmation in the card (a link to ?withdraw=<id>, so it works
 * without JavaScript); only its button posts. Staff see the reason in the status history.
 */
function Withdraw({
  applicationId,
  jobTitle,
  result,
}: {
  applicationId: string;
  jobTitle: string;
  result?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("dashboard");
  const [params] = useSearchParams();
  const withParam = (id: string | null) => {
    const next = new URLSearchParams(params);
    next.delete("done");
    if (id) next.set("withdraw", id);
    else next.delete("withdraw");
    const qs = next.toString();
    return qs ? `?${qs}` : "?";
  };
  const headingId = `withdraw-${applicationId}`;
  if (params.get("withdraw") !== applicationId) {
    return (
      // The address ends with the confirmation's id: the browser scrolls to it, with or without
      // JavaScript.
      <Link
        to={`${withParam(applicationId)}#${headingId}`}
        className={buttonVariants({
          variant: "ghostDanger",
          size: "sm",
          className: "justify-self-start",
        })}
      >
        {t("applications.withdraw.open")}
        <span className="sr-only">: {jobTitle}</span>
      </Link>
    );
  }
  const reasonErrors = result?.error?.reason?.map((key) => t(key as never));
  return (
    <WithdrawConfirm headingId={headingId}>
      <h3 id={headingId} tabIndex={-1} className="font-semibold text-red-950">
        {t("applications.withdraw.confirmTitle", { jobTitle })}
      </h3>
      <p className="text-sm text-red-950">{t("applications.withdraw.confirmBody")}</p>
      <Form method="post" preventScrollReset className="grid gap-3">
        <input type="hidden" name="applicationId" value={applicationId} />
        <TextareaField
          id={`${headingId}-reason`}
          label={t("applications.withdraw.reason")}
          errors={reasonErrors}
          textareaProps={{ name: "reason", rows: 2, maxLength: 500 }}
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonVariants({ variant: "destructive" })}>
            {t("applications.withdraw.confirm")}
          </button>
          <Link
            to={withParam(null)}
            preventScrollReset
            className={buttonVariants({ variant: "outline" })}
          >
            {t("applications.withdraw.keep")}
          </Link>
        </div>
      </Form>
    </WithdrawConfirm>
  );
}

/** The confirmation's frame; it takes the keyboard focus when it opens, so a reader is there. */
function WithdrawConfirm({
  headingId,
  children,
}: {
  headingId: string;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>(`#${headingId}`)?.focus();
  }, [headingId]);
  return (
    <section
      ref={ref}
      aria-labelledby={headingId}
      className="grid gap-3 rounded-lg border border-red-200 bg-red-50 p-4"
      data-testid="withdraw-confirm"
    >
      {children}
    </section>
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
    <Tinted className={className}>
      <p className="flex items-center gap-2 font-medium">
        <Icon className="size-4" aria-hidden />
        {title}
      </p>
      <p className="whitespace-pre-line">{text}</p>
    </Tinted>
  );
}

/** A tinted box of the card: the interview, the departure, a comment or a note. */
function Tinted({
  className,
  testId,
  children,
}: {
  className: string;
  testId?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("grid gap-1 rounded-lg p-3 text-sm", className)} data-testid={testId}>
      {children}
    </div>
  );
}
