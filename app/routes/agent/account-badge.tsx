import { useTranslation } from "react-i18next";
import { Badge } from "~/app/components/ui/badge";
import type { AgentApplicantAccount } from "~/domain/agents";

/** Waiting for the applicant to confirm by the e-mailed link, or their account is theirs. */
export function AccountBadge({ account }: { account: AgentApplicantAccount }) {
  const { t } = useTranslation("agent");
  return (
    <Badge tone={account === "active" ? "success" : "waiting"} data-testid="account-state">
      {t(`account.${account}`)}
    </Badge>
  );
}
