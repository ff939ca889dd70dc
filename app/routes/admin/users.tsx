import { ComingSoon } from "~/app/components/coming-soon";
import type { ShellHandle } from "~/app/components/dashboard-shell";
import { pageMeta } from "~/app/lib/seo";
import { requireUserAdmin } from "~/server/auth/guards.server";
import type { Route } from "./+types/users";

export const handle: ShellHandle = { titleKey: "titles.users" };
export const meta = () => pageMeta({ title: "Users", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireUserAdmin(request);
  return null;
}

export default function Page() {
  return <ComingSoon />;
}
