import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "~/app/components/ui/card";
import { useAdminT } from "./use-admin-t";
import { numberFormatter } from "~/domain/format";

export function StatCard({
  label,
  value,
  icon,
  hint,
}: {
  label: string;
  value: number | string;
  icon?: ReactNode;
  hint?: string;
}) {
  const { i18n } = useTranslation();
  const shown = typeof value === "number" ? numberFormatter(i18n.language).format(value) : value;
  return (
    <Card className="flex items-center gap-4 p-4">
      {icon ? (
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary-50 text-primary-700 [&_svg]:size-5">
          {icon}
        </span>
      ) : null}
      <div className="min-w-0">
        <p className="text-sm text-slate-600">{label}</p>
        <p className="text-2xl font-bold text-slate-900" data-testid="stat-value">
          {shown}
        </p>
        {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
      </div>
    </Card>
  );
}

export function StatGrid({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">{children}</div>;
}

/**
 * A grid of figures, one card per icon in its order; each card's label is `<labels>.<key>`, and
 * `hints` gives a card a line under its figure.
 */
export function StatCards<K extends string>({
  labels,
  stats,
  icons,
  hints = {},
}: {
  labels: string;
  stats: Record<NoInfer<K>, number>;
  icons: Record<K, LucideIcon>;
  hints?: Partial<Record<NoInfer<K>, string>>;
}) {
  const { t } = useAdminT();
  return (
    <StatGrid>
      {(Object.entries(icons) as [K, LucideIcon][]).map(([key, Icon]) => (
        <StatCard
          key={key}
          label={t(`${labels}.${key}`)}
          value={stats[key]}
          icon={<Icon aria-hidden />}
          hint={hints[key]}
        />
      ))}
    </StatGrid>
  );
}
