import { MailWarningIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Alert } from "~/app/components/ui/alert";
import { Button } from "~/app/components/ui/button";
import type { InboxData } from "./inbox-screen";

/**
 * E-mail still waiting or given up on (replies go out by e-mail), with a way to queue the failed
 * ones again; nothing when all is delivered.
 */
export function MailHealthPanel({ mail }: { mail: InboxData["mail"] }) {
  const { t } = useTranslation("inbox");
  if (mail.failed === 0 && mail.pending === 0) return null;
  return (
    <Alert
      tone={mail.failed > 0 ? "error" : "info"}
      title={t("mail.title")}
      data-testid="mail-health"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          {mail.pending > 0 ? <p>{t("mail.pending", { count: mail.pending })}</p> : null}
          {mail.failed > 0 ? (
            <p className="flex items-center gap-1">
              <MailWarningIcon className="size-4" aria-hidden />
              {t("mail.failed", { count: mail.failed })}
            </p>
          ) : null}
          {mail.lastError ? (
            <p className="text-xs break-all">{t("mail.lastError", { error: mail.lastError })}</p>
          ) : null}
        </div>
        {mail.failed > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="retry-mail" />
            <Button type="submit" size="sm" variant="outline">
              {t("mail.retry")}
            </Button>
          </Form>
        ) : null}
      </div>
    </Alert>
  );
}
