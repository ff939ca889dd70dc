import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { useNavigation, useSearchParams } from "react-router";
import { Form, Link } from "~/app/components/localized";
import { AccountFields, ApplicantRoleChoice } from "~/app/components/account-fields";
import { OfficeSelect } from "~/app/components/office-select";
import { DoneFlash } from "~/app/components/flash";
import { Alert } from "~/app/components/ui/alert";
import { FormCheckbox, FormErrors, FormInput } from "~/app/components/ui/field";
import { i18nHandle } from "~/app/i18n/namespaces";
import { useLazyForm } from "~/app/lib/lazy-form";
import { fixedPageMeta } from "~/app/lib/seo";
import { getViewer } from "~/server/auth/guards.server";
import type { Route } from "./+types/auth";
import { AuthCard, AuthColumn, EmailField, NewPasswordFields, SubmitButton } from "./auth-parts";
import { onward, resendConfirmation, signIn, signUp, signUpPhone } from "./auth.server";
import { confirmationLinkProblem, EMAIL_CONFIRMATION_DAYS } from "~/domain/confirmation-link";

export const handle = i18nHandle("auth");

export const meta: Route.MetaFunction = fixedPageMeta("auth:meta", "/auth");

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  if (viewer) throw await onward(request, viewer);
  return { phone: await signUpPhone() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await getViewer(request);
  if (viewer) throw await onward(request, viewer);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "resend") return resendConfirmation(request, formData, context);
  return intent === "signup"
    ? signUp(request, formData, context)
    : signIn(request, formData, context);
}

/**
 * The confirmations other pages send here with ?done=<key> (keys of the auth namespace): after
 * sign-up (check your e-mail), a password reset, and signing out on every device.
 */
const AUTH_DONE = {
  signedUp: "signUp.checkEmail",
  passwordReset: "reset.done",
  accountReady: "reset.accountReady",
  signedOutEverywhere: "signedOutEverywhere",
  accountDeleted: "accountDeleted",
};

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const tab =
    params.get("tab") === "signup" || actionData?.intent === "signup" ? "signup" : "signin";
  const redirectTo = params.get("redirectTo") ?? "";
  const withTab = (name: string) => {
    const next = new URLSearchParams(params);
    next.set("tab", name);
    return `/auth?${next.toString()}`;
  };
  const linkProblem = confirmationLinkProblem(params);
  const resend =
    linkProblem !== null || params.get("resend") === "1" || actionData?.intent === "resend";
  const tabClass =
    "flex-1 rounded-md px-3 py-2 text-center text-sm font-medium text-slate-700 aria-[current=page]:bg-white aria-[current=page]:text-primary-800 aria-[current=page]:shadow-sm";

  return (
    <AuthColumn>
      {/* A confirmation says more than "sign in to continue" (sign-up keeps the redirectTo). */}
      {params.get("done") === "confirmationSent" ? (
        <Alert tone="success">{t("confirmLink.sent", { count: EMAIL_CONFIRMATION_DAYS })}</Alert>
      ) : params.get("done") ? (
        <DoneFlash ns="auth" messages={AUTH_DONE} className="" />
      ) : linkProblem ? (
        <Alert tone="warning" data-testid="confirmation-link-problem">
          {t(`confirmLink.${linkProblem}`, { count: EMAIL_CONFIRMATION_DAYS })}
        </Alert>
      ) : redirectTo ? (
        <Alert tone="info">{t("redirectNotice")}</Alert>
      ) : null}
      <nav aria-label={t("tabs.label")} className="flex gap-1 rounded-lg bg-slate-100 p-1">
        {(
          [
            ["signin", t("tabs.signIn")],
            ["signup", t("tabs.signUp")],
          ] as const
        ).map(([name, label]) => (
          <Link
            key={name}
            to={withTab(name)}
            aria-current={tab === name ? "page" : undefined}
            className={tabClass}
          >
            {label}
          </Link>
        ))}
      </nav>
      {tab === "signin" && resend ? (
        <ResendForm
          lastResult={actionData?.intent === "resend" ? actionData.result : undefined}
          redirectTo={redirectTo}
        />
      ) : null}
      {tab === "signin" ? (
        <SignInForm
          lastResult={actionData?.intent === "signin" ? actionData.result : undefined}
          redirectTo={redirectTo}
        />
      ) : (
        <SignUpForm
          lastResult={actionData?.intent === "signup" ? actionData.result : undefined}
          redirectTo={redirectTo}
          phone={loaderData?.phone}
        />
      )}
    </AuthColumn>
  );
}

type LastResult = SubmissionResult<string[]> | undefined;

