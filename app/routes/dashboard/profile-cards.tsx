import { useTranslation } from "react-i18next";
import { useEffect } from "react";
import { Form, useRevalidator } from "react-router";
import { Button } from "~/app/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/app/components/ui/card";
import { InputField } from "~/app/components/ui/field";
import { inLanguage } from "~/domain/document-types";
import { dateFormatter } from "~/domain/format";
import type { Route } from "./+types/profile";

// The profile page's cards below the profile form: sessions, who on staff viewed the profile, the
// "download my data" archives and deleting the account, each a named region of plain forms.

/** The active sessions and the way out of all of them (a plain form: works before JavaScript). */
export function SessionsCard({
  sessions,
}: {
  sessions: Route.ComponentProps["loaderData"]["sessions"];
}) {
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

/**
 * Who at the agency saw or opened this applicant's special personal information: by name and
 * role, which document and when (decision record 49).
 */
export function SensitiveAccessCard({
  accesses,
}: {
  accesses: NonNullable<Route.ComponentProps["loaderData"]["sensitiveAccess"]>;
}) {
  const { t, i18n } = useTranslation("dashboard");
  const { t: tc } = useTranslation("common");
  const dateTime = dateFormatter(i18n.language, "dateTime");
  return (
    <RegionCard
      id="sensitive-access-title"
      title={t("profile.sensitive.title")}
      hint={t("profile.sensitive.hint")}
    >
      {accesses.length === 0 ? (
        <p className="text-sm text-slate-700">{t("profile.sensitive.empty")}</p>
      ) : (
        <ul className="grid gap-2" data-testid="sensitive-access">
          {accesses.map((a) => (
            <li
              key={a.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 text-sm"
            >
              <span className="text-slate-900">
                {t(`profile.sensitive.${a.kind}`, {
                  name: a.staffName ?? t("profile.sensitive.someone"),
                  role: tc(`roles.${a.staffRole}`),
                  document: a.documentNames
                    ? inLanguage(a.documentNames, i18n.language)
                    : a.documentType,
                })}
                {a.fileName ? (
                  <span className="block text-xs break-all text-slate-600">{a.fileName}</span>
                ) : null}
              </span>
              <time dateTime={new Date(a.at).toISOString()} className="text-slate-600">
                {dateTime.format(new Date(a.at))}
              </time>
            </li>
          ))}
        </ul>
      )}
    </RegionCard>
  );
}

/** Who at the agency opened this applicant's profile or documents, by role and time. */
export function StaffViewsCard({
  views,
}: {
  views: NonNullable<Route.ComponentProps["loaderData"]["staffViews"]>;
}) {
  const { t, i18n } = useTranslation("dashboard");
  const { t: tc } = useTranslation("common");
  const dateTime = dateFormatter(i18n.language, "dateTime");
  return (
    <RegionCard
      id="staff-views-title"
      title={t("profile.views.title")}
      hint={t("profile.views.hint")}
    >
      {views.length === 0 ? (
        <p className="text-sm text-slate-700">{t("profile.views.empty")}</p>
      ) : (
        <ul className="grid gap-2" data-testid="staff-views">
          {views.map((view, i) => {
            const role = view.role ? tc(`roles.${view.role}`) : t("profile.views.someone");
            return (
              <li
                key={i}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 text-sm"
              >
                <span className="text-slate-900">
                  {view.action === "document.view"
                    ? t("profile.views.document", {
                        role,
                        document: view.documentNames
                          ? inLanguage(view.documentNames, i18n.language)
                          : (view.documentType ?? t("profile.views.aDocument")),
                      })
                    : t("profile.views.profile", { role })}
                </span>
                <time dateTime={new Date(view.at).toISOString()} className="text-slate-600">
                  {dateTime.format(new Date(view.at))}
                </time>
              </li>
            );
          })}
        </ul>
      )}
    </RegionCard>
  );
}

/** Download my data: ask for an archive; it is built in the background, then offered. */
export function YourDataCard({
  archives,
}: {
  archives: Route.ComponentProps["loaderData"]["archives"];
}) {
  const { t, i18n } = useTranslation("dashboard");
  const dateTime = dateFormatter(i18n.language, "dateTime");
  const preparing = archives.some((a) => a.status === "preparing");
  // While an archive is being prepared, look again every few seconds (without JavaScript: the
  // "Check again" link).
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!preparing || state !== "idle") return;
    const timer = setTimeout(() => void revalidate(), 3000);
    return () => clearTimeout(timer);
  }, [preparing, state, revalidate]);
  return (
    <RegionCard id="your-data-title" title={t("profile.data.title")} hint={t("profile.data.hint")}>
      {archives.length > 0 ? (
        <ul className="grid gap-2" data-testid="data-archives">
          {archives.map((a) => (
            <li
              key={a.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 text-sm"
            >
              <span className="text-slate-900">
                {t("profile.data.requested", { date: dateTime.format(new Date(a.requestedAt)) })}
              </span>
              {a.href ? (
                <span className="flex flex-wrap items-center gap-3">
                  <span className="text-slate-600">
                    {t("profile.data.expires", {
                      date: dateTime.format(new Date(a.expiresAt!)),
                    })}
                  </span>
                  <a
                    href={a.href}
                    download
                    className="font-medium text-blue-700 underline underline-offset-2"
                  >
                    {t("profile.data.download")}
                  </a>
                </span>
              ) : (
                <span className="text-slate-600">{t(`profile.data.status.${a.status}`)}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="export" />
        <Button type="submit" variant="outline" disabled={preparing}>
          {t("profile.data.request")}
        </Button>
        {preparing ? (
          <a
            href="/dashboard/profile"
            className="text-sm font-medium text-blue-700 underline underline-offset-2"
          >
            {t("profile.data.refresh")}
          </a>
        ) : null}
      </Form>
    </RegionCard>
  );
}

/** Delete my account: erased for good, confirmed with the password; a plain form. */
export function DeleteAccountCard({ error }: { error: string | null }) {
  const { t } = useTranslation("dashboard");
  return (
    <RegionCard
      id="delete-account-title"
      title={t("profile.delete.title")}
      hint={t("profile.delete.hint")}
    >
      <Form method="post" className="grid max-w-sm gap-4">
        <input type="hidden" name="intent" value="delete" />
        <InputField
          id="delete-password"
          label={t("profile.delete.password")}
          hint={t("profile.delete.passwordHint")}
          errors={error ? [t(error as "profile.delete.wrongPassword")] : undefined}
          inputProps={{
            name: "password",
            type: "password",
            autoComplete: "current-password",
            required: true,
          }}
        />
        <Button type="submit" variant="destructive" className="justify-self-start">
          {t("profile.delete.confirm")}
        </Button>
      </Form>
    </RegionCard>
  );
}

/** A part of the profile page: a card that is a named region, its title, a hint, then its body. */
export function RegionCard({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint: string;
  children: React.ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-slate-700">{hint}</p>
        {children}
      </CardContent>
    </Card>
  );
}
