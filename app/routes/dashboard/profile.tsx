import { ComingSoon } from "~/app/components/coming-soon";
import type { ShellHandle } from "~/app/components/dashboard-shell";
import { pageMeta } from "~/app/lib/seo";
import { requireUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/profile";

export const handle: ShellHandle = { titleKey: "titles.profile" };
export const meta = () => pageMeta({ title: "Profile Settings", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function Page() {
  return <ComingSoon />;
}
