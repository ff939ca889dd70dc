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
import { Link } from "react-router";
import { CountryFlag } from "~/app/components/country-flag";
import { buttonVariants } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { i18nHandle } from "~/app/i18n/namespaces";
import { rootMeta } from "~/app/lib/root-meta";
import { pageMeta } from "~/app/lib/seo";
import { useRootData } from "~/app/root";
import { formatMoney } from "~/domain/format";
import { SERVICE_SLUGS, type ServiceSlug } from "~/domain/services";
import type { Route } from "./+types/about";

export const handle = i18nHandle("content");

// Public page; everything it shows comes from site settings in the root loader.
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    ...rootMeta(matches),
    title: "About Us",
    description:
      "Who we are: a recruitment and study-placement agency in Harare and Midrand placing African applicants in verified jobs and universities abroad, with fixed fees and real-time tracking.",
    path: "/about",
  });

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
  const { t, i18n } = useTranslation("content");
  const { t: tc } = useTranslation();
  const { settings } = useRootData();
  const fee = formatMoney(
    settings.registrationFee.amountMinor,
    settings.registrationFee.currency,
    i18n.language,
  );
  const hours = settings.businessHours;
  const figures = (
    [
      ["placements", settings.marketing.placements],
      ["successRate", settings.marketing.successRate],
      ["partnerCountries", settings.marketing.partnerCountries],
    ] as const
  ).filter(([, v]) => v);
  const promises = [
    { key: "transparency", icon: SearchCheckIcon },
    { key: "fixedFees", icon: ReceiptIcon },
    { key: "tracking", icon: EyeIcon },
  ] as const;

  return (
    <div className="grid gap-14 pb-16">
      <section className="bg-primary-900 text-white">
        <div className="mx-auto grid max-w-6xl gap-4 px-4 py-14 sm:py-20">
          <p className="text-sm font-semibold tracking-wide text-primary-100 uppercase">
            {t("about.eyebrow")}
          </p>
          <h1 className="max-w-3xl text-3xl font-bold sm:text-4xl">{t("about.title")}</h1>
          <p className="max-w-3xl text-lg text-slate-100">
            {t("about.lead", { agency: settings.agencyName })}
          </p>
        </div>
      </section>

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
        <h2 id="about-what" className="text-2xl font-bold text-slate-900">
          {t("about.whatTitle")}
        </h2>
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
          <h2 id="about-promises" className="text-2xl font-bold text-slate-900">
            {t("about.promisesTitle")}
          </h2>
          <ul className="grid gap-4 md:grid-cols-3">
            {promises.map(({ key, icon: Icon }) => (
              <li key={key}>
                <Card className="grid h-full content-start gap-2 p-5">
                  <Icon aria-hidden className="size-7 text-primary-700" />
                  <h3 className="text-lg font-semibold text-slate-900">
                    {t(`about.promises.${key}.title`)}
                  </h3>
                  <p className="text-slate-700">
                    {t(`about.promises.${key}.body`, {
                      fee,
                      refund: settings.registrationFee.refundPolicy,
                    })}
                  </p>
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
                <div key={key} className="grid gap-1 text-center">
                  <dt className="order-2 text-sm text-primary-100">{t(`about.figures.${key}`)}</dt>
                  <dd className="order-1 text-2xl font-bold sm:text-3xl">{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="about-offices" className="mx-auto grid w-full max-w-6xl gap-6 px-4">
        <div className="grid gap-1">
          <h2 id="about-offices" className="text-2xl font-bold text-slate-900">
            {t("about.officesTitle")}
          </h2>
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

      <section
        aria-labelledby="about-cta"
        className="mx-auto grid w-full max-w-6xl gap-4 rounded-2xl bg-primary-50 p-8"
      >
        <h2 id="about-cta" className="text-2xl font-bold text-slate-900">
          {t("about.ctaTitle")}
        </h2>
        <p className="text-slate-700">{t("about.ctaBody")}</p>
        <div className="flex flex-wrap gap-3">
          <Link to="/auth?tab=signup" className={buttonVariants({ size: "lg" })}>
            {t("about.ctaAuth")}
          </Link>
          <Link to="/contact" className={buttonVariants({ variant: "outline", size: "lg" })}>
            {t("about.ctaContact")}
          </Link>
        </div>
      </section>
    </div>
  );
}
