import { useAdminT } from "./use-admin-t";

/** One line a person can read, e.g. "Changed application status: Job Matched → Interview Scheduled". */
export function AuditText({
  action,
  details,
}: {
  action: string;
  details: Record<string, unknown> | null;
}) {
  const { t, tc } = useAdminT();
  const label = t(`activity.actions.${action.replace(".", "_")}`, { defaultValue: action });
  const d = details ?? {};
  const status = (s: unknown) =>
    typeof s === "string" ? tc(`labels.applicationStatus.${s}.label`, { defaultValue: s }) : "";
  let extra = "";
  if (action === "application.status_change" || action === "application.schedule_interview") {
    extra = `${status(d.from)} → ${status(d.to)}`;
  } else if (action === "user.role_change") {
    extra = `${tc(`roles.${String(d.from)}`)} → ${tc(`roles.${String(d.to)}`)}`;
  } else if (typeof d.title === "string") {
    extra = d.title;
  }
  return (
    <span>
      <span className="font-medium">{label}</span>
      {extra ? <span className="text-slate-600">: {extra}</span> : null}
    </span>
  );
}
