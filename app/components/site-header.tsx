import { MenuIcon, XIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { type LinkItem, LinkItems, SERVICE_LINKS } from "~/app/components/link-items";
import { Link, NavLink } from "~/app/components/localized";
import { useRootData } from "~/app/lib/root-data";
import { DisclosureMenu } from "./disclosure-menu";
import { SignOutForm } from "./sign-out-form";
import { CachedHtml } from "~/app/lib/cached-html";
import { cn } from "~/app/lib/utils";
import { buttonVariants } from "./ui/button";
import { LanguageSwitcher } from "./language-switcher";

const navLink =
  "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:text-primary-700";
const menuItem =
  "flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100";

/** The signed-in person's own pages, in both menus. */
const ACCOUNT_LINKS: LinkItem[] = [
  ["/dashboard", "nav.dashboard"],
  ["/dashboard/applications", "nav.myApplications"],
];

/** The wide account menu: their pages, then the profile. */
const ACCOUNT_MENU_LINKS: LinkItem[] = [...ACCOUNT_LINKS, ["/dashboard/profile", "nav.profile"]];

/** The pages after the services: the phone menu lists all four; the wide nav the first three as
 * NavLinks (marked when current), then Study Abroad. */
const SITE_LINKS: LinkItem[] = [
  ["/outsourcing", "nav.outsourcing"],
  ["/about", "nav.about"],
  ["/contact", "nav.contact"],
  ["/study", "nav.studyAbroad"],
];

/** The phone menu's pages: jobs, the services, then the site's other pages. */
const MOBILE_LINKS: LinkItem[] = [["/jobs", "nav.findJobs"], ...SERVICE_LINKS, ...SITE_LINKS];

/** The logo and name; `compact` hides the name on narrow screens (the link keeps its label). */
export function BrandLink({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  return (
    <Link
      to="/"
      className="flex items-center gap-2 font-bold text-primary-800"
      aria-label={t("brand.home")}
    >
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span className={cn("text-lg", compact && "hidden sm:inline")}>{settings.agencyName}</span>
    </Link>
  );
}

export function SiteHeader() {
  const { t, i18n } = useTranslation();
  const { viewer } = useRootData();
  const { pathname } = useLocation();
  const accountName = viewer ? viewer.fullName || viewer.email : "";

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4">
        <BrandLink />
        {/* The same for everyone on this page (its links mark the current one). */}
        <CachedHtml
          as="nav"
          aria-label={t("nav.main")}
          className="hidden items-center gap-1 lg:flex"
          cacheKey={`site-nav:${i18n.language}:${pathname}`}
        >
          {() => (
            <>
              <NavLink to="/jobs" className={navLink}>
                {t("nav.findJobs")}
              </NavLink>
              <DisclosureMenu label={t("nav.services")} panel="left">
                <ul>
                  <LinkItems links={SERVICE_LINKS} className={menuItem} />
                </ul>
              </DisclosureMenu>
              {SITE_LINKS.slice(0, 3).map(([to, label]) => (
                <NavLink key={to} to={to} className={navLink}>
                  {t(label)}
                </NavLink>
              ))}
              <Link to="/study" className={navLink}>
                {t("nav.studyAbroad")}
              </Link>
            </>
          )}
        </CachedHtml>
        <div className="hidden items-center gap-2 lg:flex">
          <LanguageSwitcher compact />
          {viewer ? (
            <DisclosureMenu
              label={<span className="max-w-48 truncate">{accountName}</span>}
              summaryClassName="border border-slate-200 px-3 py-2"
            >
              <CachedHtml
                as="ul"
                aria-label={t("nav.accountMenu", { name: accountName })}
                cacheKey={`account-menu:${i18n.language}`}
              >
                {() => (
                  <>
                    <LinkItems links={ACCOUNT_MENU_LINKS} className={menuItem} />
                    <li>
                      <SignOutForm className={menuItem} />
                    </li>
                  </>
                )}
              </CachedHtml>
            </DisclosureMenu>
          ) : (
            <>
              <Link to="/auth" className={buttonVariants({ variant: "ghost" })}>
                {t("nav.signIn")}
              </Link>
              <Link to="/auth?tab=signup" className={buttonVariants({ variant: "accent" })}>
                {t("nav.getStarted")}
              </Link>
            </>
          )}
        </div>
        <MobileMenu accountName={accountName} signedIn={Boolean(viewer)} />
      </div>
    </header>
  );
}

function MobileMenu({ signedIn, accountName }: { signedIn: boolean; accountName: string }) {
  const { t, i18n } = useTranslation();
  return (
    <DisclosureMenu
      className="lg:hidden"
      chevron={false}
      summaryClassName="p-2"
      panel="sheet"
      label={
        <>
          <MenuIcon className="size-6 group-open:hidden" aria-hidden />
          <XIcon className="hidden size-6 group-open:block" aria-hidden />
          <span className="sr-only">{t("nav.openMenu")}</span>
        </>
      }
    >
      <nav aria-label={t("nav.main")} data-testid="mobile-menu">
        <CachedHtml as="ul" className="grid gap-1" cacheKey={`mobile-nav:${i18n.language}`}>
          {() => (
            <>
              <LinkItems links={MOBILE_LINKS} className={menuItem} />
            </>
          )}
        </CachedHtml>
        <ul className="mt-2 grid gap-1 border-t border-slate-200 pt-2">
          {signedIn ? (
            <>
              <li className="px-3 py-1 text-xs text-slate-600">{accountName}</li>
              <LinkItems links={ACCOUNT_LINKS} className={menuItem} />
              <li>
                <SignOutForm className={menuItem} />
              </li>
            </>
          ) : (
            <>
              <li>
                <Link to="/auth" className={menuItem}>
                  {t("nav.signIn")}
                </Link>
              </li>
              <li>
                <Link
                  to="/auth?tab=signup"
                  className={buttonVariants({ variant: "accent", className: "w-full" })}
                >
                  {t("nav.getStarted")}
                </Link>
              </li>
            </>
          )}
          <li className="mt-2 border-t border-slate-200 pt-2">
            <LanguageSwitcher />
          </li>
        </ul>
      </nav>
    </DisclosureMenu>
  );
}
