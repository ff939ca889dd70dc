import { LoadError } from "~/app/components/admin/load-error";
import type { ShellHandle } from "~/app/components/dashboard-shell";
import { i18nHandle } from "~/app/i18n/namespaces";
import { pageMeta } from "~/app/lib/seo";
import type { Route } from "./+types/outsourcing";
import { InboxScreen } from "./inquiries/inbox-screen";
import { inboxAction, loadInbox } from "./inquiries/inbox.server";

// Outsourcing Inquiries: quote requests from /outsourcing, in the inbox screen contact messages
// share (./inquiries/): list, status, replies by e-mail.

export const handle: ShellHandle = { ...i18nHandle("inbox"), titleKey: "titles.outsourcing" };
export const meta = () => pageMeta({ title: "Outsourcing Inquiries", noindex: true });

export const loader = ({ request }: Route.LoaderArgs) => loadInbox(request, "outsourcing");
export const action = (args: Route.ActionArgs) => inboxAction(args, "outsourcing");

export default function QuoteRequestsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <InboxScreen data={loaderData} result={actionData} />;
}

export function ErrorBoundary() {
  return <LoadError what="outsourcing" />;
}
