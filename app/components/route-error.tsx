import { useTranslation } from "react-i18next";
import { isRouteErrorResponse } from "react-router";
import { Link } from "~/app/components/localized";
import { buttonVariants } from "~/app/components/ui/button";

/**
 * A public route's error inside the site frame: the not-found page for a 404 (unknown slug,
 * unpublished post), "try again in a minute" for a 503 (the database could not be reached), a
 * generic apology otherwise.
 */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  const text = notFound ? "notFound" : status === 503 ? "errors.unavailable" : "errors.generic";
  return (
    <div className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-24 text-center">
      {notFound ? <p className="text-6xl font-bold text-primary-700">404</p> : null}
      <h1 className="text-2xl font-bold">{t(`${text}.title`)}</h1>
      <p className="text-slate-700">{t(`${text}.body`)}</p>
      <Link to="/" className={buttonVariants()}>
        {t("notFound.home")}
      </Link>
    </div>
  );
}
