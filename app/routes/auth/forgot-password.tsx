import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigation } from "react-router";
import { Form, Link } from "~/app/components/localized";
import { DoneFlash } from "~/app/components/flash";
import { FormErrors } from "~/app/components/ui/field";
import { i18nHandle } from "~/app/i18n/namespaces";
import { formInvalid } from "~/app/lib/action-result";
import { useLazyForm } from "~/app/lib/lazy-form";
import { redirectDone } from "~/app/lib/redirect-done";
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

export const meta: Route.MetaFunction = publicPageMeta((_, t) => ({
  title: t("auth:meta.forgotTitle"),
  path: "/auth/forgot-password",
  noindex: true,
}));

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return formInvalid("forgot", submission.reply());
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
      const reply = submission.reply({ formErrors: [`errors.tooManyAttempts|${wait}`] });
      return formInvalid("forgot", reply, {}, 429);
    }
    logger().warn({ err: error, requestId: context.requestId }, "password reset request failed");
  }
  // The same answer whether or not the address has an account: nobody can probe for accounts.
  // A redirect, so a reload does not ask for another mail.
  return redirectDone(request, "sent");
}

/** The confirmation after a request (?done=sent), a key of the auth namespace. */
const FORGOT_DONE = { sent: "forgot.sent" };

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const location = useLocation();
  const sent = !actionData && new URLSearchParams(location.search).get("done") === "sent";
  return (
    <AuthColumn>
      <AuthCard title={t("forgot.title")} description={t("forgot.description")}>
        {actionData ? null : <DoneFlash ns="auth" messages={FORGOT_DONE} className="" />}
        {/* Each request sent starts an empty form: the redirect would keep the typed address. */}
        <ForgotForm key={sent ? location.key : "forgot"} result={actionData?.result} />
        <Link to="/auth" className="text-sm text-primary-700 underline">
          {t("forgot.back")}
        </Link>
      </AuthCard>
    </AuthColumn>
  );
}

function ForgotForm({ result }: { result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("auth");
  const busy = useNavigation().state === "submitting";
  const [form, fields, formProps] = useLazyForm(
    () => import("~/domain/auth").then((m) => m.ForgotPasswordSchema),
    { id: "forgot", lastResult: result, shouldRevalidate: "onSubmit" },
  );
  return (
    <>
      <FormErrors errors={form.errors} ns="auth" />
      <Form method="post" {...formProps} className="grid gap-4">
        <EmailField field={fields.email} />
        <SubmitButton busy={busy} label={t("forgot.submit")} busyLabel={t("forgot.submitting")} />
      </Form>
    </>
  );
}
