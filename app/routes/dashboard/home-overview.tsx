import {
  BriefcaseIcon,
  ClipboardListIcon,
  CreditCardIcon,
  UserCheckIcon,
  FileTextIcon,
  GraduationCapIcon,
  InboxIcon,
  UserCogIcon,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TitledSection } from "~/app/components/titled-section";
import { buttonVariants } from "~/app/components/ui/button";
import { cn } from "~/app/lib/utils";
import type { Route } from "./+types/home";

type Stats = Route.ComponentProps["loaderData"]["stats"];

/** The four counters at the top, each a link to its page. */
export function HomeStats({ counts }: { counts: Stats }) {
  const { t } = useTranslation("dashboard");
  const stats = [
    {
      label: t("home.stats.applications"),
      value: String(counts.applications),
      to: "/dashboard/applications",
      icon: <ClipboardListIcon aria-hidden />,
    },
    {
      label: t("home.stats.documents"),
      value: String(counts.documents),
      to: "/dashboard/documents",
      icon: <FileTextIcon aria-hidden />,
    },
    {
      label: t("home.stats.unreadMessages"),
      value: String(counts.unreadMessages),
      to: "/dashboard/messages",
      icon: <InboxIcon aria-hidden />,
    },
    // Under a policy with no up-front fee there is no fee to speak of: the card tells whether
    // their registration is complete, which is what opens premium jobs (decision record 33).
    counts.feePaid || counts.feeDue
      ? {
          label: t("home.stats.fee"),
          value: counts.feePaid ? t("home.stats.feePaid") : t("home.stats.feeUnpaid"),
          to: counts.feePaid ? "/dashboard" : "/dashboard/payment",
          icon: <CreditCardIcon aria-hidden />,
          tone: counts.feePaid ? "text-green-800" : "text-amber-900",
        }
      : {
          label: t("home.stats.registration"),
          value: counts.registrationComplete
            ? t("home.stats.registrationComplete")
            : t("home.stats.registrationIncomplete"),
          to: "/dashboard/profile",
          icon: <UserCheckIcon aria-hidden />,
          tone: counts.registrationComplete ? "text-green-800" : "text-amber-900",
        },
  ];
  return (
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
                className={cn("text-2xl font-bold", s.tone ?? "text-slate-900")}
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
  );
}

const QUICK_ACTIONS = [
  { key: "browseJobs", to: "/jobs", icon: BriefcaseIcon },
  { key: "browsePrograms", to: "/study", icon: GraduationCapIcon },
  { key: "uploadDocuments", to: "/dashboard/documents", icon: FileTextIcon },
  { key: "myApplications", to: "/dashboard/applications", icon: ClipboardListIcon },
  { key: "messages", to: "/dashboard/messages", icon: InboxIcon },
  { key: "editProfile", to: "/dashboard/profile", icon: UserCogIcon },
] as const;

/** Shortcuts to every area of the dashboard; a student's first one leads to study programs. */
export function QuickActions({ student }: { student: boolean }) {
  const { t } = useTranslation("dashboard");
  const skip = student ? "browseJobs" : "browsePrograms";
  return (
    <TitledSection id="dash-actions" title={t("home.quickActions")}>
      <div className="flex flex-wrap gap-2">
        {QUICK_ACTIONS.filter((a) => a.key !== skip).map(({ key, to, icon: Icon }) => (
          <Link key={key} to={to} className={buttonVariants({ variant: "outline", size: "sm" })}>
            <Icon aria-hidden />
            {t(`home.actions.${key}`)}
          </Link>
        ))}
      </div>
    </TitledSection>
  );
}
