import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { Link } from "~/app/components/localized";
import { Alert } from "~/app/components/ui/alert";
import { buttonVariants } from "~/app/components/ui/button";

type LoadErrorKey =
  | "dashboard"
  | "agentApplicants"
  | "users"
  | "jobs"
  | "programs"
  | "employers"
  | "applications"
  | "applicant"
  | "messages"
  | "inquiries"
  | "outsourcing"
  | "complaints"
  | "activity"
  | "monitoring"
  | "payments"
  | "todos"
  | "interviews"
  | "views"
  | "search"
  | "documentTypes"
  | "checklists"
  | "expiringDocuments";

/**
 * A back-office page whose data could not be loaded: the spec's message inside the admin shell
 * (so the navigation stays usable) and a way to try again.
 */
export function LoadError({ what }: { what: LoadErrorKey }) {
  const { t } = useTranslation();
  const error = useRouteError();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Alert tone="error" title={t("notFound.title")}>
        {t("notFound.body")}
      </Alert>
    );
  }
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  return (
    <div className="grid justify-items-start gap-4">
      <Alert
        tone="error"
        title={unavailable ? t("errors.unavailable.title") : t("loadErrors.title")}
      >
        {unavailable ? t("errors.unavailable.body") : t(`loadErrors.${what}`)}
      </Alert>
      <Link
        to={location.pathname + location.search}
        className={buttonVariants({ variant: "outline" })}
      >
        {t("loadErrors.retry")}
      </Link>
    </div>
  );
}
