import { BellRingIcon } from "lucide-react";
import { AlertLinkPage, alertLinkLoader } from "~/app/components/alert-link-page";
import { i18nHandle } from "~/app/i18n/namespaces";
import { publicPageMeta } from "~/app/lib/seo";
import { confirmVisitorAlert } from "~/server/jobs/job-alerts.server";
import type { Route } from "./+types/alert-confirm";

export const handle = i18nHandle("jobs");

// The token is the permission: no session is needed, and the page is never kept by a cache.
export const headers = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = publicPageMeta((_, t) => ({
  title: t("jobs:alerts.confirm.title"),
  noindex: true,
}));

/** Opening the link only asks (mail scanners open links too); the button confirms the alert. */
export const loader = alertLinkLoader;

/** Confirms a visitor's alert from the link in its confirmation e-mail, without signing in. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  return { outcome: token ? await confirmVisitorAlert(token) : ("invalid" as const) };
}

export default function ConfirmAlertPage({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData?.outcome;
  return (
    <AlertLinkPage
      step="confirm"
      icon={<BellRingIcon className="size-6 text-primary-700" aria-hidden />}
      token={loaderData.token}
      answer={outcome === "confirmed" ? "done" : outcome}
    />
  );
}
