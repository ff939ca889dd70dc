import { Outlet } from "react-router";
import { DashboardShell } from "~/app/components/dashboard-shell";
import { requireCurrentConsent } from "~/server/privacy/consent.server";
import { requireUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/layout";

// The layout check only shapes the page; every child loader and action checks access itself.
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  await requireCurrentConsent(request, viewer);
  return null;
}

export default function DashboardLayout() {
  return (
    <DashboardShell>
      <Outlet />
    </DashboardShell>
  );
}
