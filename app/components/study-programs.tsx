import { AwardIcon, CalendarIcon, ClockIcon, StarIcon, WalletIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { CountryFlag } from "~/app/components/country-flag";
import { Badge } from "~/app/components/ui/badge";
import { SectionHeader } from "~/app/components/page-section";
import { Card } from "~/app/components/ui/card";
import { cn } from "~/app/lib/utils";
import type { StudyProgramItem } from "~/domain/content";

type T = ReturnType<typeof useTranslation<"content">>["t"];

/** A program's facts in the order its card lists them; the wide ones take a whole row. */
function programFacts(p: StudyProgramItem, t: T) {
  const icon = "text-primary-700";
  return [
    { key: "duration", icon: ClockIcon, iconClassName: icon, wide: false, value: p.duration },
    { key: "intake", icon: CalendarIcon, iconClassName: icon, wide: false, value: p.intake },
    { key: "tuition", icon: WalletIcon, iconClassName: icon, wide: true, value: p.tuition },
    {
      key: "rating",
      icon: StarIcon,
      iconClassName: "fill-amber-400 text-amber-500",
      wide: true,
      value: t("study.ratingValue", { rating: p.rating.toFixed(1) }),
    },
  ] as const;
}

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
  const CardHeading = headingLevel === 2 ? "h3" : "h4";
  return (
    <section aria-labelledby="study-programs-title" className="grid gap-6">
      {showHeading ? (
        <SectionHeader
          id="study-programs-title"
          as={headingLevel === 2 ? "h2" : "h3"}
          title={t("study.title")}
          intro={t("study.subtitle")}
        />
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
                  {programFacts(p, t).map(({ key, icon: Icon, iconClassName, wide, value }) => (
                    <div
                      key={key}
                      className={cn("flex items-center gap-1.5", wide && "col-span-2")}
                    >
                      <Icon aria-hidden className={cn("size-4", iconClassName)} />
                      <dt className="sr-only">{t(`study.${key}`)}</dt>
                      <dd>{value}</dd>
                    </div>
                  ))}
                </dl>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
