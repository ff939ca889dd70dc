import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { Link } from "~/app/components/localized";
import { buttonVariants } from "~/app/components/ui/button";
import { pageNotFound, publicPageMeta } from "~/app/lib/seo";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = publicPageMeta((_, t) => pageNotFound(t));

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-bold text-primary-700">404</p>
      <h1 className="text-2xl font-bold">{t("notFound.title")}</h1>
      <p className="text-slate-700">{t("notFound.body")}</p>
      <Link to="/" className={buttonVariants()}>
        {t("notFound.home")}
      </Link>
    </div>
  );
}
