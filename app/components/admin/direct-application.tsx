import { TriangleAlertIcon } from "lucide-react";
import { Alert } from "~/app/components/ui/alert";
import { Badge } from "~/app/components/ui/badge";
import { useAdminT } from "~/app/components/admin/use-admin-t";

// An application to a job not advertised to residents of the applicant's country (decision
// record 35): staff see it wherever they handle the application, from the
// flag recorded when the person applied.

/** The short warning of a list row or a card. */
export function DirectApplicationBadge() {
  const { t } = useAdminT();
  return (
    <Badge tone="waiting" className="mt-1" data-testid="direct-application">
      <TriangleAlertIcon aria-hidden className="size-3" />
      {t("directApplication.badge")}
    </Badge>
  );
}

/** The warning of the details dialog: what it means and what staff must not do. */
export function DirectApplicationWarning() {
  const { t } = useAdminT();
  return (
    <Alert tone="warning" title={t("directApplication.title")} data-testid="direct-application">
      {t("directApplication.body")}
    </Alert>
  );
}
