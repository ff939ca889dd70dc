import { LoadError } from "~/app/components/admin/load-error";
import type { ShellHandle } from "~/app/components/dashboard-shell";
import { i18nHandle } from "~/app/i18n/namespaces";
import { pageMeta } from "~/app/lib/seo";
import type { Route } from "./+types/inquiries";
import { InboxScreen } from "./inquiries/inbox-screen";
import { inboxAction, loadInbox } from "./inquiries/inbox.server";

// Contact Inquiries: messages sent from /contact. The same inbox screen serves quote requests at
// /admin/outsourcing (./outsourcing.tsx); its parts sit in ./inquiries/.

export const handle: ShellHandle = { ...i18nHandle("inbox"), titleKey: "titles.inquiries" };
export const meta = () => pageMeta({ title: "Contact Inquiries", noindex: true });

export const loader = ({ request }: Route.LoaderArgs) => loadInbox(request, "contact");
export const action = (args: Route.ActionArgs) => inboxAction(args, "contact");

export default function ContactInquiriesPage({ loaderData, actionData }: Route.ComponentProps) {
  return <InboxScreen data={loaderData} result={actionData} />;
}

export function ErrorBoundary() {
  return <LoadError what="inquiries" />;
}
