import { useTranslation } from "react-i18next";
import { Link, Outlet } from "react-router";
import { DashboardShell } from "~/app/components/dashboard-shell";
import { StaleFlashContext } from "~/app/components/flash";
import { StaleFlash } from "~/app/components/admin/stale-flash";
import { Alert } from "~/app/components/ui/alert";
import { i18nHandle } from "~/app/i18n/namespaces";
import { useKeepFocusAfterActions } from "~/app/lib/keep-focus";
import { requireCurrentConsent } from "~/server/privacy/consent.server";
import { requireStaff } from "~/server/auth/guards.server";
import {
  countRecentOverpaymentsForStaff,
  OVERPAYMENT_AUDIT_ACTION,
} from "~/server/payments/payments.server";
import { config } from "~/server/config.server";
import { SavedViewsNav } from "~/app/components/admin/saved-views-nav";
import { BackOfficeSearch } from "~/app/components/admin/back-office-search";
import { listSavedViews } from "~/server/saved-views/saved-views.server";
import { listDocumentTypes } from "~/server/documents/document-types.server";
import type { Route } from "./+types/layout";

export const handle = i18nHandle("admin");

// The layout check only shapes the page; every child loader and action checks access itself.
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireStaff(request);
  await requireCurrentConsent(request, viewer);
  const [overpayments, savedViews, documentTypes] = await Promise.all([
    countRecentOverpaymentsForStaff(),
    // The viewer's own saved views of the applications list, for the sidebar.
    listSavedViews({ viewer }),
    listDocumentTypes(),
  ]);
  return {
    // Staff must know when Pay marks people paid without any money moving.
    simulatedPayments: config().payments.provider === "simulated",
    overpayments,
    // Built here: the component may not import the server-only payments module.
    overpaymentsHref: `/admin/activity?action=${encodeURIComponent(OVERPAYMENT_AUDIT_ACTION)}`,
    savedViews,
    // Every screen below names documents by these (useDocumentTypeName).
    documentTypes: documentTypes.map(({ key, names }) => ({ key, names })),
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { simulatedPayments, overpayments, overpaymentsHref, savedViews } = loaderData;
  useKeepFocusAfterActions();
  return (
    <DashboardShell
      sidebarExtra={<SavedViewsNav views={savedViews} />}
      headerExtra={<BackOfficeSearch />}
    >
      {simulatedPayments || overpayments > 0 ? (
        <div className="mb-6 grid gap-3">
          {simulatedPayments ? (
            <Alert
              tone="warning"
              title={t("banners.simulatedTitle")}
              data-testid="banner-simulated"
            >
              {t("banners.simulated")}
            </Alert>
          ) : null}
          {overpayments > 0 ? (
            <Alert
              tone="warning"
              title={t("banners.overpaymentsTitle", { count: overpayments })}
              data-testid="banner-overpayments"
            >
              {t("banners.overpayments", { count: overpayments })}{" "}
              <Link to={overpaymentsHref} className="font-medium underline">
                {t("banners.overpaymentsLink")}
              </Link>
            </Alert>
          ) : null}
        </div>
      ) : null}
      <StaleFlashContext value={StaleFlash}>
        <Outlet />
      </StaleFlashContext>
    </DashboardShell>
  );
}
