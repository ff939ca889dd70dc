import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { Alert } from "~/app/components/ui/alert";
import { Button } from "~/app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/app/components/ui/card";
import { FormInput } from "~/app/components/ui/field";
import { i18nHandle } from "~/app/i18n/namespaces";
import { translateErrors } from "~/app/lib/form-errors";
import { useLazyValidation } from "~/app/lib/lazy-validation";
import { pageMeta } from "~/app/lib/seo";
import { ResetPasswordSchema } from "~/domain/auth";
import { auth } from "~/server/auth/auth.server";
import type { Route } from "./+types/reset-password";

export const handle = i18nHandle("auth");

export const meta = () => pageMeta({ title: "Choose a new password", noindex: true });

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ResetPasswordSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields }) }, 400);
  const response = await auth().api.resetPassword({
    body: { newPassword: submission.value.password, token: submission.value.token },
    asResponse: true,
  });
  if (!response.ok) {
    return data(
      { result: submission.reply({ formErrors: ["errors.resetLinkInvalid"], hideFields }) },
      400,
    );
  }
  throw redirect("/auth?reset=done");
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const navigation = useNavigation();
  // better-auth sends the user here with ?token=… (or ?error=INVALID_TOKEN for a dead link).
  const token = params.get("token") ?? "";
  const lazy = useLazyValidation(() => import("~/domain/auth").then((m) => m.ResetPasswordSchema));
  const [form, fields] = useForm({
    id: "reset",
    lastResult: actionData?.result,
    onValidate: lazy.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const linkBroken = !token || params.get("error");
  const formErrors = translateErrors(t, form.errors);
  return (
    <div className="mx-auto grid max-w-md gap-4 px-4 py-10">
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold text-slate-900">{t("reset.title")}</h1>
          <CardDescription>{t("reset.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {linkBroken || formErrors ? (
            <Alert tone="error">
              {formErrors ? formErrors.join(" ") : t("errors.resetLinkInvalid")}{" "}
              <Link to="/auth/forgot-password" className="underline">
                {t("reset.requestNew")}
              </Link>
            </Alert>
          ) : null}
          {linkBroken ? null : (
            <Form method="post" {...lazy.formProps(getFormProps(form))} className="grid gap-4">
              <input type="hidden" name="token" value={token} />
              <FormInput
                field={fields.password}
                ns="auth"
                type="password"
                label={t("reset.password")}
                hint={t("fields.passwordHint")}
                autoComplete="new-password"
                required
                minLength={8}
              />
              <FormInput
                field={fields.confirmPassword}
                ns="auth"
                type="password"
                label={t("reset.confirmPassword")}
                autoComplete="new-password"
                required
              />
              <Button type="submit" disabled={navigation.state === "submitting"}>
                {navigation.state === "submitting" ? t("reset.submitting") : t("reset.submit")}
              </Button>
            </Form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
