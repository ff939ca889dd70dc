import { AwardIcon, CalendarIcon, ClockIcon, StarIcon, WalletIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { CountryFlag } from "~/app/components/country-flag";
import { Badge } from "~/app/components/ui/badge";
import { Card } from "~/app/components/ui/card";
import type { StudyProgramItem } from "~/domain/content";

/**
 * Study programs as cards: title, university, country with flag, duration, tuition, intake,
 * rating and whether a scholarship is available. Used on the home page (#study) and on
 * /services/student-placement.
 */
export function StudyProgramsSection({
  programs,
  headingLevel = 2,
  showHeading = true,
}: {
  programs: StudyProgramItem[];
  headingLevel?: 2 | 3;
  showHeading?: boolean;
}) {
  const { t } = useTranslation("content");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const CardHeading = headingLevel === 2 ? "h3" : "h4";
  return (
    <section aria-labelledby="study-programs-title" className="grid gap-6">
      {showHeading ? (
        <div className="grid gap-2">
          <Heading id="study-programs-title" className="text-2xl font-bold text-slate-900">
            {t("study.title")}
          </Heading>
          <p className="max-w-2xl text-slate-700">{t("study.subtitle")}</p>
        </div>
      ) : (
        <span id="study-programs-title" className="sr-only">
          {t("study.title")}
        </span>
      )}
      {programs.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
          {t("study.empty")}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {programs.map((p) => (
            <li key={p.id}>
              <Card className="grid h-full content-start gap-3 p-5">
                <div className="flex items-start justify-between gap-2">
                  <CardHeading className="text-lg font-semibold text-slate-900">
                    {p.title}
                  </CardHeading>
                  {p.scholarship ? (
                    <Badge tone="success" className="shrink-0">
                      <AwardIcon aria-hidden className="size-3" />
                      {t("study.scholarship")}
                    </Badge>
                  ) : null}
                </div>
                <p className="text-sm text-slate-700">{p.university}</p>
                <p className="text-sm text-slate-700">
                  <CountryFlag code={p.countryCode}>{p.countryName}</CountryFlag>
                </p>
                <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
                  <div className="flex items-center gap-1.5">
                    <ClockIcon aria-hidden className="size-4 text-primary-700" />
                    <dt className="sr-only">{t("study.duration")}</dt>
                    <dd>{p.duration}</dd>
                  </div>
                  <div className="flex items-center gap-1.5">
                    <CalendarIcon aria-hidden className="size-4 text-primary-700" />
                    <dt className="sr-only">{t("study.intake")}</dt>
                    <dd>{p.intake}</dd>
                  </div>
                  <div className="col-span-2 flex items-center gap-1.5">
                    <WalletIcon aria-hidden className="size-4 text-primary-700" />
                    <dt className="sr-only">{t("study.tuition")}</dt>
                    <dd>{p.tuition}</dd>
                  </div>
                  <div className="col-span-2 flex items-center gap-1.5">
                    <StarIcon aria-hidden className="size-4 fill-amber-400 text-amber-500" />
                    <dt className="sr-only">{t("study.rating")}</dt>
                    <dd>{t("study.ratingValue", { rating: p.rating.toFixed(1) })}</dd>
                  </div>
                </dl>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
