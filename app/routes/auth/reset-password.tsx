import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, redirect, useNavigation, useSearchParams } from "react-router";
import { Form, Link } from "~/app/components/localized";
import { Alert } from "~/app/components/ui/alert";
import { i18nHandle } from "~/app/i18n/namespaces";
import { translateErrors } from "~/app/lib/form-errors";
import { useLazyForm } from "~/app/lib/lazy-form";
import { publicPageMeta } from "~/app/lib/seo";
import { ResetPasswordSchema } from "~/domain/auth";
import { auth } from "~/server/auth/auth.server";
import type { Route } from "./+types/reset-password";
import { AuthCard, AuthColumn, NewPasswordFields, SubmitButton } from "./auth-parts";
import { requestLanguage } from "~/app/i18n/i18n.server";
import { localizePath } from "~/domain/languages";

export const handle = i18nHandle("auth");

// No path: the address carries the reset token, which no canonical URL should repeat.
export const meta: Route.MetaFunction = publicPageMeta((_, t) => ({
  title: t("auth:reset.title"),
  noindex: true,
}));

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
  throw redirect(localizePath("/auth?reset=done", await requestLanguage(request)));
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  // better-auth sends the user here with ?token=… (or ?error=INVALID_TOKEN for a dead link).
  const token = params.get("token") ?? "";
  const [form, fields, formProps] = useLazyForm(
    () => import("~/domain/auth").then((m) => m.ResetPasswordSchema),
    { id: "reset", lastResult: actionData?.result },
  );
  const linkBroken = !token || params.get("error");
  const formErrors = translateErrors(t, form.errors);
  return (
    <AuthColumn>
      <AuthCard
        title={t("reset.title")}
        description={t("reset.description")}
        contentClassName="grid gap-4"
      >
        {linkBroken || formErrors ? (
          <Alert tone="error">
            {formErrors ? formErrors.join(" ") : t("errors.resetLinkInvalid")}{" "}
            <Link to="/auth/forgot-password" className="underline">
              {t("reset.requestNew")}
            </Link>
          </Alert>
        ) : null}
        {linkBroken ? null : (
          <Form method="post" {...formProps} className="grid gap-4">
            <input type="hidden" name="token" value={token} />
            <NewPasswordFields
              password={fields.password}
              confirmPassword={fields.confirmPassword}
              labels={{
                password: t("reset.password"),
                confirmPassword: t("reset.confirmPassword"),
              }}
            />
            <SubmitButton busy={busy} label={t("reset.submit")} busyLabel={t("reset.submitting")} />
          </Form>
        )}
      </AuthCard>
    </AuthColumn>
  );
}
