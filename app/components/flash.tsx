import type { FlatNamespace } from "i18next";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Alert } from "~/app/components/ui/alert";
import type { Flash as FlashMessage, StaleNotice } from "~/app/lib/action-result";
import { dateFormatter } from "~/domain/format";

export type ActionFlash = FlashMessage | null | undefined;

/**
 * The one way a page shows the outcome of its last action (decision record 18): the `flash` of an
 * ActionResult, or the ?done=<key> left by a redirect (DoneFlash). An Alert in the page, so it also
 * shows without JavaScript and is announced (role="status", or role="alert" for a failure).
 */
export function Flash({
  flash,
  ns = "admin",
  className = "mb-4",
}: {
  flash: ActionFlash;
  /** The namespace the message key belongs to. */
  ns?: FlatNamespace;
  className?: string;
}) {
  const { t } = useTranslation(ns);
  if (!flash) return null;
  if (flash.stale) return <StaleFlash stale={flash.stale} className={className} />;
  return (
    <Alert tone={flash.ok ? "success" : "error"} data-testid="flash" className={className}>
      {String(
        t(flash.message, { value: flash.value, count: flash.count, defaultValue: flash.message }),
      )}
    </Alert>
  );
}

/**
 * "Changed by NAME at TIME since you opened it", and what it holds now (decision record 37):
 * the answer to an edit made on an older version of a record.
 */
function StaleFlash({ stale, className }: { stale: StaleNotice; className: string }) {
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
        // A record of many fields (the settings): each one that differs from what was sent.
        <div data-testid="stale-current">
          <p>{t("stale.nowFields")}</p>
          <ul className="mt-1 list-disc pl-5">
            {stale.changes.map((c) => (
              <li key={c.key}>
                {String(t(c.key, { defaultValue: c.key }))}: {c.value || t("stale.empty")}
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

const ADMIN_DONE = Object.fromEntries(
  [
    "jobCreated",
    "jobUpdated",
    "jobActiveUpdated",
    "jobPublicUpdated",
    "jobDeleted",
    "jobArchived",
    "statusUpdated",
    "interviewScheduled",
    "commentsSaved",
    "paymentUpdated",
    "roleUpdated",
    "officesUpdated",
    "documentVerified",
    "documentRejected",
    "accountErased",
    "noteAdded",
    "departureSaved",
    "departureCleared",
    "viewSaved",
  ].map((key) => [key, `flash.${key}`]),
);

/**
 * The ?done=<key> confirmation left by a redirect after a change (redirectDone). `messages` maps
 * the keys a page knows to translation keys of `ns`; unknown keys show nothing.
 */
export function DoneFlash({
  ns = "admin",
  messages = ADMIN_DONE,
  className,
}: {
  ns?: FlatNamespace;
  messages?: Record<string, string>;
  className?: string;
}) {
  const [params] = useSearchParams();
  const done = params.get("done");
  if (!done || !Object.hasOwn(messages, done)) return null;
  return <Flash flash={{ ok: true, message: messages[done]! }} ns={ns} className={className} />;
}

/**
 * The outcome of a page's last action: the answer of a post that did not redirect (its `flash`),
 * else the ?done=<key> a redirect left.
 */
export function OutcomeFlash({
  actionData,
  ns,
  messages,
}: {
  actionData: { flash?: ActionFlash } | undefined;
  ns: FlatNamespace;
  messages: Record<string, string>;
}) {
  return actionData ? (
    <Flash flash={actionData.flash} ns={ns} className="" />
  ) : (
    <DoneFlash ns={ns} messages={messages} className="" />
  );
}

/** Both outcomes an admin page shows: the ?done=<key> of a redirect, then its action's `flash`. */
export function PageFlash({ flash }: { flash: ActionFlash }) {
  return (
    <>
      <DoneFlash />
      <Flash flash={flash} />
    </>
  );
}
