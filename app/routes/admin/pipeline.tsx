import { ComingSoon } from "~/app/components/coming-soon";
import type { ShellHandle } from "~/app/components/dashboard-shell";
import { pageMeta } from "~/app/lib/seo";
import { requireStaff } from "~/server/auth/guards.server";
import type { Route } from "./+types/pipeline";

export const handle: ShellHandle = { titleKey: "titles.pipeline" };
export const meta = () => pageMeta({ title: "Application Pipeline", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  return null;
}

export default function Page() {
  return <ComingSoon />;
}
