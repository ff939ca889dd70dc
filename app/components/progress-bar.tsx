import { cn } from "~/app/lib/utils";

/**
 * A progress bar: `value` of `max`, its fill `percent` wide (the share of `max` unless the caller
 * knows better); `label` names it for a screen reader.
 */
export function ProgressBar({
  label,
  value,
  max = 100,
  percent = (value / max) * 100,
  valueText,
  fillClassName = "rounded-full bg-primary-600",
}: {
  label: string;
  value: number;
  max?: number;
  percent?: number;
  valueText?: string;
  fillClassName?: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className="h-2 overflow-hidden rounded-full bg-slate-200"
    >
      <div className={cn("h-full", fillClassName)} style={{ width: `${percent}%` }} />
    </div>
  );
}
