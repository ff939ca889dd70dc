import { useTranslation } from "react-i18next";
import { Alert } from "~/app/components/ui/alert";

export type ActionFlash = { ok: boolean; message: string; value?: string } | null | undefined;

/** The outcome of the last action, from actionData, so it also shows without JavaScript. */
export function Flash({ flash }: { flash: ActionFlash }) {
  const { t } = useTranslation("admin");
  if (!flash) return null;
  return (
    <Alert tone={flash.ok ? "success" : "error"} data-testid="flash" className="mb-4">
      {String(
        t(flash.message as "flash.jobCreated", { value: flash.value, defaultValue: flash.message }),
      )}
    </Alert>
  );
}

const DONE_KEYS = new Set([
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
  "documentVerified",
  "documentRejected",
]);

/** The ?done=<key> confirmation left by a redirect after a change; unknown keys show nothing. */
export function DoneFlash({ done }: { done: string | null }) {
  if (!done || !DONE_KEYS.has(done)) return null;
  return <Flash flash={{ ok: true, message: `flash.${done}` }} />;
}
