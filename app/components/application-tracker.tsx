import { CheckIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useRootData } from "~/app/lib/root-data";
import { ProgressBar } from "~/app/components/progress-bar";
import { cn } from "~/app/lib/utils";
import type { ApplicationKind } from "~/domain/enums";
import { trackerProgress } from "~/domain/tracker";

/**
 * The 9-step progress of one application, a job's or a study program's steps: done steps ticked,
 * the current one highlighted. A withdrawn or rejected one stays where it stopped
 * (`lastActiveStatus`, from its history).
 */
export function ApplicationTracker({
  status,
  kind = "job",
  lastActiveStatus,
}: {
  status: string;
  kind?: ApplicationKind;
  lastActiveStatus?: string | null;
}) {
  const { t } = useTranslation("dashboard");
  const { viewer } = useRootData();
  const progress = trackerProgress(status, { kind, lastActiveStatus });
  // Under a policy with no fee up front the first step is registration alone (decision record 33).
  const noFee = viewer !== null && !viewer.dueFee && !viewer.registrationFeePaid;
  const step = (key: (typeof progress.steps)[number]["key"]) =>
    noFee && key === "registration_pending"
      ? t("tracker.registrationOnly")
      : t(`tracker.steps.${key}`);
  const current = progress.steps[progress.step - 1]!;
  const next = progress.steps[progress.step];
  // Between two steps (Interview completed) the header says what is done and what comes next.
  // Withdrawn, rejected or the visa refused: the header says so, not the step it stopped at.
  const where = progress.ended
    ? t(
        `tracker.ended.${status === "withdrawn" || status === "visa_refused" ? status : "rejected"}`,
      )
    : progress.between && next
      ? t("tracker.between", {
          done: step(current.key),
          next: step(next.key),
        })
      : step(current.key);
  const stepOf = t("tracker.stepOf", { step: progress.step, total: progress.total });
  return (
    <div className="grid gap-3" data-testid="application-tracker">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium text-slate-800">{stepOf}</span>
        <span className="text-slate-600" data-testid="tracker-where">
          {where}
        </span>
      </div>
      <ProgressBar
        label={t("tracker.label")}
        value={progress.position}
        max={progress.total}
        percent={progress.widthPercent}
        valueText={`${stepOf}: ${where}`}
      />
      <ol className="grid gap-1.5 sm:grid-cols-3 lg:grid-cols-9 lg:gap-2">
        {progress.steps.map((s, i) => (
          <li
            key={s.key}
            aria-current={s.state === "current" || s.state === "stopped" ? "step" : undefined}
            className={cn(
              "flex items-center gap-2 text-xs lg:flex-col lg:text-center",
              s.state === "pending" && "text-slate-500",
              s.state === "completed" && "text-slate-800",
              s.state === "current" && "font-semibold text-primary-800",
              s.state === "stopped" && "font-semibold text-slate-700",
            )}
          >
            <span
              className={cn(
                "flex size-6 shrink-0 items-center justify-center rounded-full border text-[11px]",
                s.state === "completed" && "border-green-600 bg-green-600 text-white",
                s.state === "current" && "border-primary-700 bg-primary-50 text-primary-800",
                s.state === "pending" && "border-slate-300 bg-white text-slate-600",
                s.state === "stopped" && "border-slate-500 bg-slate-100 text-slate-700",
              )}
              aria-hidden
            >
              {s.state === "completed" ? <CheckIcon className="size-3.5" /> : i + 1}
            </span>
            <span>
              {step(s.key)}
              <span className="sr-only"> ({t(`tracker.state.${s.state}`)})</span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
