import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { redirect, useNavigation } from "react-router";
import { ApplicantRoleChoice } from "~/app/components/account-fields";
import { LoadError } from "~/app/components/admin/load-error";
import { Form } from "~/app/components/localized";
import { Button } from "~/app/components/ui/button";
import { Card, CardContent } from "~/app/components/ui/card";
import { FormErrors, FormInput } from "~/app/components/ui/field";
import { requestLanguage } from "~/app/i18n/i18n.server";
import { i18nHandle } from "~/app/i18n/namespaces";
import { formInvalid } from "~/app/lib/action-result";
import { useLazyForm } from "~/app/lib/lazy-form";
import { type IntentArgs, runIntent } from "~/app/lib/intent-action.server";
import { shellScreen } from "~/app/lib/shell-screen";
import { RegisterApplicantSchema } from "~/domain/agents";
import { registerApplicantForAgent } from "~/server/agents/register-applicant.server";
import { requireAgent, type Viewer } from "~/server/auth/guards.server";
import { getOwnProfile } from "~/server/profiles/profile.server";
import type { Route } from "./+types/register";

export const { handle, meta } = shellScreen(i18nHandle("agent"), "titles.agentRegister");

export async function loader({ request }: Route.LoaderArgs) {
  const agent = await requireAgent(request);
  // A local number is read in the agent's office's country, whose prefix the field suggests.
  const own = await getOwnProfile(agent);
  return { phone: own?.phone ?? null };
}

/**
 * Registers the applicant in the agent's office, in the agent's care, and e-mails them the link
 * that confirms their address and sets their password; then on to their page.
 */
export const action = ({ request }: Route.ActionArgs) =>
  runIntent(request, requireAgent, { register }, { main: "register" });

async function register({ request, viewer: agent, formData }: IntentArgs<Viewer>) {
  const submission = parseWithZod(formData, { schema: RegisterApplicantSchema });
  if (submission.status !== "success") return formInvalid("register", submission.reply());
  const outcome = await registerApplicantForAgent({
    agent,
    form: submission.value,
    lng: await requestLanguage(request),
  });
  if (outcome.ok) throw redirect(`/agent/applicants/${outcome.applicantId}?done=registered`);
  if (outcome.error === "emailTaken") {
    const result = submission.reply({ fieldErrors: { email: ["register.emailTaken"] } });
    return formInvalid("register", result, undefined, 409);
  }
  const result = submission.reply({ formErrors: [`register.${outcome.error}`] });
  return formInvalid("register", result, undefined, outcome.error === "tooMany" ? 429 : 403);
}

export default function RegisterApplicant({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("agent");
  const busy = useNavigation().state === "submitting";
  const phone = loaderData?.phone;
  // The schema (and the phone library it reads numbers with) loads when the form is first used.
  const [form, fields, formProps] = useLazyForm(
    () => import("~/domain/agents").then((m) => m.RegisterApplicantSchema),
    { id: "register", lastResult: actionData?.result, shouldValidate: "onBlur" },
  );
  const label = (name: keyof typeof fields) =>
    t(`register.fields.${name}` as "register.fields.email");
  return (
    <Card className="max-w-2xl">
      <CardContent alone className="grid gap-4">
        <p className="text-sm text-slate-700">{t("register.intro")}</p>
        <Form method="post" {...formProps} className="grid gap-4">
          {phone ? <input type="hidden" name="phoneRegion" value={phone.region} /> : null}
          <FormErrors errors={form.errors} ns="agent" />
          <FormInput
            field={fields.fullName}
            ns="agent"
            label={label("fullName")}
            autoComplete="off"
            required
          />
          <FormInput
            field={fields.email}
            ns="agent"
            type="email"
            label={label("email")}
            hint={t("register.fields.emailHint")}
            autoComplete="off"
            required
          />
          <FormInput
            field={fields.phoneNumber}
            ns="agent"
            type="tel"
            label={label("phoneNumber")}
            autoComplete="off"
            placeholder={phone ? `${phone.prefix} …` : undefined}
          />
          <FormInput
            field={fields.country}
            ns="agent"
            label={label("country")}
            autoComplete="off"
            required
          />
          <ApplicantRoleChoice
            field={fields.role}
            ns="agent"
            label={(name) =>
              t(
                name === "role"
                  ? "register.fields.role"
                  : name === "roleJobSeeker"
                    ? "register.fields.roleJobSeeker"
                    : "register.fields.roleStudent",
              )
            }
          />
          <p className="text-sm text-slate-600">{t("register.afterwards")}</p>
          <Button type="submit" disabled={busy} className="justify-self-start">
            {busy ? t("register.submitting") : t("register.submit")}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

export function ErrorBoundary() {
  return <LoadError what="agentApplicants" />;
}
