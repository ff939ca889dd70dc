import { MailIcon, MapPinIcon, MessageCircleIcon, PhoneIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AgencyRegistrations } from "~/app/components/agency-registrations";
import { type LinkItem, LinkItems, SERVICE_LINKS } from "~/app/components/link-items";
import { Link } from "~/app/components/localized";
import { useRootData } from "~/app/lib/root-data";
import { CachedHtml, keyOf } from "~/app/lib/cached-html";
import { whatsappLink } from "~/domain/format";
import { LanguageSwitcher } from "./language-switcher";

const footLink = "text-sm text-slate-300 hover:text-white";

const QUICK_LINKS: LinkItem[] = [
  ["/jobs", "footer.browseJobs"],
  ["/about", "footer.about_link"],
  ["/contact", "footer.contact"],
  ["/news", "nav.news"],
  ["/auth?tab=signup", "footer.register"],
  ["/dashboard", "footer.dashboard"],
];

const LEGAL_LINKS: LinkItem[] = [
  ["/privacy-policy", "footer.privacy"],
  ["/terms-of-service", "footer.terms"],
  ["/cookie-policy", "footer.cookies"],
  ["/verify", "footer.verify"],
  ["/complaints", "footer.complaints"],
];

export function SiteFooter() {
  const { t, i18n } = useTranslation();
  const { settings } = useRootData();
  const hours = settings.businessHours;
  const socials = (["facebook", "linkedin", "instagram"] as const).filter(
    (s) => settings.social[s],
  );
  return (
    <footer className="bg-primary-900 text-slate-200">
      {/* The same on every page in a language (the settings it shows are in the key). */}
      <CachedHtml
        className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5"
        cacheKey={`site-footer:${i18n.language}:${keyOf(settings)}`}
      >
        {() => (
          <>
            <div className="grid content-start gap-3 lg:col-span-1">
              <p className="text-lg font-bold text-white">{settings.agencyName}</p>
              <p className="text-sm text-slate-300">{t("footer.about")}</p>
              {socials.length > 0 ? (
                <ul className="flex gap-3" aria-label={t("footer.social")}>
                  {socials.map((s) => (
                    <li key={s}>
                      <a href={settings.social[s]} className={footLink} rel="noopener noreferrer">
                        {t(`social.${s}`)}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
            <FooterList title={t("footer.services")}>
              <LinkItems links={SERVICE_LINKS} className={footLink} />
              <li>
                <Link to="/outsourcing" className={footLink}>
                  {t("nav.outsourcing")}
                </Link>
              </li>
            </FooterList>
            <FooterList title={t("footer.quickLinks")}>
              <LinkItems links={QUICK_LINKS} className={footLink} />
            </FooterList>
            <FooterList title={t("footer.legal")}>
              <LinkItems links={LEGAL_LINKS} className={footLink} />
            </FooterList>
            <FooterList title={t("footer.contactUs")}>
              {settings.offices.map((office) => (
                <li key={office.city} className="flex gap-2 text-sm text-slate-300">
                  <MapPinIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
                  <span>
                    <span className="font-medium text-white">{office.city}</span>, {office.country}
                  </span>
                </li>
              ))}
              <li className="flex gap-2 text-sm">
                <PhoneIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
                <a href={`tel:${settings.phone.replace(/\s/g, "")}`} className={footLink}>
                  {settings.phone}
                </a>
              </li>
              <li className="flex gap-2 text-sm">
                <MailIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
                <a href={`mailto:${settings.contactEmail}`} className={footLink}>
                  {settings.contactEmail}
                </a>
              </li>
              <li className="flex gap-2 text-sm">
                <MessageCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
                <a
                  href={whatsappLink(settings.whatsappNumber)}
                  className={footLink}
                  rel="noopener noreferrer"
                >
                  {t("footer.whatsapp", { number: settings.whatsappNumber })}
                </a>
              </li>
              <li className="text-sm text-slate-300">
                {t("footer.hours", {
                  days: hours.days,
                  open: hours.open,
                  close: hours.close,
                  tz: hours.timeZoneLabel,
                })}
              </li>
            </FooterList>
            {/* Who the agency is: every registration, the data-protection contact. */}
            <div className="grid gap-3 border-t border-white/10 pt-6 sm:col-span-2 sm:grid-cols-2 lg:col-span-5">
              <AgencyRegistrations
                registrations={settings.trust.registrations}
                dark
                withVerifyLink={false}
              />
              {settings.dataProtection.email ? (
                <p className="text-xs text-slate-300">
                  {settings.dataProtection.officer
                    ? t("footer.dataProtectionOfficer", { name: settings.dataProtection.officer })
                    : null}{" "}
                  {t("footer.dataProtectionEmail", { email: settings.dataProtection.email })}
                </p>
              ) : null}
            </div>
          </>
        )}
      </CachedHtml>
      <div className="flex flex-col items-center gap-2 border-t border-white/10 py-4 text-center text-xs text-slate-400">
        <LanguageSwitcher dark />
        {t("footer.copyright", { year: new Date().getFullYear(), name: settings.agencyName })}
      </div>
    </footer>
  );
}

function FooterList({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="grid content-start gap-3">
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="grid gap-2">{children}</ul>
    </div>
  );
}
