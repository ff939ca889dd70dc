import { getFormProps, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { Alert } from "~/app/components/ui/alert";
import { Button } from "~/app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/app/components/ui/card";
import { FormErrors, FormInput } from "~/app/components/ui/field";
import { i18nHandle } from "~/app/i18n/namespaces";
import { translateErrors } from "~/app/lib/form-errors";
import { useLazyValidation } from "~/app/lib/lazy-validation";
import { pageMeta } from "~/app/lib/seo";
import { cn } from "~/app/lib/utils";
import { getViewer } from "~/server/auth/guards.server";
import type { Route } from "./+types/auth";
import { signIn, signUp } from "./auth.server";

export const handle = i18nHandle("auth");

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Sign In or Create an Account",
    description:
      "Sign in to track your applications, or create a free account to apply for jobs and study programs abroad.",
    path: "/auth",
  });

export async function loader({ request }: Route.LoaderArgs) {
  if (await getViewer(request)) throw redirect("/");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  if (await getViewer(request)) throw redirect("/");
  const formData = await request.formData();
  return formData.get("intent") === "signup"
    ? signUp(request, formData, context)
    : signIn(request, formData, context);
}

export default function AuthPage({ actionData }: Route.ComponentProps) {
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
  const tabClass =
    "flex-1 rounded-md px-3 py-2 text-center text-sm font-medium text-slate-700 aria-[current=page]:bg-white aria-[current=page]:text-primary-800 aria-[current=page]:shadow-sm";

  return (
    <div className="mx-auto grid max-w-md gap-4 px-4 py-10">
      {params.get("signup") === "sent" ? (
        <Alert tone="success" data-testid="signup-sent">
          {t("signUp.checkEmail")}
        </Alert>
      ) : redirectTo ? (
        <Alert tone="info">{t("redirectNotice")}</Alert>
      ) : null}
      {params.get("reset") === "done" ? <Alert tone="success">{t("reset.done")}</Alert> : null}
      {params.get("signedOut") === "everywhere" ? (
        <Alert tone="success">{t("signedOutEverywhere")}</Alert>
      ) : null}
      <nav aria-label={t("tabs.label")} className="flex gap-1 rounded-lg bg-slate-100 p-1">
        <Link
          to={withTab("signin")}
          aria-current={tab === "signin" ? "page" : undefined}
          className={tabClass}
        >
          {t("tabs.signIn")}
        </Link>
        <Link
          to={withTab("signup")}
          aria-current={tab === "signup" ? "page" : undefined}
          className={tabClass}
        >
          {t("tabs.signUp")}
        </Link>
      </nav>
      {tab === "signin" ? (
        <SignInForm
          lastResult={actionData?.intent === "signin" ? actionData.result : undefined}
          redirectTo={redirectTo}
        />
      ) : (
        <SignUpForm
          lastResult={actionData?.intent === "signup" ? actionData.result : undefined}
          redirectTo={redirectTo}
        />
      )}
    </div>
  );
}

type LastResult = Parameters<typeof useForm>[0]["lastResult"];

function SignInForm({ lastResult, redirectTo }: { lastResult: LastResult; redirectTo: string }) {
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "signin";
  const lazy = useLazyValidation(() => import("~/domain/auth").then((m) => m.SignInSchema));
  const [form, fields] = useForm({
    id: "signin",
    lastResult,
    onValidate: lazy.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Card>
      <CardHeader>
        <h1 className="text-xl font-semibold text-slate-900">{t("signIn.title")}</h1>
        <CardDescription>{t("signIn.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" {...lazy.formProps(getFormProps(form))} className="grid gap-4">
          <input type="hidden" name="intent" value="signin" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <FormErrors errors={form.errors} ns="auth" />
          <FormInput
            field={fields.email}
            ns="auth"
            type="email"
            label={t("fields.email")}
            autoComplete="email"
            required
          />
          <FormInput
            field={fields.password}
            ns="auth"
            type="password"
            label={t("fields.password")}
            autoComplete="current-password"
            required
          />
          <Button type="submit" disabled={busy}>
            {busy ? t("signIn.submitting") : t("signIn.submit")}
          </Button>
          <Link to="/auth/forgot-password" className="text-sm text-primary-700 underline">
            {t("signIn.forgot")}
          </Link>
        </Form>
      </CardContent>
    </Card>
  );
}

function SignUpForm({ lastResult, redirectTo }: { lastResult: LastResult; redirectTo: string }) {
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "signup";
  const lazy = useLazyValidation(() => import("~/domain/auth").then((m) => m.SignUpSchema));
  const [form, fields] = useForm({
    id: "signup",
    lastResult,
    // Checked in the browser first: a mismatch is shown and nothing is sent.
    onValidate: lazy.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { role: "job_seeker" },
  });
  const roleErrors = translateErrors(t, fields.role.errors);
  return (
    <Card>
      <CardHeader>
        <h1 className="text-xl font-semibold text-slate-900">{t("signUp.title")}</h1>
        <CardDescription>{t("signUp.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" {...lazy.formProps(getFormProps(form))} className="grid gap-4">
          <input type="hidden" name="intent" value="signup" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <FormErrors errors={form.errors} ns="auth" />
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">{t("fields.role")}</legend>
            <div className="grid grid-cols-2 gap-2">
              {(
                [
                  ["job_seeker", t("fields.roleJobSeeker")],
                  ["student_applicant", t("fields.roleStudent")],
                ] as const
              ).map(([value, label]) => (
                <label
                  key={value}
                  className={cn(
                    "flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 p-3 text-sm has-[:checked]:border-primary-600 has-[:checked]:bg-primary-50",
                  )}
                >
                  <input
                    type="radio"
                    name={fields.role.name}
                    value={value}
                    defaultChecked={(fields.role.initialValue ?? "job_seeker") === value}
                    className="accent-primary-700"
                  />
                  {label}
                </label>
              ))}
            </div>
            {roleErrors ? <p className="text-sm text-red-700">{roleErrors.join(" ")}</p> : null}
          </fieldset>
          <FormInput
            field={fields.fullName}
            ns="auth"
            label={t("fields.fullName")}
            autoComplete="name"
            required
          />
          <FormInput
            field={fields.email}
            ns="auth"
            type="email"
            label={t("fields.email")}
            autoComplete="email"
            required
          />
          <FormInput
            field={fields.country}
            ns="auth"
            label={t("fields.country")}
            autoComplete="country-name"
            required
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormInput
              field={fields.phoneNumber}
              ns="auth"
              type="tel"
              label={t("fields.phoneNumber")}
              autoComplete="tel"
            />
            <FormInput
              field={fields.whatsappNumber}
              ns="auth"
              type="tel"
              label={t("fields.whatsappNumber")}
            />
          </div>
          <FormInput
            field={fields.password}
            ns="auth"
            type="password"
            label={t("fields.password")}
            hint={t("fields.passwordHint")}
            autoComplete="new-password"
            required
            minLength={8}
          />
          <FormInput
            field={fields.confirmPassword}
            ns="auth"
            type="password"
            label={t("fields.confirmPassword")}
            autoComplete="new-password"
            required
          />
          <Button type="submit" variant="accent" disabled={busy}>
            {busy ? t("signUp.submitting") : t("signUp.submit")}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
