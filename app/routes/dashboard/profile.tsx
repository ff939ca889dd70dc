import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import { AccountFields, ApplicantRoleChoice } from "~/app/components/account-fields";
import { OfficeSelect } from "~/app/components/office-select";
import { DoneFlash, Flash } from "~/app/components/flash";
import { LabelOptions } from "~/app/components/select-options";
import { Alert } from "~/app/components/ui/alert";
import { Button } from "~/app/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/app/components/ui/card";
import { readOwnVerifyListing } from "~/server/trust/verify-listing.server";
import { readPhoneChannels } from "~/server/phone/choices.server";
import { VerifyListingCard } from "./profile-verify";
import { PhoneChannelsCard } from "./profile-channels";
import { FormSelect, InputField } from "~/app/components/ui/field";
import { i18nHandle } from "~/app/i18n/namespaces";
import { shellScreen } from "~/app/lib/shell-screen";
import { FIELDS_OF_STUDY, isApplicantRole, SECTORS } from "~/domain/enums";
import { profileCompletion } from "~/domain/profile-completion";
import { useLazyForm } from "~/app/lib/lazy-form";
import { requireUser } from "~/server/auth/guards.server";
import { listOwnActiveSessions } from "~/server/auth/sessions.server";
import { listActiveCountries } from "~/server/jobs/listing.server";
import { dataExportDownloadPath, listDataExports } from "~/server/privacy/data-export.server";
import { listStaffViewsOfOwner } from "~/server/privacy/staff-views.server";
import { listSensitiveAccessOfApplicant } from "~/server/documents/sensitive.server";
import { getOwnProfile } from "~/server/profiles/profile.server";
import type { Route } from "./+types/profile";
import { runIntent } from "~/app/lib/intent-action.server";
import {
  deleteOwnAccount,
  savePhoneChannels,
  saveProfile,
  setVerifyListing,
  startDataExport,
} from "./profile.server";
import {
  DeleteAccountCard,
  SensitiveAccessCard,
  SessionsCard,
  StaffViewsCard,
  YourDataCard,
} from "./profile-cards";

export const { handle, meta } = shellScreen(i18nHandle("dashboard"), "titles.profile");

/** The preferences chosen from an enum: the profile field, its values, their labels' group. */
const PREFERENCES = [
  ["preferredSector", SECTORS, "sector"],
  ["preferredFieldOfStudy", FIELDS_OF_STUDY, "fieldOfStudy"],
] as const;

/** The e-mails a person may turn off, each a checkbox. */
const EMAIL_CHOICES = ["emailNotifications", "marketingEmails"] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const applicant = isApplicantRole(viewer.role);
  const [
    profile,
    countries,
    sessions,
    staffViews,
    sensitiveAccess,
    exports,
    verifyListing,
    channels,
  ] = await Promise.all([
    getOwnProfile(viewer),
    listActiveCountries(),
    listOwnActiveSessions(viewer),
    applicant ? listStaffViewsOfOwner({ owner: viewer }) : null,
    // Who opened their special personal information, by name (decision record 49).
    applicant ? listSensitiveAccessOfApplicant({ applicant: viewer }) : null,
    listDataExports({ owner: viewer }),
    readOwnVerifyListing(viewer),
    readPhoneChannels(viewer),
  ]);
  if (!profile) throw data(null, { status: 404 });
  const archives = exports.map((e) => ({
    ...e,
    href: e.status === "ready" ? dataExportDownloadPath(e.id) : null,
  }));
  return {
    profile,
    countries,
    sessions,
    staffViews,
    sensitiveAccess,
    archives,
    verifyListing,
    channels,
  };
}

export const action = ({ request }: Route.ActionArgs) =>
  runIntent(
    request,
    requireUser,
    {
      profile: saveProfile,
      export: startDataExport,
      delete: deleteOwnAccount,
      "verify-listing": setVerifyListing,
      "phone-channels": savePhoneChannels,
    },
    // The profile form posts no intent.
    { main: "profile", unknown: "profile.unknownAction" },
  );

