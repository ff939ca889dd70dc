import { useTranslation } from "react-i18next";
import { Alert } from "~/app/components/ui/alert";
import type { StaleNotice } from "~/app/lib/action-result";
import { dateFormatter } from "~/domain/format";

/**
 * "Changed by NAME at TIME since you opened it", and what it holds now (decision record 37):
 * the answer to an edit made on an older version of a record.
 */
export function StaleFlash({ stale, className }: { stale: StaleNotice; className: string }) {
  // In "common": the shared Flash is on pages of every namespace. The current value's key names
  // its own namespace ("common:roles.agent", "inbox:status.contact.resolved").
  const { t, i18n } = useTranslation("common");
  const when = stale.at ? dateFormatter(i18n.language, "dateTime").format(new Date(stale.at)) : "";
  const current = stale.currentKey
    ? String(t(stale.currentKey, { defaultValue: stale.currentKey }))
    : stale.current;
  return (
    <Alert tone="error" data-testid="flash" className={className}>
      <p>
        {stale.by ? t("stale.changedBy", { name: stale.by, when }) : t("stale.changedAt", { when })}
      </p>
      {stale.changes ? (
        // A record of many fields (the settings, a fee policy): each one that differs from what
        // was sent.
        <div data-testid="stale-current">
          <p>{t("stale.nowFields")}</p>
          <ul className="mt-1 list-disc pl-5">
            {stale.changes.map((c) => (
              <li key={`${c.key}${c.values ? JSON.stringify(c.values) : ""}`}>
                {String(t(c.key, { ...c.values, defaultValue: c.key }))}:{" "}
                {c.value || t("stale.empty")}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p data-testid="stale-current">
          {current ? t("stale.now", { value: current }) : t("stale.nowEmpty")}
        </p>
      )}
    </Alert>
  );
}
