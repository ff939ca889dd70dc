import { useTranslation } from "react-i18next";
import { redirect, useNavigation, useSearchParams } from "react-router";
import { Form, Link } from "~/app/components/localized";
import { Flash } from "~/app/components/flash";
import { i18nHandle } from "~/app/i18n/namespaces";
import { actionFailed } from "~/app/lib/action-result";
import { publicPageMeta } from "~/app/lib/seo";
import { safeRedirect } from "~/domain/auth";
import { dateFormatter } from "~/domain/format";
import { requireUser } from "~/server/auth/guards.server";
import {
  acceptCurrentPolicies,
  currentPolicyVersions,
  POLICY_PATHS,
  policiesToAccept,
} from "~/server/privacy/consent.server";
import type { Route } from "./+types/consent";
import { AuthCard, AuthColumn, SubmitButton } from "./auth-parts";

// A signed-in person who has not accepted the terms or privacy policy in force (a newer version
// was published, or their account was made without the sign-up form) accepts them here before
// going on to the page they asked for.

export const handle = i18nHandle("auth");

export const meta: Route.MetaFunction = publicPageMeta((_, t) => ({
  title: t("auth:consent.title"),
  path: "/auth/consent",
  noindex: true,
}));

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const next = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/dashboard");
  const [missing, versions] = await Promise.all([
    policiesToAccept(viewer.id),
    currentPolicyVersions(),
  ]);
  if (missing.length === 0) throw redirect(next);
  return {
    policies: missing.map((policy) => ({
      policy,
      path: POLICY_PATHS[policy],
      date: versions[policy],
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  const formData = await request.formData();
  if (formData.get("accept") !== "on") return actionFailed("consent", "consent.required", 400);
  await acceptCurrentPolicies(viewer.id);
  throw redirect(safeRedirect(formData.get("redirectTo"), "/dashboard"));
}

export default function Consent({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("auth");
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const day = dateFormatter(i18n.language, "date");
  return (
    <AuthColumn>
      <AuthCard title={t("consent.title")} description={t("consent.intro")}>
        <ul className="grid list-disc gap-1 pl-5 text-sm">
          {loaderData.policies.map((p) => (
            <li key={p.policy}>
              <Link to={p.path} className="font-medium text-blue-700 underline underline-offset-2">
                {t(p.policy === "terms" ? "consent.terms" : "consent.privacy", {
                  date: day.format(new Date(`${p.date}T12:00:00Z`)),
                })}
              </Link>
            </li>
          ))}
        </ul>
        <Flash flash={actionData?.flash} ns="auth" className="" />
        <Form method="post" className="grid gap-4">
          <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
          <label className="flex items-start gap-2 text-sm font-medium">
            <input type="checkbox" name="accept" required className="mt-0.5 size-4" />
            {t("consent.accept")}
          </label>
          <SubmitButton busy={busy} label={t("consent.submit")} busyLabel={t("consent.submit")} />
        </Form>
        <Form method="post" action="/auth/sign-out" reloadDocument>
          <button type="submit" className="text-sm text-slate-700 underline underline-offset-2">
            {t("consent.signOut")}
          </button>
        </Form>
      </AuthCard>
    </AuthColumn>
  );
}
