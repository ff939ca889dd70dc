import {
  ActivityIcon,
  BriefcaseIcon,
  CreditCardIcon,
  FileCheckIcon,
  ListChecksIcon,
  CalendarX2Icon,
  FileTextIcon,
  GaugeIcon,
  FactoryIcon,
  GraduationCapIcon,
  HomeIcon,
  InboxIcon,
  KanbanIcon,
  LayoutDashboardIcon,
  MailIcon,
  NewspaperIcon,
  ListTodoIcon,
  ReceiptIcon,
  SettingsIcon,
  UserCogIcon,
  UsersIcon,
  UserPlusIcon,
  BuildingIcon,
  MessageSquareWarningIcon,
  ClipboardListIcon,
  BookmarkIcon,
  BellIcon,
  CalendarClockIcon,
  ChevronDownIcon,
  MenuIcon,
  type LucideIcon,
} from "lucide-react";
import type { ParseKeys } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useMatches } from "react-router";
import { Link, NavLink } from "~/app/components/localized";
import { CachedHtml } from "~/app/lib/cached-html";
import { shellTitleKey } from "~/app/lib/shell-screen";
import { type RootData, useRootData } from "~/app/lib/root-data";
import { isStaff, USER_ADMIN_ROLES } from "~/domain/enums";
import { formatMoney } from "~/domain/format";
import { HelpDialog } from "./help-dialog";
import { BrandLink } from "./site-header";
import { SignOutForm } from "./sign-out-form";
import { StatusBadge } from "./status-badge";
import { buttonVariants } from "./ui/button";
import { LanguageSwitcher } from "./language-switcher";

/** Who sees a sidebar link. */
type Audience =
  | "applicant"
  | "unpaid" // an applicant whose fee policy asks a fee up front, not paid yet
  | "paid" // one who has: the payment page keeps the history and the receipts
  | "staff"
  | "userAdmin" // staff who may manage users (USER_ADMIN_ROLES)
  | "agent" // a field recruiter: the applicants they registered
  | "everyone";

/**
 * The groups whose menu items this viewer sees: shared by many people, so the cached menu may
 * depend on them (eslint.config.js, SHARED_BY_GROUP).
 */
function audiencesOf(viewer: NonNullable<RootData["viewer"]>): Audience[] {
  if (viewer.role === "agent") return ["agent", "everyone"];
  if (!isStaff(viewer.role)) {
    const money: Audience[] = viewer.registrationFeePaid
      ? ["paid"]
      : viewer.dueFee
        ? ["unpaid"]
        : [];
    return ["applicant", ...money, "everyone"];
  }
  return (USER_ADMIN_ROLES as readonly string[]).includes(viewer.role)
    ? ["staff", "userAdmin", "everyone"]
    : ["staff", "everyone"];
}

/** The fee a person's office policy asks up front, as they read it; one of few, shared by many. */
function feeTextOf(viewer: NonNullable<RootData["viewer"]>, lng: string): string {
  return viewer.dueFee ? formatMoney(viewer.dueFee.amountMinor, viewer.dueFee.currency, lng) : "";
}

/** A sidebar link: who sees it, its address, its label's key in "common", its icon. */
type NavEntry = readonly [
  audience: Audience,
  to: string,
  label: ParseKeys<"common">,
  Icon: LucideIcon,
  options?: { unread: true },
];

/** The sidebar, in order; each reader sees the links meant for them. */
const NAV: NavEntry[] = [
  ["applicant", "/dashboard", "shell.dashboard", LayoutDashboardIcon],
  ["applicant", "/dashboard/documents", "shell.documents", FileTextIcon],
  ["applicant", "/dashboard/applications", "shell.applications", ClipboardListIcon],
  ["applicant", "/dashboard/saved-jobs", "shell.savedJobs", BookmarkIcon],
  ["applicant", "/dashboard/alerts", "shell.jobAlerts", BellIcon],
  ["applicant", "/dashboard/interviews", "shell.interviews", CalendarClockIcon],
  ["applicant", "/dashboard/messages", "shell.messages", InboxIcon, { unread: true }],
  ["paid", "/dashboard/payment", "shell.receipts", ReceiptIcon],
  ["unpaid", "/dashboard/payment", "shell.payment", CreditCardIcon],
  ["agent", "/agent", "shell.agent.applicants", UsersIcon],
  ["agent", "/agent/register", "shell.agent.register", UserPlusIcon],
  ["staff", "/admin", "shell.admin.dashboard", GaugeIcon],
  ["userAdmin", "/admin/users", "shell.admin.users", UsersIcon],
  ["staff", "/admin/todos", "shell.admin.todos", ListTodoIcon],
  ["staff", "/admin/payments", "shell.admin.payments", ReceiptIcon],
  ["staff", "/admin/jobs", "shell.admin.jobs", BriefcaseIcon],
  ["staff", "/admin/programs", "shell.admin.programs", GraduationCapIcon],
  ["staff", "/admin/employers", "shell.admin.employers", FactoryIcon],
  ["staff", "/admin/applications", "shell.admin.applications", ClipboardListIcon],
  ["staff", "/admin/pipeline", "shell.admin.pipeline", KanbanIcon],
  ["staff", "/admin/interviews", "shell.admin.interviews", CalendarClockIcon],
  ["staff", "/admin/messages", "shell.admin.messages", MailIcon],
  ["staff", "/admin/inquiries", "shell.admin.inquiries", InboxIcon],
  ["staff", "/admin/outsourcing", "shell.admin.outsourcing", BuildingIcon],
  ["staff", "/admin/complaints", "shell.admin.complaints", MessageSquareWarningIcon],
  ["staff", "/admin/cms", "shell.admin.cms", NewspaperIcon],
  ["staff", "/admin/monitoring", "shell.admin.monitoring", ActivityIcon],
  ["userAdmin", "/admin/settings", "shell.admin.settings", SettingsIcon],
  ["userAdmin", "/admin/document-types", "shell.admin.documentTypes", FileCheckIcon],
  ["userAdmin", "/admin/checklists", "shell.admin.checklists", ListChecksIcon],
  ["staff", "/admin/expiring-documents", "shell.admin.expiringDocuments", CalendarX2Icon],
  ["staff", "/admin/activity", "shell.admin.activity", ActivityIcon],
  ["everyone", "/dashboard/profile", "shell.profile", UserCogIcon],
];

