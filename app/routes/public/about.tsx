import {
  BriefcaseIcon,
  EyeIcon,
  FileCheckIcon,
  GraduationCapIcon,
  LineChartIcon,
  MailIcon,
  MapPinIcon,
  MicIcon,
  PhoneIcon,
  PlaneIcon,
  ReceiptIcon,
  SearchCheckIcon,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "~/app/components/localized";
import { CountryFlag } from "~/app/components/country-flag";
import { CallToAction, Figure, PageHero, SectionTitle } from "~/app/components/page-section";
import { buttonVariants } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { i18nHandle } from "~/app/i18n/namespaces";
import { fixedPageMeta } from "~/app/lib/seo";
import { useRootData } from "~/app/lib/root-data";
import { SERVICE_SLUGS, type ServiceSlug } from "~/domain/services";
import type { Route } from "./+types/about";

export const handle = i18nHandle("content");

// Public page; everything it shows comes from site settings in the root loader.
export const meta: Route.MetaFunction = fixedPageMeta("content:meta.about", "/about");

const SERVICE_ICONS: Record<ServiceSlug, typeof BriefcaseIcon> = {
  "job-recruitment": BriefcaseIcon,
  "student-placement": GraduationCapIcon,
  "visa-assistance": PlaneIcon,
  "interview-preparation": MicIcon,
  "document-support": FileCheckIcon,
  "application-tracking": LineChartIcon,
};

const OFFICE_CODES: Record<string, string> = { zimbabwe: "ZW", "south africa": "ZA" };

export default function AboutPage() {
  const { t } = useTranslation("content");
  const { t: tc } = useTranslation();
  const { settings } = useRootData();
  const hours = settings.businessHours;
  const figures = (["placements", "successRate", "partnerCountries"] as const)
    .map((key) => [key, settings.marketing[key]] as const)
    .filter(([, v]) => v);
  const promises = [
    { key: "transparency", icon: SearchCheckIcon },
    { key: "fixedFees", icon: ReceiptIcon },
    { key: "tracking", icon: EyeIcon },
  ] as const;

  return (
    <div className="grid gap-14 pb-16">
      <PageHero
        eyebrow={t("about.eyebrow")}
        title={t("about.title")}
        lead={t("about.lead", { agency: settings.agencyName })}
      />

      <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 md:grid-cols-3">
        {(["who", "vision", "mission"] as const).map((key) => (
          <section key={key} aria-labelledby={`about-${key}`} className="grid content-start gap-2">
            <h2 id={`about-${key}`} className="text-xl font-bold text-slate-900">
              {t(`about.${key}Title`)}
            </h2>
            <p className="text-slate-700">{t(`about.${key}`)}</p>
          </section>
        ))}
      </div>

      <section aria-labelledby="about-what" className="mx-auto grid w-full max-w-6xl gap-6 px-4">
        <SectionTitle id="about-what">{t("about.whatTitle")}</SectionTitle>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {SERVICE_SLUGS.map((slug) => {
            const Icon = SERVICE_ICONS[slug];
            return (
              <li key={slug}>
                <Link
                  to={`/services/${slug}`}
                  className="flex h-full items-center gap-3 rounded-xl border border-slate-200 bg-white p-5 font-semibold text-slate-900 shadow-sm hover:border-primary-300 hover:bg-primary-50"
                >
                  <Icon aria-hidden className="size-6 text-primary-700" />
                  {tc(`services.${slug}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="about-promises" className="bg-slate-50 py-12">
        <div className="mx-auto grid max-w-6xl gap-6 px-4">
          <SectionTitle id="about-promises">{t("about.promisesTitle")}</SectionTitle>
          <ul className="grid gap-4 md:grid-cols-3">
            {promises.map(({ key, icon: Icon }) => (
              <li key={key}>
                <Card className="grid h-full content-start gap-2 p-5">
                  <Icon aria-hidden className="size-7 text-primary-700" />
                  <h3 className="text-lg font-semibold text-slate-900">
                    {t(`about.promises.${key}.title`)}
                  </h3>
                  <p className="text-slate-700">{t(`about.promises.${key}.body`)}</p>
                </Card>
              </li>
            ))}
          </ul>
          {figures.length > 0 ? (
            <dl
              aria-label={t("about.figuresTitle")}
              className="grid grid-cols-3 gap-4 rounded-xl bg-primary-900 p-6 text-white"
            >
              {figures.map(([key, value]) => (
                <Figure
                  key={key}
                  label={t(`about.figures.${key}`)}
                  value={value}
                  className="text-center"
                  valueClassName="text-2xl sm:text-3xl"
                />
              ))}
            </dl>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="about-offices" className="mx-auto grid w-full max-w-6xl gap-6 px-4">
        <div className="grid gap-1">
          <SectionTitle id="about-offices">{t("about.officesTitle")}</SectionTitle>
          <p className="text-slate-700">
            {t("about.hours", {
              days: hours.days,
              open: hours.open,
              close: hours.close,
              tz: hours.timeZoneLabel,
            })}
            {hours.closedNote ? `. ${hours.closedNote}.` : null}
          </p>
        </div>
        <ul className="grid gap-4 md:grid-cols-2">
          {settings.offices.map((office) => (
            <li key={`${office.city}-${office.address}`}>
              <Card className="grid h-full content-start gap-3 p-5">
                <h3 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
                  <CountryFlag code={OFFICE_CODES[office.country.toLowerCase()]}>
                    {office.city}, {office.country}
                  </CountryFlag>
                </h3>
                <p className="flex gap-2 text-slate-700">
                  <MapPinIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary-700" />
                  {office.address}
                </p>
                <p className="flex gap-2">
                  <PhoneIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary-700" />
                  <a
                    href={`tel:${office.phone.replace(/[^\d+]/g, "")}`}
                    className="text-primary-700 hover:underline"
                  >
                    {office.phone}
                  </a>
                </p>
                <p className="flex gap-2">
                  <MailIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary-700" />
                  <a href={`mailto:${office.email}`} className="text-primary-700 hover:underline">
                    {office.email}
                  </a>
                </p>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <CallToAction id="about-cta" title={t("about.ctaTitle")} body={t("about.ctaBody")}>
        <div className="flex flex-wrap gap-3">
          <Link to="/auth?tab=signup" className={buttonVariants({ size: "lg" })}>
            {t("about.ctaAuth")}
          </Link>
          <Link to="/contact" className={buttonVariants({ variant: "outline", size: "lg" })}>
            {t("about.ctaContact")}
          </Link>
        </div>
      </CallToAction>
    </div>
  );
}
