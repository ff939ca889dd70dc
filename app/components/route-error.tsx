import { useTranslation } from "react-i18next";
import { isRouteErrorResponse } from "react-router";
import { Link } from "~/app/components/localized";
import { buttonVariants } from "~/app/components/ui/button";

/**
 * A public route's error inside the site frame: the not-found page for a 404 (unknown slug,
 * unpublished post), a generic apology otherwise.
 */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-24 text-center">
      {notFound ? <p className="text-6xl font-bold text-primary-700">404</p> : null}
      <h1 className="text-2xl font-bold">
        {notFound ? t("notFound.title") : t("errors.generic.title")}
      </h1>
      <p className="text-slate-700">{notFound ? t("notFound.body") : t("errors.generic.body")}</p>
      <Link to="/" className={buttonVariants()}>
        {t("notFound.home")}
      </Link>
    </div>
  );
}
