import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { Alert } from "~/app/components/ui/alert";
import { FormErrors } from "~/app/components/ui/field";
import { i18nHandle } from "~/app/i18n/namespaces";
import { useLazyForm } from "~/app/lib/lazy-form";
import { publicPageMeta } from "~/app/lib/seo";
import { ForgotPasswordSchema } from "~/domain/auth";
import { isAPIError } from "better-auth/api";
import { CLIENT_IP_HEADER } from "~/server/auth/account-guards.server";
import { auth } from "~/server/auth/auth.server";
import { config } from "~/server/config.server";
import { logger } from "~/server/logger.server";
import type { Route } from "./+types/forgot-password";
import { AuthCard, AuthColumn, EmailField, SubmitButton } from "./auth-parts";

export const handle = i18nHandle("auth");

export const meta: Route.MetaFunction = publicPageMeta({
  title: "Reset your password",
  path: "/auth/forgot-password",
  noindex: true,
});

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ForgotPasswordSchema });
  if (submission.status !== "success")
    return data({ sent: false, result: submission.reply() }, 400);
  const { email } = submission.value;
  // The per-address and per-client caps live in a better-auth hook, so they hold on this form
  // and on /api/auth/request-password-reset alike (server/auth/account-guards.server.ts).
  try {
    await auth().api.requestPasswordReset({
      body: { email, redirectTo: `${config().baseUrl}/auth/reset-password` },
      headers: new Headers({ [CLIENT_IP_HEADER]: context.clientIp }),
    });
  } catch (error) {
    if (isAPIError(error) && error.statusCode === 429) {
      const wait = Number(new Headers(error.headers).get("retry-after")) || 3600;
      return data(
        {
          sent: false,
          result: submission.reply({ formErrors: [`errors.tooManyAttempts|${wait}`] }),
        },
        429,
      );
    }
    logger().warn({ err: error, requestId: context.requestId }, "password reset request failed");
  }
  // The same answer whether or not the address has an account: nobody can probe for accounts.
  return { sent: true, result: submission.reply({ resetForm: true }) };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const busy = useNavigation().state === "submitting";
  const [form, fields, formProps] = useLazyForm(
    () => import("~/domain/auth").then((m) => m.ForgotPasswordSchema),
    { id: "forgot", lastResult: actionData?.result, shouldRevalidate: "onSubmit" },
  );
  return (
    <AuthColumn>
      <AuthCard
        title={t("forgot.title")}
        description={t("forgot.description")}
        contentClassName="grid gap-4"
      >
        {actionData?.sent ? <Alert tone="success">{t("forgot.sent")}</Alert> : null}
        <FormErrors errors={form.errors} ns="auth" />
        <Form method="post" {...formProps} className="grid gap-4">
          <EmailField field={fields.email} />
          <SubmitButton busy={busy} label={t("forgot.submit")} busyLabel={t("forgot.submitting")} />
        </Form>
        <Link to="/auth" className="text-sm text-primary-700 underline">
          {t("forgot.back")}
        </Link>
      </AuthCard>
    </AuthColumn>
  );
}
