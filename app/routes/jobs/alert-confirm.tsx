import { BellRingIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Link } from "~/app/components/localized";
import { Alert } from "~/app/components/ui/alert";
import { Button, buttonVariants } from "~/app/components/ui/button";
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
export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

/** Confirms a visitor's alert from the link in its confirmation e-mail, without signing in. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  return { outcome: token ? await confirmVisitorAlert(token) : ("invalid" as const) };
}

export default function ConfirmAlertPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("jobs");
  return (
    <div className="mx-auto grid max-w-lg gap-4 px-4 py-16">
      <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <BellRingIcon className="size-6 text-primary-700" aria-hidden />
        {t("alerts.confirm.title")}
      </h1>
      {actionData ? (
        <Alert tone={actionData.outcome === "confirmed" ? "success" : "error"}>
          {t(`alerts.confirm.${actionData.outcome === "confirmed" ? "done" : actionData.outcome}`)}
        </Alert>
      ) : loaderData.token ? (
        <Form method="post" className="grid gap-3">
          <p className="text-slate-700">{t("alerts.confirm.body")}</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <Button type="submit" className="justify-self-start">
            {t("alerts.confirm.button")}
          </Button>
        </Form>
      ) : (
        <Alert tone="error">{t("alerts.confirm.invalid")}</Alert>
      )}
      <Link
        to="/jobs"
        className={buttonVariants({ variant: "link", className: "justify-self-start" })}
      >
        {t("detail.browse")}
      </Link>
    </div>
  );
}
