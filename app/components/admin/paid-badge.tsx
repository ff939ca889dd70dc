import type { ReactNode } from "react";
import { Badge } from "~/app/components/ui/badge";
import { useAdminT } from "./use-admin-t";

/**
 * Whether a person paid the registration fee, as a badge: green when paid, amber while waiting.
 * `children` words it; by default "Paid" or "Pending". Someone whose fee policy asks no fee up
 * front (`feeDue` false, decision record 33) owes nothing: "No fee", never unpaid.
 */
export function PaidBadge({
  paid,
  feeDue = true,
  children,
}: {
  paid: boolean;
  feeDue?: boolean;
  children?: ReactNode;
}) {
  const { t } = useAdminT();
  if (!paid && !feeDue) return <Badge tone="neutral">{t("applications.noFee")}</Badge>;
  return (
    <Badge tone={paid ? "success" : "waiting"}>
      {children ?? (paid ? t("applications.paid") : t("applications.pending"))}
    </Badge>
  );
}
