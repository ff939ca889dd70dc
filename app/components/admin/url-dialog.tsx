import type { ReactNode } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Card, CardContent, CardHeader } from "~/app/components/ui/card";
import { TitledDialog } from "./titled-dialog";
import { useAdminT } from "./use-admin-t";
import { useHydrated } from "~/app/lib/use-hydrated";

/**
 * A dialog whose open state lives in the URL (?new=1, ?edit=<id>, ?view=<id>): before JavaScript
 * loads it renders inline as a card, so links and forms still work; afterwards it is a Radix dialog.
 */
export function UrlDialog({
  param,
  title,
  description,
  children,
  wide,
}: {
  param: string | string[];
  title: string;
  description?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useAdminT();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const close = () => {
    const next = new URLSearchParams(params);
    for (const p of Array.isArray(param) ? param : [param]) next.delete(p);
    const qs = next.toString();
    void navigate(qs ? `?${qs}` : ".", { preventScrollReset: true, replace: true });
  };
  if (!hydrated) {
    return (
      <Card highlight className="mb-6" data-testid="inline-dialog">
        <CardHeader>
          <h2 className="text-lg font-semibold">{title}</h2>
          {description ? <p className="text-sm text-slate-600">{description}</p> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    );
  }
  return (
    <TitledDialog
      open
      onOpenChange={(open) => (open ? undefined : close())}
      title={title}
      description={description}
      closeLabel={t("actions.close")}
      width={wide ? "3xl" : undefined}
    >
      {children}
    </TitledDialog>
  );
}
