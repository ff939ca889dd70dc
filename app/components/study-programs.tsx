import { useTranslation } from "react-i18next";
import { Link } from "~/app/components/localized";
import { SectionHeader } from "~/app/components/page-section";
import { ProgramCardGrid } from "~/app/components/program-card";
import { buttonVariants } from "~/app/components/ui/button";
import type { StudyProgramItem } from "~/domain/content";

/**
 * Study programs as cards under a heading, with the way to all of them (/study). Used on the home
 * page (#study) and on /services/student-placement.
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
  const { t: ts } = useTranslation("study");
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
        <ProgramCardGrid programs={programs} headingLevel={headingLevel === 2 ? 3 : 4} />
      )}
      <Link
        to="/study"
        className={buttonVariants({ variant: "outline", className: "justify-self-center" })}
      >
        {ts("card.seeAll")}
      </Link>
    </section>
  );
}
