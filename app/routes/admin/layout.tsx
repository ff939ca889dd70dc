import { Outlet } from "react-router";
import { DashboardShell } from "~/app/components/dashboard-shell";
import { requireStaff } from "~/server/auth/guards.server";
import type { Route } from "./+types/layout";

// The layout check only shapes the page; every child loader and action checks access itself.
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  return null;
}

export default function AdminLayout() {
  return (
    <DashboardShell>
      <Outlet />
    </DashboardShell>
  );
}
