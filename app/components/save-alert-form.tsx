import { BellPlusIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ALERT_FREQUENCIES, type AlertFrequency, type JobType, type Sector } from "~/domain/enums";
import { CachedHtml, keyOf } from "~/app/lib/cached-html";
import { HoneypotField } from "./honeypot-field";
import { Link } from "./localized";
import { Button } from "./ui/button";
import { Input, Label, NativeSelect } from "./ui/input";

/** Where a signed-in applicant's alert form posts: the alerts page's action. */
export const JOB_ALERTS_PATH = "/dashboard/alerts";

/**
 * "Tell me about new jobs like these": saves the current /jobs search as an alert. A plain form
 * (works without JavaScript). A signed-in applicant's goes to their alerts page; a visitor's
 * (`visitor`) asks for an e-mail address and posts to the /jobs page itself, which answers
 * (`sentTo`, or an error) in place of a redirect.
 */
export function SaveAlertForm({
  search,
  suggestedName,
  visitor,
}: {
  search: { q?: string; country?: string; sector?: Sector; type?: JobType };
  suggestedName: string;
  visitor?: { sentTo: string | null; error: string | null };
}) {
  const { t, i18n } = useTranslation("jobs");
  return (
    <CachedHtml
      as="details"
      className="rounded-xl border border-slate-200 bg-white p-4"
      open={visitor && (visitor.sentTo || visitor.error) ? true : undefined}
      // An applicant's form is the same for everyone making this search; a visitor's answers them.
      cacheKey={
        visitor
          ? null
          : `save-alert:${i18n.language}:${keyOf([search.q, search.country, search.sector, search.type, suggestedName])}`
      }
    >
      {() => (
        <>
          <summary className="flex cursor-pointer items-center gap-2 font-medium text-slate-900">
            <BellPlusIcon className="size-4 text-primary-700" aria-hidden />
            {t("alerts.create.open")}
          </summary>
          {visitor?.sentTo ? (
            <p role="status" className="mt-3 text-sm text-slate-800" data-testid="alert-sent">
              {t("alerts.visitor.sent", { value: visitor.sentTo })}
            </p>
          ) : (
            <form
              method="post"
              action={visitor ? undefined : JOB_ALERTS_PATH}
              className={
                visitor
                  ? "relative mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_12rem_auto] lg:items-end"
                  : "mt-3 grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
              }
            >
              <input type="hidden" name="intent" value="create" />
              {search.q ? <input type="hidden" name="q" value={search.q} /> : null}
              {search.country ? (
                <input type="hidden" name="country" value={search.country} />
              ) : null}
              {search.sector ? <input type="hidden" name="sector" value={search.sector} /> : null}
              {search.type ? <input type="hidden" name="type" value={search.type} /> : null}
              {visitor ? (
                <div className="grid gap-1.5">
                  <Label htmlFor="alert-email">{t("alerts.visitor.email")}</Label>
                  <Input
                    id="alert-email"
                    name="email"
                    type="email"
                    autoComplete="email"
                    required
                    maxLength={254}
                    aria-describedby={
                      visitor.error ? "alert-email-hint alert-error" : "alert-email-hint"
                    }
                    aria-invalid={visitor.error ? true : undefined}
                  />
                </div>
              ) : null}
              <div className="grid gap-1.5">
                <Label htmlFor="alert-name">{t("alerts.fields.name")}</Label>
                <Input
                  id="alert-name"
                  name="name"
                  required
                  maxLength={80}
                  defaultValue={suggestedName}
                />
              </div>
              <AlertFrequencyField id="alert-frequency" defaultValue="daily" />
              {visitor ? (
                <HoneypotField id="alert-website" label={t("alerts.visitor.honeypot")} />
              ) : null}
              <Button type="submit">{t("alerts.create.submit")}</Button>
              {visitor ? (
                <div className="grid gap-1 text-sm sm:col-span-full">
                  <p id="alert-email-hint" className="text-slate-600">
                    {t("alerts.visitor.emailHint")}
                  </p>
                  <p>
                    <Link to="/auth" className="text-primary-700 underline underline-offset-2">
                      {t("alerts.visitor.signIn")}
                    </Link>
                  </p>
                  {visitor.error ? (
                    <p id="alert-error" role="alert" className="font-medium text-red-700">
                      {t(visitor.error as "alerts.errors.email")}
                    </p>
                  ) : null}
                </div>
              ) : null}
            </form>
          )}
        </>
      )}
    </CachedHtml>
  );
}

/** How often an alert's e-mail goes out: the new-alert form and each saved alert's own form. */
export function AlertFrequencyField({
  id,
  defaultValue,
}: {
  id: string;
  defaultValue: AlertFrequency;
}) {
  const { t } = useTranslation("jobs");
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{t("alerts.fields.frequency")}</Label>
      <NativeSelect id={id} name="frequency" defaultValue={defaultValue}>
        {ALERT_FREQUENCIES.map((f) => (
          <option key={f} value={f}>
            {t(`alerts.frequency.${f}`)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
