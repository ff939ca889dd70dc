import { BellOffIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Link } from "~/app/components/localized";
import { Alert } from "~/app/components/ui/alert";
import { Button, buttonVariants } from "~/app/components/ui/button";
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
export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

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
  const { t } = useTranslation("jobs");
  return (
    <main className="mx-auto grid max-w-lg gap-4 px-4 py-16">
      <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <BellOffIcon className="size-6 text-slate-500" aria-hidden />
        {t("alerts.unsubscribe.title")}
      </h1>
      {actionData ? (
        <Alert tone={actionData.stopped ? "success" : "error"}>
          {actionData.stopped ? t("alerts.unsubscribe.done") : t("alerts.unsubscribe.invalid")}
        </Alert>
      ) : loaderData.token ? (
        <Form method="post" className="grid gap-3">
          <p className="text-slate-700">{t("alerts.unsubscribe.body")}</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <Button type="submit" className="justify-self-start">
            {t("alerts.unsubscribe.button")}
          </Button>
        </Form>
      ) : (
        <Alert tone="error">{t("alerts.unsubscribe.invalid")}</Alert>
      )}
      <Link
        to="/jobs"
        className={buttonVariants({ variant: "link", className: "justify-self-start" })}
      >
        {t("detail.browse")}
      </Link>
    </main>
  );
}
