import {
  ActivityIcon,
  BriefcaseIcon,
  CreditCardIcon,
  FileTextIcon,
  GaugeIcon,
  GraduationCapIcon,
  HomeIcon,
  InboxIcon,
  KanbanIcon,
  LayoutDashboardIcon,
  MailIcon,
  NewspaperIcon,
  ReceiptIcon,
  SettingsIcon,
  UserCogIcon,
  UsersIcon,
  BuildingIcon,
  ClipboardListIcon,
  BookmarkIcon,
  BellIcon,
  CalendarClockIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useMatches } from "react-router";
import { Link, NavLink } from "~/app/components/localized";
import { shellTitleKey } from "~/app/lib/shell-screen";
import { useRootData } from "~/app/root";
import { isStaff, USER_ADMIN_ROLES } from "~/domain/enums";
import { formatMoney } from "~/domain/format";
import { HelpDialog } from "./help-dialog";
import { BrandLink } from "./site-header";
import { SignOutForm } from "./sign-out-form";
import { StatusBadge } from "./status-badge";
import { buttonVariants } from "./ui/button";
import { LanguageSwitcher } from "./language-switcher";

type Item = { to: string; label: string; icon: ReactNode; end?: boolean; badge?: number };

export const sideLink =
  "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-primary-50 aria-[current=page]:text-primary-800 [&_svg]:size-4";

