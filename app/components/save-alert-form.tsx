import { BellPlusIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ALERT_FREQUENCIES, type JobType, type Sector } from "~/domain/enums";
import { Button } from "./ui/button";
import { Input, Label, NativeSelect } from "./ui/input";

/** Where the alert form posts: the alerts page's action (signed-in applicants only). */
export const JOB_ALERTS_PATH = "/dashboard/alerts";

/**
 * "Tell me about new jobs like these": saves the current /jobs search as an alert. A plain form
 * (works without JavaScript), shown only to signed-in applicants, whose pages are never cached.
 */
export function SaveAlertForm({
  search,
  suggestedName,
}: {
  search: { q?: string; country?: string; sector?: Sector; type?: JobType };
  suggestedName: string;
}) {
  const { t } = useTranslation("jobs");
  return (
    <details className="rounded-xl border border-slate-200 bg-white p-4">
      <summary className="flex cursor-pointer items-center gap-2 font-medium text-slate-900">
        <BellPlusIcon className="size-4 text-primary-700" aria-hidden />
        {t("alerts.create.open")}
      </summary>
      <form
        method="post"
        action={JOB_ALERTS_PATH}
        className="mt-3 grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
      >
        <input type="hidden" name="intent" value="create" />
        {search.q ? <input type="hidden" name="q" value={search.q} /> : null}
        {search.country ? <input type="hidden" name="country" value={search.country} /> : null}
        {search.sector ? <input type="hidden" name="sector" value={search.sector} /> : null}
        {search.type ? <input type="hidden" name="type" value={search.type} /> : null}
        <div className="grid gap-1.5">
          <Label htmlFor="alert-name">{t("alerts.fields.name")}</Label>
          <Input id="alert-name" name="name" required maxLength={80} defaultValue={suggestedName} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="alert-frequency">{t("alerts.fields.frequency")}</Label>
          <NativeSelect id="alert-frequency" name="frequency" defaultValue="daily">
            {ALERT_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {t(`alerts.frequency.${f}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit">{t("alerts.create.submit")}</Button>
      </form>
    </details>
  );
}
