import type { FlatNamespace } from "i18next";
import { type ComponentType, createContext, useContext } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Alert } from "~/app/components/ui/alert";
import type { Flash as FlashMessage, StaleNotice } from "~/app/lib/action-result";

export type ActionFlash = FlashMessage | null | undefined;

/**
 * How a page shows "changed by NAME since you opened it" (decision record 37). Only staff's edits
 * get that answer, so the back office provides it (app/routes/admin/layout.tsx) and public pages do
 * not carry its code; elsewhere the refusal's plain message shows.
 */
export const StaleFlashContext = createContext<ComponentType<{
  stale: StaleNotice;
  className: string;
}> | null>(null);

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
  const StaleFlash = useContext(StaleFlashContext);
  if (!flash) return null;
  if (flash.stale && StaleFlash) return <StaleFlash stale={flash.stale} className={className} />;
  return (
    <Alert tone={flash.ok ? "success" : "error"} data-testid="flash" className={className}>
      {String(
        t(flash.message, { value: flash.value, count: flash.count, defaultValue: flash.message }),
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
    "replySent",
    "taskCreated",
    "taskCancelled",
    "ownerUpdated",
    "invitationSent",
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