/**
 * The applicant's own erasure, confirmed with their password (a few tries per quarter
 * hour). Every session ends with it; this browser's cookie is cleared and it lands on /auth.
 */

/** The confirmation after a save (?done=saved), a key of the dashboard namespace. */
const PROFILE_DONE = {
  saved: "profile.saved",
  exportStarted: "profile.data.started",
  verifyListed: "profile.verifyListing.doneListed",
  verifyUnlisted: "profile.verifyListing.doneUnlisted",
  channelsSaved: "profile.channels.saved",
};

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("dashboard");
  const {
    profile,
    countries,
    sessions,
    staffViews,
    sensitiveAccess,
    archives,
    verifyListing,
    channels,
  } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // The schema (and the phone library it reads numbers with) loads when the form is first used.
  const [, fields, formProps] = useLazyForm(
    () => import("~/domain/profile").then((m) => m.ProfileSchema),
    {
      id: "profile",
      lastResult: actionData?.result,
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
        preferredFieldOfStudy: profile.preferredFieldOfStudy ?? "",
        office: profile.office ?? "",
      },
    },
  );
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

      {/* A refused save answers for itself; an old ?done=saved no longer applies. */}
      {actionData ? (
        actionData.intent === "delete" ? null : (
          <Flash flash={actionData.flash} ns="dashboard" className="" />
        )
      ) : (
        <DoneFlash ns="dashboard" messages={PROFILE_DONE} className="" />
      )}

      <Form method="post" {...formProps} className="grid gap-6">
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
            {profile.phoneNeedsFix ? (
              <Alert tone="warning" data-testid="phone-needs-fix">
                {t("profile.phoneNeedsFix")}
              </Alert>
            ) : null}
            <AccountFields
              fields={fields}
              ns="dashboard"
              label={(name) => t(`profile.fields.${name}`)}
              phone={profile.phone}
            />
            {applicant ? (
              <ApplicantRoleChoice
                field={fields.role}
                ns="dashboard"
                label={(name) => t(`profile.fields.${name}`)}
              />
            ) : null}
            {applicant ? (
              <OfficeSelect
                field={fields.office}
                ns="dashboard"
                label={t("profile.fields.office")}
                hint={t("profile.fields.officeHint")}
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
            {PREFERENCES.map(([name, values, group]) => (
              <FormSelect
                key={name}
                field={fields[name]}
                ns="dashboard"
                label={t(`profile.fields.${name}`)}
              >
                <option value="">{t("profile.fields.noPreference")}</option>
                <LabelOptions values={values} group={group} />
              </FormSelect>
            ))}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("profile.notificationsTitle")}</CardTitle>
          </CardHeader>
          <CardContent>
            {EMAIL_CHOICES.map((name, i) => (
              <label
                key={name}
                className={`${i ? "mt-3 " : ""}flex items-center gap-3 text-sm text-slate-800`}
              >
                <input
                  type="checkbox"
                  name={fields[name].name}
                  defaultChecked={profile[name]}
                  className="size-4 accent-primary-700"
                />
                {t(`profile.fields.${name}`)}
              </label>
            ))}
          </CardContent>
        </Card>

        <Button type="submit" disabled={busy} className="justify-self-start">
          {busy ? t("profile.saving") : t("profile.save")}
        </Button>
      </Form>
      {channels ? (
        <PhoneChannelsCard
          channels={channels}
          error={
            actionData?.intent === "phone-channels" && actionData.flash
              ? actionData.flash.message
              : null
          }
        />
      ) : null}
      <SessionsCard sessions={sessions} />
      {sensitiveAccess ? <SensitiveAccessCard accesses={sensitiveAccess} /> : null}
      {staffViews ? <StaffViewsCard views={staffViews} /> : null}
      {verifyListing === null ? null : <VerifyListingCard listed={verifyListing} />}
      <YourDataCard archives={archives} />
      {applicant ? (
        <DeleteAccountCard
          error={
            actionData?.intent === "delete" && actionData.flash ? actionData.flash.message : null
          }
        />
      ) : null}
    </div>
  );
}
