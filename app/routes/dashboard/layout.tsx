import { Outlet } from "react-router";
import { DashboardShell } from "~/app/components/dashboard-shell";
import { requireUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/layout";

// The layout check only shapes the page; every child loader and action checks access itself.
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function DashboardLayout() {
  return (
    <DashboardShell>
      <Outlet />
    </DashboardShell>
  );
}
