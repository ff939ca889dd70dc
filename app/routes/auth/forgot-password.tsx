import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { Alert } from "~/app/components/ui/alert";
import { Button } from "~/app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/app/components/ui/card";
import { FormErrors, FormInput } from "~/app/components/ui/field";
import { i18nHandle } from "~/app/i18n/namespaces";
import { useLazyValidation } from "~/app/lib/lazy-validation";
import { pageMeta } from "~/app/lib/seo";
import { ForgotPasswordSchema } from "~/domain/auth";
import { isAPIError } from "better-auth/api";
import { CLIENT_IP_HEADER } from "~/server/auth/account-guards.server";
import { auth } from "~/server/auth/auth.server";
import { config } from "~/server/config.server";
import { logger } from "~/server/logger.server";
import type { Route } from "./+types/forgot-password";

export const handle = i18nHandle("auth");

export const meta = () =>
  pageMeta({ title: "Reset your password", path: "/auth/forgot-password", noindex: true });

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
  const navigation = useNavigation();
  const lazy = useLazyValidation(() => import("~/domain/auth").then((m) => m.ForgotPasswordSchema));
  const [form, fields] = useForm({
    id: "forgot",
    lastResult: actionData?.result,
    onValidate: lazy.onValidate,
    shouldValidate: "onSubmit",
  });
  return (
    <div className="mx-auto grid max-w-md gap-4 px-4 py-10">
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold text-slate-900">{t("forgot.title")}</h1>
          <CardDescription>{t("forgot.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {actionData?.sent ? <Alert tone="success">{t("forgot.sent")}</Alert> : null}
          <FormErrors errors={form.errors} ns="auth" />
          <Form method="post" {...lazy.formProps(getFormProps(form))} className="grid gap-4">
            <FormInput
              field={fields.email}
              ns="auth"
              type="email"
              label={t("fields.email")}
              autoComplete="email"
              required
            />
            <Button type="submit" disabled={navigation.state === "submitting"}>
              {navigation.state === "submitting" ? t("forgot.submitting") : t("forgot.submit")}
            </Button>
          </Form>
          <Link to="/auth" className="text-sm text-primary-700 underline">
            {t("forgot.back")}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
