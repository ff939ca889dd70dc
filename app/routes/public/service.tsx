import { ArrowRightIcon, CheckCircle2Icon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { Link } from "~/app/components/localized";
import { CountryFlag } from "~/app/components/country-flag";
import {
  CallToAction,
  Figure,
  PageHero,
  SectionHeader,
  SectionTitle,
} from "~/app/components/page-section";
import { RouteError } from "~/app/components/route-error";
import { StudyProgramsSection } from "~/app/components/study-programs";
import { Badge } from "~/app/components/ui/badge";
import { buttonVariants } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { requestLanguage } from "~/app/i18n/i18n.server";
import { i18nHandle } from "~/app/i18n/namespaces";
import { readInLanguage } from "~/app/lib/page-content.server";
import { pageNotFound, publicPageMeta } from "~/app/lib/seo";
import { useRootData } from "~/app/lib/root-data";
import type { PublicSiteSettings } from "~/server/settings/settings.server";
import { isServiceSlug, SERVICE_SLUGS } from "~/domain/services";
import { readServiceContent } from "~/server/content/pages.server";
import {
  countActiveJobsByCountry,
  countStudyProgramsByCountry,
} from "~/server/content/services.server";
import { listStudyPrograms } from "~/server/content/study-programs.server";
import type { Route } from "./+types/service";

// The long copy lives in content/<lng>/services/<slug>.json and is read by the loader, so it is not
// shipped in every page's JavaScript.
type Item = {
  title?: string;
  body?: string;
  list?: string[];
  badge?: string;
  duration?: string;
  code?: string;
  name?: string;
  salary?: string;
  processing?: string;
  /** A marketing setting holding this card's success rate (visa types); hidden while empty. */
  successRate?: MarketingKey;
};
type MarketingKey = keyof PublicSiteSettings["marketing"];
/** The figures a service page's hero may show (each has a label under service.stats). */
type HeroStat =
  | "visasProcessed"
  | "successRate"
  | "partnerCountries"
  | "interviewSuccess"
  | "interviewsHeld"
  | "documentsProcessed"
  | "averageTurnaround";
type Section =
  | { type: "cards" | "steps"; id: string; title: string; intro?: string; items: Item[] }
  | {
      type: "countries";
      id: string;
      title: string;
      intro?: string;
      items: Item[];
      jobCounts?: boolean;
      programCounts?: boolean;
    }
  | { type: "checklist" | "chips"; id: string; title: string; intro?: string; items: string[] }
  | { type: "studyPrograms"; id: string; title: string };
type ServiceContent = {
  title: string;
  metaTitle: string;
  description: string;
  hero: { eyebrow: string; title: string; lead: string };
  /** Figures from the settings shown in the hero: true for the default three, or a list. */
  stats?: boolean | HeroStat[];
  sections: Section[];
  cta: { title: string; body: string };
};

export const handle = i18nHandle("content", "study");

export async function loader({ request, params }: Route.LoaderArgs) {
  // Public page.
  const slug = params.slug;
  if (!isServiceSlug(slug)) throw data(null, { status: 404 });
  const lng = await requestLanguage(request);
  const content = await readInLanguage(lng, (language) =>
    readServiceContent<ServiceContent>(slug, language),
  );
  const needs = (type: Section["type"], flag?: "jobCounts" | "programCounts") =>
    content.sections.some(
      (s) => s.type === type && (!flag || (s as Record<string, unknown>)[flag] === true),
    );
  const [jobCounts, programCounts, programs] = await Promise.all([
    needs("countries", "jobCounts") ? countActiveJobsByCountry() : null,
    needs("countries", "programCounts") ? countStudyProgramsByCountry() : null,
    needs("studyPrograms") ? listStudyPrograms() : null,
  ]);
  return { slug: params.slug, content, jobCounts, programCounts, programs };
}

export const meta: Route.MetaFunction = publicPageMeta(({ data }, t) =>
  data
    ? {
        title: data.content.metaTitle,
        description: data.content.description,
        path: `/services/${data.slug}`,
      }
    : pageNotFound(t),
);

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const { t: tc } = useTranslation();
  const { settings } = useRootData();
  const { slug, content, jobCounts, programCounts, programs } = loaderData;
  const statKeys: HeroStat[] = Array.isArray(content.stats)
    ? content.stats
    : ["visasProcessed", "successRate", "partnerCountries"];
  const stats = statKeys.map((key) => [key, settings.marketing[key]] as const).filter(([, v]) => v);

  return (
    <div className="grid gap-14 pb-16">
      <PageHero {...content.hero}>
        <CtaButtons inverted study={slug === "student-placement"} />
        {content.stats && stats.length > 0 ? (
          <dl className="mt-4 grid max-w-2xl grid-cols-3 gap-4">
            {stats.map(([key, value]) => (
              <Figure key={key} label={t(`service.stats.${key}`)} value={value} />
            ))}
          </dl>
        ) : null}
      </PageHero>

      {content.sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-title`}
          className="mx-auto grid w-full max-w-6xl gap-6 px-4"
        >
          {section.type === "studyPrograms" ? (
            <>
              <SectionTitle id={`${section.id}-title`}>{section.title}</SectionTitle>
              <StudyProgramsSection programs={programs ?? []} showHeading={false} />
            </>
          ) : (
            <>
              <SectionHeader
                id={`${section.id}-title`}
                title={section.title}
                intro={section.intro}
                introClassName="max-w-3xl"
              />
              <SectionBody section={section} jobCounts={jobCounts} programCounts={programCounts} />
            </>
          )}
        </section>
      ))}

      <CallToAction id="cta-title" {...content.cta} bodyClassName="max-w-2xl">
        <CtaButtons study={slug === "student-placement"} />
      </CallToAction>

      <nav aria-labelledby="other-services" className="mx-auto grid w-full max-w-6xl gap-3 px-4">
        <h2 id="other-services" className="text-lg font-semibold text-slate-900">
          {t("service.otherServices")}
        </h2>
        <ul className="flex flex-wrap gap-2">
          {SERVICE_SLUGS.filter((s) => s !== slug).map((s) => (
            <li key={s}>
              <Link
                to={`/services/${s}`}
                className="inline-flex rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-50"
              >
                {tc(`services.${s}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

/** The page's calls to action; student placement leads to the study programs, the others to jobs. */
function CtaButtons({ inverted = false, study = false }: { inverted?: boolean; study?: boolean }) {
  const { t } = useTranslation("content");
  return (
    <div className="flex flex-wrap gap-3">
      <Link
        to={study ? "/study" : "/jobs"}
        className={buttonVariants({ variant: "accent", size: "lg" })}
      >
        {study ? t("service.cta.study") : t("service.cta.jobs")}
      </Link>
      <Link
        to="/auth?tab=signup"
        className={buttonVariants({ variant: inverted ? "outline" : "default", size: "lg" })}
      >
        {t("service.cta.auth")}
      </Link>
      <Link
        to="/contact"
        className={
          inverted
            ? buttonVariants({ variant: "ghostInverted", size: "lg" })
            : buttonVariants({ variant: "outline", size: "lg" })
        }
      >
        {t("service.cta.contact")}
      </Link>
    </div>
  );
}

function SectionBody({
  section,
  jobCounts,
  programCounts,
}: {
  section: Exclude<Section, { type: "studyPrograms" }>;
  jobCounts: Record<string, number> | null;
  programCounts: Record<string, number> | null;
}) {
  const { t } = useTranslation("content");
  const { settings } = useRootData();
  switch (section.type) {
    case "cards":
      return (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {section.items.map((item) => (
            <li key={item.title}>
              <Card className="grid h-full content-start gap-2 p-5">
                <h3 className="text-lg font-semibold text-slate-900">{item.title}</h3>
                {item.badge ? (
                  <Badge tone="progress" className="justify-self-start">
                    {item.badge}
                  </Badge>
                ) : null}
                {item.body ? <p className="text-slate-700">{item.body}</p> : null}
                {item.successRate && settings.marketing[item.successRate] ? (
                  <p className="text-sm font-semibold text-green-800" data-testid="success-rate">
                    {t("service.successRate", { rate: settings.marketing[item.successRate] })}
                  </p>
                ) : null}
                {item.list ? (
                  <ul className="mt-1 grid gap-1 text-sm text-slate-700">
                    {item.list.map((line) => (
                      <li key={line} className="flex gap-2">
                        <ArrowRightIcon
                          aria-hidden
                          className="mt-0.5 size-4 shrink-0 text-primary-600"
                        />
                        {line}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      );
    case "countries":
      return (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {section.items.map((item) => {
            const jobs = jobCounts && item.code ? (jobCounts[item.code] ?? 0) : null;
            const programs = programCounts && item.code ? (programCounts[item.code] ?? 0) : null;
            return (
              <li key={item.code}>
                <Card className="grid h-full content-start gap-2 p-5">
                  <h3 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
                    <CountryFlag code={item.code}>{item.name}</CountryFlag>
                  </h3>
                  {jobs !== null ? (
                    <p data-testid={`job-count-${item.code}`}>
                      <Badge tone={jobs > 0 ? "success" : "neutral"}>
                        {t("service.openJobs", { count: jobs })}
                      </Badge>
                    </p>
                  ) : null}
                  {programs !== null ? (
                    <p>
                      <Badge tone={programs > 0 ? "success" : "neutral"}>
                        {t("service.programs", { count: programs })}
                      </Badge>
                    </p>
                  ) : null}
                  {item.badge ? (
                    <p className="text-sm font-medium text-primary-800">{item.badge}</p>
                  ) : null}
                  {item.body ? <p className="text-slate-700">{item.body}</p> : null}
                  {item.salary || item.processing ? (
                    <dl className="grid gap-1 text-sm">
                      {item.salary ? (
                        <div className="flex flex-wrap gap-x-2">
                          <dt className="text-slate-600">{t("service.salary")}:</dt>
                          <dd className="font-medium text-slate-900">{item.salary}</dd>
                        </div>
                      ) : null}
                      {item.processing ? (
                        <div className="flex flex-wrap gap-x-2">
                          <dt className="text-slate-600">{t("service.processing")}:</dt>
                          <dd className="font-medium text-slate-900">{item.processing}</dd>
                        </div>
                      ) : null}
                    </dl>
                  ) : null}
                  {jobs ? (
                    <Link
                      to={`/jobs?country=${item.code}`}
                      className="mt-1 text-sm font-medium text-primary-700 hover:underline"
                    >
                      {t("service.viewJobs", { country: item.name })}
                    </Link>
                  ) : null}
                </Card>
              </li>
            );
          })}
        </ul>
      );
    case "steps":
      return (
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {section.items.map((item, i) => (
            <li key={item.title}>
              <Card className="grid h-full content-start gap-2 p-5">
                <p className="flex items-center gap-2 text-sm font-semibold text-primary-700">
                  <span
                    aria-hidden
                    className="inline-flex size-7 items-center justify-center rounded-full bg-primary-700 text-white"
                  >
                    {i + 1}
                  </span>
                  <span className="sr-only">{t("service.step", { n: i + 1 })}</span>
                  {item.duration ? <span>{item.duration}</span> : null}
                </p>
                <h3 className="text-lg font-semibold text-slate-900">{item.title}</h3>
                {item.body ? <p className="text-slate-700">{item.body}</p> : null}
              </Card>
            </li>
          ))}
        </ol>
      );
    case "checklist":
      return (
        <ul className="grid gap-3 sm:grid-cols-2">
          {section.items.map((line) => (
            <li key={line} className="flex gap-3 rounded-lg border border-slate-200 bg-white p-4">
              <CheckCircle2Icon aria-hidden className="size-5 shrink-0 text-green-700" />
              <span className="text-slate-800">{line}</span>
            </li>
          ))}
        </ul>
      );
    case "chips":
      return (
        <ul className="flex flex-wrap gap-2">
          {section.items.map((line) => (
            <li
              key={line}
              className="rounded-full border border-primary-200 bg-primary-50 px-4 py-2 font-medium text-primary-900"
            >
              {line}
            </li>
          ))}
        </ul>
      );
  }
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
