import { ComingSoon } from "~/app/components/coming-soon";
import type { ShellHandle } from "~/app/components/dashboard-shell";
import { pageMeta } from "~/app/lib/seo";
import { requireStaff } from "~/server/auth/guards.server";
import type { Route } from "./+types/dashboard";

export const handle: ShellHandle = { titleKey: "titles.adminDashboard" };
export const meta = () => pageMeta({ title: "Admin Dashboard", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  return null;
}

export default function Page() {
  return <ComingSoon />;
}
