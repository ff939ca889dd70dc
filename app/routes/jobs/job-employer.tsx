import { useTranslation } from "react-i18next";
import { Badge } from "~/app/components/ui/badge";
import type { PublicEmployer } from "~/domain/employers";

/**
 * Who the job is with (decision record 43): the employer's name, with "Verified employer" when
 * staff checked it, or the words staff chose when the employer is not to be named.
 */
export function JobEmployer({ employer }: { employer: PublicEmployer }) {
  const { t } = useTranslation("jobs");
  if (!employer) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 text-slate-800" data-testid="job-employer">
      <span className="text-sm text-slate-600">{t("detail.employer")}:</span>
      <span className="font-medium">
        {employer.kind === "named" ? employer.name : employer.description}
      </span>
      {employer.kind === "named" && employer.verified ? (
        <Badge tone="success" title={t("detail.verifiedEmployerHint")}>
          ✓ {t("detail.verifiedEmployer")}
        </Badge>
      ) : null}
    </p>
  );
}
