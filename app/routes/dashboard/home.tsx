import { ComingSoon } from "~/app/components/coming-soon";
import type { ShellHandle } from "~/app/components/dashboard-shell";
import { pageMeta } from "~/app/lib/seo";
import { requireUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/home";

export const handle: ShellHandle = { titleKey: "titles.dashboard" };
export const meta = () => pageMeta({ title: "Dashboard", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function Page() {
  return <ComingSoon />;
}
