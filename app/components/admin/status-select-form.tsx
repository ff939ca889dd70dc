import { useId, useRef } from "react";
import { useNavigate, useNavigation, useSearchParams, useSubmit } from "react-router";
import { Form } from "~/app/components/localized";
import { Button } from "~/app/components/ui/button";
import { NativeSelect } from "~/app/components/ui/input";
import type { FactRefusal } from "~/domain/application-facts";
import { type ApplicationKind, type ApplicationStatus, statusesForKind } from "~/domain/enums";
import { useAdminT } from "./use-admin-t";

/**
 * A status dropdown that posts a status change. Without JavaScript the Update button submits it;
 * with JavaScript a change made with the mouse or touch submits at once. A keyboard user's arrow
 * keys change the value step by step (Chrome fires "change" on each), so for them the Update
 * button submits, and nothing moves by accident.
 *
 * Interview Scheduled is never set bare: choosing it opens the page's ?schedule=<id> dialog, which
 * asks for the date, time and place. With JavaScript that happens here; without it the action
 * answers the posted choice by redirecting to the same dialog.
 */
export function StatusSelectForm({
  application,
  label,
  compact,
  id: givenId,
  refused,
}: {
  /** The application: its id, its status, and which stages to offer (a job's or a program's). */
  application: {
    id: string;
    status: ApplicationStatus;
    kind?: ApplicationKind;
    /** The version shown: a change on an older one is refused (decision record 37). */
    version?: number;
  };
  label: string;
  compact?: boolean;
  /** The select's id, when the form must render alike wherever it stands (a kept list row). */
  id?: string;
  /** Statuses whose fact is false for it (decision record 32): offered disabled, with why. */
  refused?: Partial<Record<ApplicationStatus, FactRefusal>>;
}) {
  const { id: applicationId, status, kind = "job" } = application;
  const { t, tc } = useAdminT();
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" && navigation.formData?.get("applicationId") === applicationId;
  const byPointer = useRef(false);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  /** True when the choice was Interview Scheduled, now handed to the schedule dialog. */
  const toScheduleDialog = (form: HTMLFormElement) => {
    const select = form.elements.namedItem("status") as HTMLSelectElement | null;
    if (select?.value !== "interview_scheduled") return false;
    select.value = status;
    const next = new URLSearchParams(params);
    for (const p of ["view", "done", "schedule"]) next.delete(p);
    next.set("schedule", applicationId);
    void navigate(`?${next.toString()}`, { preventScrollReset: true });
    return true;
  };
  return (
    <Form
      method="post"
      preventScrollReset
      // Wraps the button under the list where the column is narrow (a pipeline card), so nothing
      // spills over the next column and takes its clicks.
      className="flex flex-wrap items-center gap-2"
      onChange={(e) => {
        if (!byPointer.current) return;
        if (!toScheduleDialog(e.currentTarget)) {
          void submit(e.currentTarget, { preventScrollReset: true });
        }
      }}
      onSubmit={(e) => {
        if (toScheduleDialog(e.currentTarget)) e.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="applicationId" value={applicationId} />
      {application.version ? (
        <input type="hidden" name="version" value={application.version} />
      ) : null}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <NativeSelect
        id={id}
        name="status"
        defaultValue={status}
        key={status}
        disabled={busy}
        compact={compact}
        // The whole label of the chosen status, however narrow the list's column:
        // sized to it where the browser can (field-sizing), else to the longest option.
        className={compact ? "w-auto max-w-full shrink-0 field-sizing-content" : "min-w-44"}
        data-testid="status-select"
        onPointerDown={() => (byPointer.current = true)}
        onKeyDown={() => (byPointer.current = false)}
      >
        {statusesForKind(kind).map((s) => {
          // The status it has stays selectable, even if its fact has since become false.
          const why = s === status ? undefined : refused?.[s];
          const name = tc(`labels.applicationStatus.${s}.label`);
          return (
            <option key={s} value={s} disabled={Boolean(why)}>
              {why
                ? t("applications.factOption", { status: name, why: t(`facts.short.${why}`) })
                : name}
            </option>
          );
        })}
      </NativeSelect>
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        {t("applications.update")}
      </Button>
    </Form>
  );
}
