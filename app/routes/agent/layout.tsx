import { Outlet } from "react-router";
import { DashboardShell } from "~/app/components/dashboard-shell";
import { requireCurrentConsent } from "~/server/privacy/consent.server";
import { requireAgent } from "~/server/auth/guards.server";
import type { Route } from "./+types/layout";

// The agent area: the applicants an agent registered. The layout check only shapes the page;
// every child loader and action checks the agent and their ownership of the applicant itself.
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireAgent(request);
  await requireCurrentConsent(request, viewer);
  return null;
}

export default function AgentLayout() {
  return (
    <DashboardShell>
      <Outlet />
    </DashboardShell>
  );
}
