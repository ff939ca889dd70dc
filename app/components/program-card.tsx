import { AwardIcon, CalendarIcon, ClockIcon, StarIcon, WalletIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { CountryFlag } from "~/app/components/country-flag";
import { Link } from "~/app/components/localized";
import { Badge } from "~/app/components/ui/badge";
import { Card } from "~/app/components/ui/card";
import { cn } from "~/app/lib/utils";
import type { StudyProgramItem } from "~/domain/content";
import { durationParts, formatIntake, formatTuition } from "~/domain/program-search";

type T = ReturnType<typeof useTranslation<"study">>["t"];

/** A duration as people say it: "2 years", "18 months". */
export function durationText(months: number, t: T) {
  const d = durationParts(months);
  return d.unit === "years"
    ? t("card.durationYears", { count: d.count })
    : t("card.durationMonths", { count: d.count });
}

/** A program's facts in the order its card lists them; the wide ones take a whole row. */
function programFacts(p: StudyProgramItem, t: T, lng: string) {
  const icon = "text-primary-700";
  const intake = p.intakes[0];
  const facts: {
    key: "duration" | "intake" | "tuition" | "rating";
    icon: typeof ClockIcon;
    iconClassName: string;
    wide: boolean;
    value: string;
  }[] = [
    {
      key: "duration",
      icon: ClockIcon,
      iconClassName: icon,
      wide: false,
      value: durationText(p.durationMonths, t),
    },
    {
      key: "intake",
      icon: CalendarIcon,
      iconClassName: icon,
      wide: false,
      value: intake ? formatIntake(intake, lng) : t("card.intakesTba"),
    },
    {
      key: "tuition",
      icon: WalletIcon,
      iconClassName: icon,
      wide: true,
      value: t("card.tuitionPerYear", {
        amount: formatTuition(p.tuitionAmount, p.tuitionCurrency, lng),
      }),
    },
  ];
  if (p.rating != null) {
    facts.push({
      key: "rating",
      icon: StarIcon,
      iconClassName: "fill-amber-400 text-amber-500",
      wide: true,
      value: t("card.ratingValue", { rating: p.rating.toFixed(1) }),
    });
  }
  return facts;
}

/**
 * One program as a card: its title links to its page; university, country with flag, level,
 * duration, next intake, tuition, rating and whether a scholarship is available.
 */
export function ProgramCard({
  program: p,
  headingLevel = 3,
}: {
  program: StudyProgramItem;
  headingLevel?: 2 | 3 | 4;
}) {
  const { t, i18n } = useTranslation("study");
  const Heading = `h${headingLevel}` as "h2" | "h3" | "h4";
  return (
    <Card className="relative grid h-full content-start gap-3 p-5" data-testid="program-card">
      <div className="flex items-start justify-between gap-2">
        <Heading className="text-lg font-semibold text-slate-900">
          <Link
            to={`/study/${p.id}`}
            className="after:absolute after:inset-0 after:rounded-xl hover:underline focus-visible:outline-none"
          >
            {p.title}
          </Link>
        </Heading>
        {p.scholarship ? (
          <Badge tone="success" className="shrink-0">
            <AwardIcon aria-hidden className="size-3" />
            {t("card.scholarship")}
          </Badge>
        ) : null}
      </div>
      <p className="text-sm text-slate-700">
        {p.university} · {t(`labels.programLevel.${p.level}`, { ns: "common" })}
      </p>
      <p className="text-sm text-slate-700">
        <CountryFlag code={p.countryCode}>
          {p.city}, {p.countryName}
        </CountryFlag>
      </p>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        {programFacts(p, t, i18n.language).map(
          ({ key, icon: Icon, iconClassName, wide, value }) => (
            // In a <dl>, a group holds only its term and value: the icon goes inside the term.
            <div key={key} className={cn("flex items-center gap-1.5", wide && "col-span-2")}>
              <dt className="flex shrink-0">
                <Icon aria-hidden className={cn("size-4", iconClassName)} />
                <span className="sr-only">{t(`card.${key}`)}</span>
              </dt>
              <dd>{value}</dd>
            </div>
          ),
        )}
      </dl>
    </Card>
  );
}

export function ProgramCardGrid({
  programs,
  headingLevel = 3,
}: {
  programs: StudyProgramItem[];
  headingLevel?: 2 | 3 | 4;
}) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {programs.map((p) => (
        <li key={p.id}>
          <ProgramCard program={p} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
