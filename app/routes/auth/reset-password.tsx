import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { redirect, useNavigation, useSearchParams } from "react-router";
import { Flash } from "~/app/components/flash";
import { Form, Link } from "~/app/components/localized";
import { i18nHandle } from "~/app/i18n/namespaces";
import { actionFailed, formInvalid, type Flash as FlashMessage } from "~/app/lib/action-result";
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
    return formInvalid("reset", submission.reply({ hideFields }));
  const response = await auth().api.resetPassword({
    body: { newPassword: submission.value.password, token: submission.value.token },
    asResponse: true,
  });
  if (!response.ok) {
    const result = submission.reply({ hideFields });
    return actionFailed("reset", "errors.resetLinkInvalid", 400, { result });
  }
  // The sign-in page says the password was changed (?done=passwordReset), or, for an account
  // registered for them by an agent (?welcome=1), that it is ready.
  const done = new URL(request.url).searchParams.get("welcome") ? "accountReady" : "passwordReset";
  throw redirect(localizePath(`/auth?done=${done}`, await requestLanguage(request)));
}

/** What a dead link says: better-auth's ?error=… or no token at all. */
const LINK_INVALID: FlashMessage = { ok: false, message: "errors.resetLinkInvalid" };

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  // better-auth sends the user here with ?token=… (or ?error=INVALID_TOKEN for a dead link).
  const token = params.get("token") ?? "";
  const [, fields, formProps] = useLazyForm(
    () => import("~/domain/auth").then((m) => m.ResetPasswordSchema),
    { id: "reset", lastResult: actionData?.result },
  );
  const linkBroken = !token || Boolean(params.get("error"));
  const failed = linkBroken ? LINK_INVALID : actionData?.flash;
  // The first password of an account an agent registered for them (the invitation's link).
  const welcome = Boolean(params.get("welcome"));
  return (
    <AuthColumn>
      <AuthCard
        title={welcome ? t("reset.welcomeTitle") : t("reset.title")}
        description={welcome ? t("reset.welcomeDescription") : t("reset.description")}
      >
        {failed ? (
          <>
            <Flash flash={failed} ns="auth" className="" />
            <Link to="/auth/forgot-password" className="text-sm text-primary-700 underline">
              {t("reset.requestNew")}
            </Link>
          </>
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
