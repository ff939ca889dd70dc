import { useLocation } from "react-router";
import { LoadError } from "~/app/components/admin/load-error";
import { i18nHandle } from "~/app/i18n/namespaces";
import { shellScreen } from "~/app/lib/shell-screen";
import type { InquiryKind } from "~/domain/inquiries";
import type { Route } from "./+types/inquiries";
import { type InboxData, InboxScreen } from "./inquiries/inbox-screen";
import { inboxAction, loadInbox } from "./inquiries/inbox.server";
import { revalidateAfterStale } from "~/app/lib/action-result";

// One module serves both back-office inboxes (app/routes.ts names it twice); the path says which:
// /admin/inquiries holds the messages sent from /contact, /admin/outsourcing the quote requests
// from /outsourcing. Their parts sit in ./inquiries/.

/** Each inbox's shell heading (and tab title) and its load-failure message. */
const INBOXES = {
  contact: { titleKey: "titles.inquiries", what: "inquiries" },
  outsourcing: { titleKey: "titles.outsourcing", what: "outsourcing" },
  complaint: { titleKey: "titles.complaints", what: "complaints" },
} as const satisfies Record<InquiryKind, object>;

const kindAt = (pathname: string): InquiryKind =>
  /^\/admin\/outsourcing\/?$/.test(pathname)
    ? "outsourcing"
    : /^\/admin\/complaints\/?$/.test(pathname)
      ? "complaint"
      : "contact";

export const { handle, meta } = shellScreen(
  i18nHandle("inbox"),
  (pathname) => INBOXES[kindAt(pathname)].titleKey,
);

/** After a save refused as stale, the page shows the record as it is now (decision record 37). */
export const shouldRevalidate = revalidateAfterStale;

export const loader = ({ request }: Route.LoaderArgs) =>
  loadInbox(request, kindAt(new URL(request.url).pathname));
export const action = (args: Route.ActionArgs) =>
  inboxAction(args, kindAt(new URL(args.request.url).pathname));

export default function InboxPage({ loaderData, actionData }: Route.ComponentProps) {
  // The loader's kind and rows go together: data of one kind or the other, never a mix.
  return <InboxScreen data={loaderData as InboxData} result={actionData} />;
}

export function ErrorBoundary() {
  return <LoadError what={INBOXES[kindAt(useLocation().pathname)].what} />;
}
