import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import { AccountFields, ApplicantRoleChoice } from "~/app/components/account-fields";
import { SelectOptions } from "~/app/components/select-options";
import { Alert } from "~/app/components/ui/alert";
import { Button } from "~/app/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/app/components/ui/card";
import { FormSelect, InputField } from "~/app/components/ui/field";
import { i18nHandle } from "~/app/i18n/namespaces";
import { shellScreen } from "~/app/lib/shell-screen";
import { isApplicantRole, SECTORS } from "~/domain/enums";
import { ProfileSchema, profileCompletion } from "~/domain/profile";
import { dateFormatter } from "~/domain/format";
import { requireUser } from "~/server/auth/guards.server";
import { listOwnActiveSessions } from "~/server/auth/sessions.server";
import { listActiveCountries } from "~/server/jobs/listing.server";
import { getOwnProfile, updateOwnProfile } from "~/server/profiles/profile.server";
import type { Route } from "./+types/profile";

export const { handle, meta } = shellScreen(i18nHandle("dashboard"), "titles.profile");

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const [profile, countries, sessions] = await Promise.all([
    getOwnProfile(viewer),
    listActiveCountries(),
    listOwnActiveSessions(viewer),
  ]);
  if (!profile) throw data(null, { status: 404 });
  return { profile, countries, sessions };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: ProfileSchema });
  if (submission.status !== "success") {
    return data({ saved: false, result: submission.reply() }, { status: 400 });
  }
  await updateOwnProfile(viewer, submission.value);
  return { saved: true, result: submission.reply() };
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("dashboard");
  const { profile, countries, sessions } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: "profile",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: {
      fullName: profile.fullName,
      phoneNumber: profile.phoneNumber ?? "",
      whatsappNumber: profile.whatsappNumber ?? "",
      country: profile.country ?? "",
      role: profile.role,
      preferredCountryCode: profile.preferredCountryCode ?? "",
      preferredSector: profile.preferredSector ?? "",
    },
  });
  // The percentage follows what is saved, so it matches what staff and the dashboard see.
  const completion = profileCompletion(profile);
  const applicant = isApplicantRole(profile.role);

  return (
    <div className="grid max-w-3xl gap-6">
      <Card>
        <CardContent alone className="grid gap-2">
          <p className="font-semibold text-slate-900" data-testid="profile-completion">
            {t("profile.completion", { percent: completion })}
          </p>
          <div
            role="progressbar"
            aria-label={t("profile.completion", { percent: completion })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={completion}
            className="h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className={completion === 100 ? "h-full bg-green-600" : "h-full bg-amber-500"}
              style={{ width: `${completion}%` }}
            />
          </div>
          <p className="text-sm text-slate-600">{t("profile.completionHint")}</p>
        </CardContent>
      </Card>

      {actionData?.saved ? <Alert tone="success">{t("profile.saved")}</Alert> : null}

      <Form method="post" {...getFormProps(form)} className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>{t("profile.personal")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <InputField
              id="profile-email"
              label={t("profile.fields.email")}
              hint={t("profile.fields.emailHint")}
              inputProps={{ type: "email", value: profile.email, readOnly: true, disabled: true }}
            />
            <AccountFields
              fields={fields}
              ns="dashboard"
              label={(name) => t(`profile.fields.${name}`)}
            />
            {applicant ? (
              <ApplicantRoleChoice
                field={fields.role}
                ns="dashboard"
                label={(name) => t(`profile.fields.${name}`)}
              />
            ) : null}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("profile.preferences")}</CardTitle>
            <p className="text-sm text-slate-600">{t("profile.preferencesHint")}</p>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <FormSelect
              field={fields.preferredCountryCode}
              ns="dashboard"
              label={t("profile.fields.preferredCountry")}
            >
              <option value="">{t("profile.fields.noPreference")}</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </FormSelect>
            <FormSelect
              field={fields.preferredSector}
              ns="dashboard"
              label={t("profile.fields.preferredSector")}
            >
              <option value="">{t("profile.fields.noPreference")}</option>
              <SelectOptions
                options={SECTORS.map((s) => ({
                  value: s,
                  label: t(`labels.sector.${s}`, { ns: "common" }),
                }))}
              />
            </FormSelect>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("profile.notificationsTitle")}</CardTitle>
          </CardHeader>
          <CardContent>
            <label className="flex items-center gap-3 text-sm text-slate-800">
              <input
                type="checkbox"
                name={fields.emailNotifications.name}
                defaultChecked={profile.emailNotifications}
                className="size-4 accent-primary-700"
              />
              {t("profile.fields.emailNotifications")}
            </label>
          </CardContent>
        </Card>

        <Button type="submit" disabled={busy} className="justify-self-start">
          {busy ? t("profile.saving") : t("profile.save")}
        </Button>
      </Form>
      <SessionsCard sessions={sessions} />
    </div>
  );
}

/** The active sessions and the way out of all of them (a plain form: works before JavaScript). */
function SessionsCard({ sessions }: { sessions: Route.ComponentProps["loaderData"]["sessions"] }) {
  const { t, i18n } = useTranslation("dashboard");
  const dateTime = dateFormatter(i18n.language, "dateTime");
  return (
    <Card aria-labelledby="sessions-title">
      <CardHeader>
        <CardTitle id="sessions-title">{t("profile.sessions.title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-2" data-testid="active-sessions">
          {sessions.map((s) => (
            <li
              key={s.id}
              data-testid="active-session"
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 text-sm"
            >
              <span className="font-medium text-slate-900">
                {s.device ?? t("profile.sessions.unknownDevice")}
                {s.current ? (
                  <span className="ml-2 rounded bg-green-100 px-1.5 py-0.5 text-xs font-medium text-green-900">
                    {t("profile.sessions.current")}
                  </span>
                ) : null}
              </span>
              <span className="text-slate-600">
                {t("profile.sessions.lastSeen", { date: dateTime.format(new Date(s.lastSeen)) })}
              </span>
            </li>
          ))}
        </ul>
        <p className="text-sm text-slate-700">{t("profile.sessions.hint")}</p>
        <Form method="post" action="/auth/sign-out-everywhere" reloadDocument>
          <Button type="submit" variant="outline" className="justify-self-start">
            {t("profile.sessions.signOutEverywhere")}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