/** A link other links live under (the section's home) is current only on its own page. */
const leadsOthers = (to: string) => NAV.some(([, other]) => other.startsWith(`${to}/`));

export const sideLink =
  "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-primary-50 aria-[current=page]:text-primary-800 [&_svg]:size-4";

/** The menu's links, written from memory after their first rendering (the same for everyone alike). */
function NavList({
  className,
  cacheKey,
  items,
  fee,
  unreadMessages,
  heading = null,
}: {
  className: string;
  cacheKey: string;
  items: NavEntry[];
  fee: string;
  unreadMessages: number;
  heading?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <CachedHtml as="ul" className={className} cacheKey={cacheKey}>
      {() => (
        <>
          {heading ? (
            <li className="px-3 pt-1 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {heading}
            </li>
          ) : null}
          {items.map(([, to, label, Icon, { unread } = {}]) => (
            <li key={to} className="min-w-0">
              <NavLink to={to} end={leadsOthers(to)} className={sideLink}>
                <Icon aria-hidden />
                <span className="min-w-0 truncate">{t(label, { fee })}</span>
                {unread && unreadMessages ? (
                  <span className="ml-auto rounded-full bg-accent-600 px-2 text-xs text-white">
                    <span className="sr-only">
                      {t("nav.unreadMessages", { count: unreadMessages })}
                    </span>
                    <span aria-hidden>{unreadMessages}</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </>
      )}
    </CachedHtml>
  );
}

export function DashboardShell({
  children,
  sidebarExtra,
  headerExtra,
}: {
  children: ReactNode;
  /** More of the sidebar under its menu (the back-office's saved views). */
  sidebarExtra?: ReactNode;
  /** More of the header, between the brand and the account (the back-office's search box). */
  headerExtra?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { viewer, unreadMessages } = useRootData();
  const matches = useMatches();
  const { pathname } = useLocation();
  const title = t(shellTitleKey(matches));
  if (!viewer) return null;
  // The fee their own policy asks (decision record 33), shared by everyone under that policy;
  // someone who owes nothing has no Payment link at all, and one who paid keeps their receipts.
  const fee = feeTextOf(viewer, i18n.language);
  const audiences = audiencesOf(viewer);
  const staff = audiences.includes("staff");
  const items = NAV.filter(([audience]) => audiences.includes(audience));
  // The same for everyone of these audiences on this page, with this many unread.
  const navKey = `${i18n.language}:${pathname}:${audiences.join(",")}:${fee}:${unreadMessages}`;

  return (
    <div className="min-h-screen bg-slate-50">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        {t("skipToContent")}
      </a>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="flex min-h-16 flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-2">
          <div className="flex min-w-0 items-center gap-4">
            <BrandLink compact />
          </div>
          {headerExtra}
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
            {/* In the header on a phone (it covers nothing there), floating from md up. */}
            <HelpDialog />
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
          {/* A phone gets one obvious "Menu" button with where they are and what is unread, not
              a strip that scrolls sideways with most of it out of sight. Closed again on each
              page (keyed by the address); a plain disclosure, so it works before JavaScript. */}
          <details
            key={pathname}
            className="group rounded-lg border border-slate-200 bg-white md:hidden"
            data-testid="phone-menu"
          >
            <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-3 text-sm font-medium text-slate-800 [&::-webkit-details-marker]:hidden">
              <MenuIcon className="size-4 shrink-0" aria-hidden />
              <span>{t("shell.menu")}</span>
              <span className="min-w-0 truncate text-slate-600">· {title}</span>
              {unreadMessages ? (
                <span className="shrink-0 rounded-full bg-accent-600 px-2 text-xs text-white">
                  <span className="sr-only">
                    {t("nav.unreadMessages", { count: unreadMessages })}
                  </span>
                  <span aria-hidden>{unreadMessages}</span>
                </span>
              ) : null}
              <ChevronDownIcon
                className="ms-auto size-4 shrink-0 transition-transform group-open:rotate-180"
                aria-hidden
              />
            </summary>
            <NavList
              className="relative grid grid-cols-2 gap-1 border-t border-slate-200 p-2"
              cacheKey={`shell-nav-phone:${navKey}`}
              items={items}
              fee={fee}
              unreadMessages={unreadMessages}
            />
          </details>
          <NavList
            className="relative hidden md:grid"
            cacheKey={`shell-nav:${navKey}`}
            items={items}
            fee={fee}
            unreadMessages={unreadMessages}
            heading={staff ? t("shell.adminPanel") : null}
          />
          {sidebarExtra}
        </nav>
        <main id="main" className="min-w-0 flex-1 pb-6 md:pb-20">
          <h1 className="mb-6 text-2xl font-bold text-slate-900">{title}</h1>
          {children}
        </main>
      </div>
    </div>
  );
}
