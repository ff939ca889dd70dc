import { ComingSoon } from "~/app/components/coming-soon";
import type { ShellHandle } from "~/app/components/dashboard-shell";
import { pageMeta } from "~/app/lib/seo";
import { requireApplicant } from "~/server/auth/guards.server";
import type { Route } from "./+types/payment";

export const handle: ShellHandle = { titleKey: "titles.payment" };
export const meta = () => pageMeta({ title: "Registration Payment", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireApplicant(request);
  return null;
}

export default function Page() {
  return <ComingSoon />;
}