/** Which of the page's two forms is being posted. */
function useBusy(intent: "signin" | "signup" | "resend") {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** The hidden fields both forms post: which form it is, and where to go once signed in. */
function IntentFields({ intent, redirectTo }: { intent: string; redirectTo: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
    </>
  );
}

function SignInForm({ lastResult, redirectTo }: { lastResult: LastResult; redirectTo: string }) {
  const { t } = useTranslation("auth");
  const busy = useBusy("signin");
  const [form, fields, formProps] = useLazyForm(
    () => import("~/domain/auth").then((m) => m.SignInSchema),
    { id: "signin", lastResult },
  );
  return (
    <AuthCard title={t("signIn.title")} description={t("signIn.description")}>
      <Form method="post" {...formProps} className="grid gap-4">
        <IntentFields intent="signin" redirectTo={redirectTo} />
        <FormErrors errors={form.errors} ns="auth" />
        <EmailField field={fields.email} />
        <FormInput
          field={fields.password}
          ns="auth"
          type="password"
          label={t("fields.password")}
          autoComplete="current-password"
          required
        />
        <SubmitButton busy={busy} label={t("signIn.submit")} busyLabel={t("signIn.submitting")} />
        <Link to="/auth/forgot-password" className="text-sm text-primary-700 underline">
          {t("signIn.forgot")}
        </Link>
        <Link to="/auth?resend=1" className="text-sm text-primary-700 underline">
          {t("confirmLink.ask")}
        </Link>
      </Form>
    </AuthCard>
  );
}

/** "Send me a new confirmation link", shown when a link failed or on asking for it. */
function ResendForm({ lastResult, redirectTo }: { lastResult: LastResult; redirectTo: string }) {
  const { t } = useTranslation("auth");
  const busy = useBusy("resend");
  const [form, fields, formProps] = useLazyForm(
    () => import("~/domain/auth").then((m) => m.ResendConfirmationSchema),
    { id: "resend", lastResult },
  );
  return (
    <AuthCard title={t("confirmLink.title")} description={t("confirmLink.description")}>
      <Form method="post" {...formProps} className="grid gap-4">
        <IntentFields intent="resend" redirectTo={redirectTo} />
        <FormErrors errors={form.errors} ns="auth" />
        <EmailField field={fields.email} />
        <SubmitButton
          busy={busy}
          label={t("confirmLink.submit")}
          busyLabel={t("confirmLink.submitting")}
        />
      </Form>
    </AuthCard>
  );
}

const STUDY = /^(\/[a-z]{2})?\/study\//;
const STUDENT = "student_applicant";
const SEEKER = "job_seeker";

function SignUpForm({
  lastResult,
  redirectTo,
  phone,
}: {
  lastResult: LastResult;
  redirectTo: string;
  phone?: { region: string; prefix: string };
}) {
  const { t } = useTranslation("auth");
  const busy = useBusy("signup");
  // Checked in the browser first: a mismatch is shown and nothing is sent.
  const [form, fields, formProps] = useLazyForm(
    () => import("~/domain/accounts").then((m) => m.SignUpSchema),
    // Come from a program's Apply (/study/…, /fr/study/…): a student, most likely.
    { id: "signup", lastResult, defaultValue: { role: STUDY.test(redirectTo) ? STUDENT : SEEKER } },
  );
  return (
    <AuthCard title={t("signUp.title")} description={t("signUp.description")}>
      <Form method="post" {...formProps} className="grid gap-4">
        <IntentFields intent="signup" redirectTo={redirectTo} />
        <FormErrors errors={form.errors} ns="auth" />
        <ApplicantRoleChoice field={fields.role} ns="auth" label={(name) => t(`fields.${name}`)} />
        <AccountFields
          fields={fields}
          ns="auth"
          label={(name) => t(`fields.${name}`)}
          phone={phone}
        >
          <EmailField field={fields.email} />
        </AccountFields>
        <OfficeSelect
          field={fields.office}
          ns="auth"
          label={t("fields.office")}
          hint={t("fields.officeHint")}
          automatic={t("fields.officeFromCountry")}
        />
        <NewPasswordFields
          password={fields.password}
          confirmPassword={fields.confirmPassword}
          labels={{ password: t("fields.password"), confirmPassword: t("fields.confirmPassword") }}
        />
        <div className="grid gap-1">
          <FormCheckbox
            field={fields.acceptPolicies}
            ns="auth"
            required
            label={t("signUp.acceptPolicies")}
          />
          <p className="pl-6 text-sm text-slate-600">
            <Link to="/terms-of-service" className="underline underline-offset-2">
              {t("signUp.readTerms")}
            </Link>
            {" · "}
            <Link to="/privacy-policy" className="underline underline-offset-2">
              {t("signUp.readPrivacy")}
            </Link>
          </p>
        </div>
        <FormCheckbox
          field={fields.marketingEmails}
          ns="auth"
          label={t("signUp.marketingEmails")}
        />
        <SubmitButton
          busy={busy}
          variant="accent"
          label={t("signUp.submit")}
          busyLabel={t("signUp.submitting")}
        />
      </Form>
    </AuthCard>
  );
}
