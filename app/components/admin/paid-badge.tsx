import type { ReactNode } from "react";
import { Badge } from "~/app/components/ui/badge";
import { useAdminT } from "./use-admin-t";

/**
 * Whether a person paid the registration fee, as a badge: green when paid, amber while waiting.
 * `children` words it; by default "Paid" or "Pending".
 */
export function PaidBadge({ paid, children }: { paid: boolean; children?: ReactNode }) {
  const { t } = useAdminT();
  return (
    <Badge tone={paid ? "success" : "waiting"}>
      {children ?? (paid ? t("applications.paid") : t("applications.pending"))}
    </Badge>
  );
}
