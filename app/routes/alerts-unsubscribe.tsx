import { BellOffIcon } from "lucide-react";
import { AlertLinkPage, alertLinkLoader } from "~/app/components/alert-link-page";
import { i18nHandle } from "~/app/i18n/namespaces";
import { publicPageMeta } from "~/app/lib/seo";
import { unsubscribeByToken } from "~/server/jobs/job-alerts.server";
import type { Route } from "./+types/alerts-unsubscribe";

export const handle = i18nHandle("jobs");

// The token is the permission: no session is needed, and the page is never kept by a cache.
export const headers = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = publicPageMeta((_, t) => ({
  title: t("jobs:alerts.unsubscribe.title"),
  noindex: true,
}));

/** Opening the link only asks (mail scanners open links too); the button stops the alert. */
export const loader = alertLinkLoader;

/**
 * Stops the alert: the page's button, or a mail client's one-click POST (RFC 8058: the token in
 * the address, `List-Unsubscribe=One-Click` in the body).
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const token = new URL(request.url).searchParams.get("token") ?? String(form.get("token") ?? "");
  return { stopped: token ? await unsubscribeByToken(token) : false };
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AlertLinkPage
      step="unsubscribe"
      as="main"
      icon={<BellOffIcon className="size-6 text-slate-500" aria-hidden />}
      token={loaderData.token}
      answer={actionData && (actionData.stopped ? "done" : "invalid")}
    />
  );
}
