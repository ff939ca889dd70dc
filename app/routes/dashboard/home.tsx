import {
  AlertTriangleIcon,
  BellIcon,
  BriefcaseIcon,
  ClipboardListIcon,
  CreditCardIcon,
  FileTextIcon,
  InboxIcon,
  SearchIcon,
  UserCogIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import type { ShellHandle } from "~/app/components/dashboard-shell";
import { JobCard } from "~/app/components/job-card";
import { StudyProgramsSection } from "~/app/components/study-programs";
import { Badge } from "~/app/components/ui/badge";
import { buttonVariants } from "~/app/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/app/components/ui/card";
import { i18nHandle } from "~/app/i18n/namespaces";
import { pageMeta } from "~/app/lib/seo";
import { AGENCY_TIME_ZONE } from "~/domain/tracker";
import { cn } from "~/app/lib/utils";
import { useRootData } from "~/app/root";
import { isStaff } from "~/domain/enums";
import { formatMoney } from "~/domain/format";
import { statusLabelKey } from "~/domain/tracker";
import { requireUser } from "~/server/auth/guards.server";
import { getApplicantDashboard } from "~/server/dashboard/applicant-dashboard.server";
import type { Route } from "./+types/home";

export const handle: ShellHandle = {
  ...i18nHandle("dashboard", "jobs", "content"),
  titleKey: "titles.dashboard",
};
export const meta = () => pageMeta({ title: "Dashboard", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  // Staff have no applicant dashboard: their home is the admin panel.
  if (isStaff(viewer.role)) throw redirect("/admin");
  return getApplicantDashboard(viewer);
}

export default function DashboardHome({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("dashboard");
  const { viewer, settings } = useRootData();
  const d = loaderData;
  const fee = formatMoney(
    settings.registrationFee.amountMinor,
    settings.registrationFee.currency,
    i18n.language,
  );
  const dateTime = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: AGENCY_TIME_ZONE,
  });

  const prompts: {
    key: string;
    urgent?: boolean;
    title: string;
    body: string;
    cta: string;
    to: string;
    icon: ReactNode;
  }[] = [];
  // A rejected document comes first: nothing moves until the applicant uploads a new one.
  for (const doc of d.rejectedDocuments) {
    const document = t(`home.prompts.rejected.documents.${doc.type}`);
    const reason = doc.reason?.trim().replace(/[.!]+$/, "");
    prompts.push({
      key: `rejected-${doc.type}`,
      urgent: true,
      title: t("home.prompts.rejected.title", { document }),
      body: reason
        ? t("home.prompts.rejected.body", { reason })
        : t("home.prompts.rejected.bodyNoReason"),
      cta: t("home.prompts.rejected.cta", { document }),
      to: `/dashboard/documents#doc-${doc.type}-title`,
      icon: <FileTextIcon aria-hidden />,
    });
  }
  if (!d.stats.feePaid) {
    prompts.push({
      key: "pay",
      urgent: true,
      title: t("home.prompts.pay.title"),
      body: t("home.prompts.pay.body", { fee }),
      cta: t("home.prompts.pay.cta"),
      to: "/dashboard/payment",
      icon: <CreditCardIcon aria-hidden />,
    });
  }
  if (d.stats.documents === 0) {
    prompts.push({
      key: "documents",
      title: t("home.prompts.documents.title"),
      body: t("home.prompts.documents.body"),
      cta: t("home.prompts.documents.cta"),
      to: "/dashboard/documents",
      icon: <FileTextIcon aria-hidden />,
    });
  }
  if (d.completion < 100) {
    prompts.push({
      key: "profile",
      title: t("home.prompts.profile.title", { percent: d.completion }),
      body: t("home.prompts.profile.body"),
      cta: t("home.prompts.profile.cta"),
      to: "/dashboard/profile",
      icon: <UserCogIcon aria-hidden />,
    });
  }
  if (d.stats.feePaid && d.stats.applications === 0) {
    prompts.push({
      key: "apply",
      title: t("home.prompts.apply.title"),
      body: t("home.prompts.apply.body"),
      cta: t("home.prompts.apply.cta"),
      to: "/jobs",
      icon: <SearchIcon aria-hidden />,
    });
  }

  const stats = [
    {
      label: t("home.stats.applications"),
      value: String(d.stats.applications),
      to: "/dashboard/applications",
      icon: <ClipboardListIcon aria-hidden />,
    },
    {
      label: t("home.stats.documents"),
      value: String(d.stats.documents),
      to: "/dashboard/documents",
      icon: <FileTextIcon aria-hidden />,
    },
    {
      label: t("home.stats.unreadMessages"),
      value: String(d.stats.unreadMessages),
      to: "/dashboard/messages",
      icon: <InboxIcon aria-hidden />,
    },
    {
      label: t("home.stats.fee"),
      value: d.stats.feePaid ? t("home.stats.feePaid") : t("home.stats.feeUnpaid"),
      to: d.stats.feePaid ? "/dashboard" : "/dashboard/payment",
      icon: <CreditCardIcon aria-hidden />,
      tone: d.stats.feePaid ? "text-green-800" : "text-amber-900",
    },
  ];

  return (
    <div className="grid gap-8">
      <div className="grid gap-1">
        <p className="text-lg font-semibold text-slate-900">
          {t("home.welcome", { name: viewer?.fullName || viewer?.email })}
        </p>
        <p className="text-slate-700">{t("home.welcomeBody")}</p>
      </div>

      <section aria-labelledby="dash-stats">
        <h2 id="dash-stats" className="sr-only">
          {t("home.stats.label")}
        </h2>
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {stats.map((s) => (
            <li key={s.label}>
              <Link
                to={s.to}
                className="grid h-full gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-primary-200 [&_svg]:size-5 [&_svg]:text-primary-700"
              >
                {s.icon}
                <span
                  className={cn("text-2xl font-bold text-slate-900", s.tone)}
                  data-testid={`stat-${s.label}`}
                >
                  {s.value}
                </span>
                <span className="text-sm text-slate-700">{s.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="dash-next" className="grid gap-3">
        <h2 id="dash-next" className="text-xl font-semibold text-slate-900">
          {t("home.nextSteps")}
        </h2>
        {prompts.length === 0 ? (
          <p className="rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900">
            {t("home.nextStepsDone")}
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {prompts.map((p) => (
              <li
                key={p.key}
                data-testid={`next-step-${p.key}`}
                className={cn(
                  "flex gap-3 rounded-xl border bg-white p-4 [&>svg]:mt-0.5 [&>svg]:size-5 [&>svg]:shrink-0",
                  p.urgent ? "border-amber-300 bg-amber-50" : "border-slate-200",
                )}
              >
                {p.urgent ? <AlertTriangleIcon aria-hidden className="text-amber-700" /> : p.icon}
                <div className="grid gap-2">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                    {p.title}
                    {p.urgent ? <Badge tone="waiting">{t("home.urgent")}</Badge> : null}
                  </p>
                  <p className="text-sm text-slate-700">{p.body}</p>
                  <Link
                    to={p.to}
                    className={buttonVariants({
                      size: "sm",
                      variant: p.urgent ? "accent" : "outline",
                      className: "justify-self-start",
                    })}
                  >
                    {p.cta}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="dash-actions" className="grid gap-3">
        <h2 id="dash-actions" className="text-xl font-semibold text-slate-900">
          {t("home.quickActions")}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link to="/jobs" className={buttonVariants({ variant: "outline", size: "sm" })}>
            <BriefcaseIcon aria-hidden />
            {t("home.actions.browseJobs")}
          </Link>
          <Link
            to="/dashboard/documents"
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <FileTextIcon aria-hidden />
            {t("home.actions.uploadDocuments")}
          </Link>
          <Link
            to="/dashboard/applications"
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <ClipboardListIcon aria-hidden />
            {t("home.actions.myApplications")}
          </Link>
          <Link
            to="/dashboard/messages"
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <InboxIcon aria-hidden />
            {t("home.actions.messages")}
          </Link>
          <Link
            to="/dashboard/profile"
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <UserCogIcon aria-hidden />
            {t("home.actions.editProfile")}
          </Link>
        </div>
      </section>

      <section aria-labelledby="dash-recommended" className="grid gap-3">
        <h2 id="dash-recommended" className="text-xl font-semibold text-slate-900">
          {t("home.recommended")}
        </h2>
        {d.recommended.basis === "programs" ? (
          <>
            <p className="text-sm text-slate-700">{t("home.recommendedPrograms")}</p>
            <StudyProgramsSection
              programs={d.recommended.programs}
              headingLevel={3}
              showHeading={false}
            />
          </>
        ) : d.recommended.jobs.length === 0 ? (
          <p className="text-sm text-slate-600">{t("home.recommendedEmpty")}</p>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              {d.recommended.basis === "preferences"
                ? t("home.recommendedPreferences")
                : t("home.recommendedNewest")}
            </p>
            <ul className="grid gap-4 sm:grid-cols-2">
              {d.recommended.jobs.map((job) => (
                <li key={job.id} className="grid">
                  {/* Recommendations hold only jobs this viewer may open, so none is locked; the
                      Free / Premium badge still follows the job. */}
                  <JobCard job={{ ...job, locked: false, excerpt: null, createdAt: null }} />
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="dash-latest" className="grid content-start gap-3">
          <div className="flex items-center justify-between">
            <h2 id="dash-latest" className="text-xl font-semibold text-slate-900">
              {t("home.latestJobs")}
            </h2>
            <Link to="/jobs" className="text-sm font-medium text-primary-700 underline">
              {t("home.seeAllJobs")}
            </Link>
          </div>
          {d.latestJobs.length === 0 ? (
            <p className="text-sm text-slate-600">{t("home.latestEmpty")}</p>
          ) : (
            <ul className="grid gap-2">
              {d.latestJobs.map((job) => (
                <li key={job.id}>
                  <Link
                    to={
                      job.locked ? "/dashboard/payment?notice=payment-required" : `/jobs/${job.id}`
                    }
                    className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm hover:border-primary-200"
                  >
                    <span className="font-medium text-slate-900">{job.title}</span>
                    <span className="shrink-0 text-slate-600">{job.countryName}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-xl">
              <BellIcon aria-hidden className="size-5 text-primary-700" />
              {t("home.notifications")}
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            {d.stats.unreadMessages > 0 ? (
              <p className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-blue-50 p-3 text-sm text-blue-900">
                {t("home.unreadMessages", { count: d.stats.unreadMessages })}
                <Link to="/dashboard/messages" className="font-medium underline">
                  {t("home.openMessages")}
                </Link>
              </p>
            ) : null}
            {d.notifications.length === 0 && d.recentChanges.length === 0 ? (
              <p className="text-sm text-slate-600">{t("home.notificationsEmpty")}</p>
            ) : (
              <ul className="grid gap-2">
                {d.notifications.map((n) => (
                  <li
                    key={n.id}
                    className="grid gap-0.5 rounded-lg border border-slate-200 p-3 text-sm"
                  >
                    <p className="flex items-center gap-2 font-medium text-slate-900">
                      {n.link ? (
                        <Link to={n.link} className="underline">
                          {n.title}
                        </Link>
                      ) : (
                        n.title
                      )}
                      {!n.read ? <Badge tone="progress">{t("home.new")}</Badge> : null}
                    </p>
                    <p className="text-slate-700">{n.body}</p>
                    <p className="text-xs text-slate-600">
                      {dateTime.format(new Date(n.createdAt))}
                    </p>
                  </li>
                ))}
                {d.notifications.length === 0
                  ? d.recentChanges.map((c, i) => (
                      <li
                        key={i}
                        className="grid gap-0.5 rounded-lg border border-slate-200 p-3 text-sm"
                      >
                        <p className="text-slate-900">
                          {t("home.statusChanged", {
                            job: c.jobTitle,
                            status: t(
                              `labels.applicationStatus.${statusLabelKey(c.toStatus)}.label`,
                              { ns: "common" },
                            ),
                          })}
                        </p>
                        <p className="text-xs text-slate-600">
                          {dateTime.format(new Date(c.createdAt))}
                        </p>
                      </li>
                    ))
                  : null}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