export function DashboardShell({
  children,
  sidebarExtra,
}: {
  children: ReactNode;
  /** More of the sidebar under its menu (the back-office's saved views). */
  sidebarExtra?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { viewer, settings, unreadMessages } = useRootData();
  const matches = useMatches();
  const title = t(shellTitleKey(matches));
  if (!viewer) return null;
  const staff = isStaff(viewer.role);
  const fee = formatMoney(
    settings.registrationFee.amountMinor,
    settings.registrationFee.currency,
    i18n.language,
  );

  const applicantItems: Item[] = [
    {
      to: "/dashboard",
      label: t("shell.dashboard"),
      icon: <LayoutDashboardIcon aria-hidden />,
      end: true,
    },
    { to: "/dashboard/documents", label: t("shell.documents"), icon: <FileTextIcon aria-hidden /> },
    {
      to: "/dashboard/applications",
      label: t("shell.applications"),
      icon: <ClipboardListIcon aria-hidden />,
    },
    {
      to: "/dashboard/saved-jobs",
      label: t("shell.savedJobs"),
      icon: <BookmarkIcon aria-hidden />,
    },
    { to: "/dashboard/alerts", label: t("shell.jobAlerts"), icon: <BellIcon aria-hidden /> },
    {
      to: "/dashboard/interviews",
      label: t("shell.interviews"),
      icon: <CalendarClockIcon aria-hidden />,
    },
    {
      to: "/dashboard/messages",
      label: t("shell.messages"),
      icon: <InboxIcon aria-hidden />,
      badge: unreadMessages,
    },
    ...(viewer.registrationFeePaid
      ? [
          // Paid: the payment page keeps the history and the receipts.
          {
            to: "/dashboard/payment",
            label: t("shell.receipts"),
            icon: <ReceiptIcon aria-hidden />,
          },
        ]
      : [
          {
            to: "/dashboard/payment",
            label: t("shell.payment", { fee }),
            icon: <CreditCardIcon aria-hidden />,
          },
        ]),
  ];
  const adminItems: Item[] = [
    { to: "/admin", label: t("shell.admin.dashboard"), icon: <GaugeIcon aria-hidden />, end: true },
    ...((USER_ADMIN_ROLES as readonly string[]).includes(viewer.role)
      ? [{ to: "/admin/users", label: t("shell.admin.users"), icon: <UsersIcon aria-hidden /> }]
      : []),
    {
      to: "/admin/payments",
      label: t("shell.admin.payments"),
      icon: <ReceiptIcon aria-hidden />,
    },
    { to: "/admin/jobs", label: t("shell.admin.jobs"), icon: <BriefcaseIcon aria-hidden /> },
    {
      to: "/admin/programs",
      label: t("shell.admin.programs"),
      icon: <GraduationCapIcon aria-hidden />,
    },
    {
      to: "/admin/applications",
      label: t("shell.admin.applications"),
      icon: <ClipboardListIcon aria-hidden />,
    },
    { to: "/admin/pipeline", label: t("shell.admin.pipeline"), icon: <KanbanIcon aria-hidden /> },
    {
      to: "/admin/interviews",
      label: t("shell.admin.interviews"),
      icon: <CalendarClockIcon aria-hidden />,
    },
    { to: "/admin/messages", label: t("shell.admin.messages"), icon: <MailIcon aria-hidden /> },
    { to: "/admin/inquiries", label: t("shell.admin.inquiries"), icon: <InboxIcon aria-hidden /> },
    {
      to: "/admin/outsourcing",
      label: t("shell.admin.outsourcing"),
      icon: <BuildingIcon aria-hidden />,
    },
    { to: "/admin/cms", label: t("shell.admin.cms"), icon: <NewspaperIcon aria-hidden /> },
    {
      to: "/admin/monitoring",
      label: t("shell.admin.monitoring"),
      icon: <ActivityIcon aria-hidden />,
    },
    ...((USER_ADMIN_ROLES as readonly string[]).includes(viewer.role)
      ? [
          {
            to: "/admin/settings",
            label: t("shell.admin.settings"),
            icon: <SettingsIcon aria-hidden />,
          },
        ]
      : []),
    { to: "/admin/activity", label: t("shell.admin.activity"), icon: <ActivityIcon aria-hidden /> },
  ];
  const profileItem: Item = {
    to: "/dashboard/profile",
    label: t("shell.profile"),
    icon: <UserCogIcon aria-hidden />,
  };

  return (
    <div className="min-h-screen bg-slate-50">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        {t("skipToContent")}
      </a>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="flex h-16 items-center justify-between gap-3 px-4">
          <div className="flex min-w-0 items-center gap-4">
            <BrandLink compact />
          </div>
          <div className="flex min-w-0 items-center gap-2">
            <span
              className="hidden max-w-48 truncate text-sm text-slate-700 sm:inline"
              data-testid="shell-user"
            >
              {viewer.fullName || viewer.email}
            </span>
            {/* On a phone the language switcher takes the role badge's place: the role is for
                staff's own information, the language is what a reader needs. */}
            <span className="hidden sm:inline-flex">
              <StatusBadge kind="role" value={viewer.role} />
            </span>
            <LanguageSwitcher compact />
            <Link to="/" className={buttonVariants({ variant: "ghost", size: "sm" })}>
              <HomeIcon aria-hidden />
              <span className="sr-only sm:not-sr-only">{t("shell.home")}</span>
            </Link>
            <SignOutForm
              className={buttonVariants({ variant: "outline", size: "sm" })}
              labelClassName="sr-only sm:not-sr-only"
            />
          </div>
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row">
        <nav aria-label={t("shell.sidebar")} className="md:w-60 md:shrink-0">
          {/* relative: the visually hidden unread label is placed inside this scroll box, not at
              its unclipped spot past the phone's edge (which made every page 579 px wide). */}
          <ul className="relative flex gap-1 overflow-x-auto pb-2 md:grid md:overflow-visible md:pb-0">
            {staff ? (
              <li className="hidden px-3 pt-1 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase md:block">
                {t("shell.adminPanel")}
              </li>
            ) : null}
            {(staff ? adminItems : applicantItems).concat(profileItem).map((item) => (
              <li key={item.to} className="shrink-0">
                <NavLink to={item.to} end={item.end} className={sideLink}>
                  {item.icon}
                  <span>{item.label}</span>
                  {item.badge ? (
                    <span className="ml-auto rounded-full bg-accent-600 px-2 text-xs text-white">
                      <span className="sr-only">
                        {t("nav.unreadMessages", { count: item.badge })}
                      </span>
                      <span aria-hidden>{item.badge}</span>
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
          {sidebarExtra}
        </nav>
        <main id="main" className="min-w-0 flex-1 pb-20">
          <h1 className="mb-6 text-2xl font-bold text-slate-900">{title}</h1>
          {children}
        </main>
      </div>
      <HelpDialog />
    </div>
  );
}
