import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonVariants } from "~/app/components/ui/button";
import { pageMeta } from "~/app/lib/seo";

export const meta = () =>
  pageMeta({
    title: "Passage",
    description: "Honest jobs and study programs abroad for African job seekers and students.",
    path: "/",
  });

export default function Home() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-16">
      <h1 className="text-4xl font-bold text-primary-900">{t("brand.name")}</h1>
      <div className="flex gap-3">
        <Link to="/jobs" className={buttonVariants()}>
          {t("nav.findJobs")}
        </Link>
      </div>
      <section id="jobs" aria-label={t("nav.findJobs")} />
      <section id="study" aria-label={t("nav.studyAbroad")} />
    </div>
  );
}
