import type { ParseKeys } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Link } from "~/app/components/localized";
import { Alert } from "~/app/components/ui/alert";
import { Button, buttonVariants } from "~/app/components/ui/button";

/*
 * The pages a job alert's e-mail links to (confirm the alert, stop it). Opening the link only
 * asks, since mail scanners open links too; the page's button posts the token. No session is
 * needed: the token is the permission.
 */

/** The token in the link's address (empty when there is none). */
export function alertLinkLoader({ request }: { request: Request }) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

/**
 * The page: its title, then the answer of the post (`answer`, a key under `alerts.<step>` of the
 * jobs strings: "done" for success, else what went wrong), else the button, else "not valid".
 */
export function AlertLinkPage({
  step,
  as: Root = "div",
  icon,
  token,
  answer,
}: {
  step: "confirm" | "unsubscribe";
  as?: "div" | "main";
  icon: ReactNode;
  token: string;
  answer?: "done" | "invalid" | "expired";
}) {
  const { t } = useTranslation("jobs");
  return (
    <Root className="mx-auto grid max-w-lg gap-4 px-4 py-16">
      <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        {icon}
        {t(`alerts.${step}.title`)}
      </h1>
      {answer ? (
        <Alert tone={answer === "done" ? "success" : "error"}>
          {t(`alerts.${step}.${answer}` as ParseKeys<"jobs">)}
        </Alert>
      ) : token ? (
        <Form method="post" className="grid gap-3">
          <p className="text-slate-700">{t(`alerts.${step}.body`)}</p>
          <input type="hidden" name="token" value={token} />
          <Button type="submit" className="justify-self-start">
            {t(`alerts.${step}.button`)}
          </Button>
        </Form>
      ) : (
        <Alert tone="error">{t(`alerts.${step}.invalid`)}</Alert>
      )}
      <Link
        to="/jobs"
        className={buttonVariants({ variant: "link", className: "justify-self-start" })}
      >
        {t("detail.browse")}
      </Link>
    </Root>
  );
}
