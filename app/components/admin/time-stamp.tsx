import { dateFormatter } from "~/domain/format";
import { useAdminT } from "./use-admin-t";

/** When something happened (a notification, an audited action): date and time, small and grey. */
export function TimeStamp({ at }: { at: Date | string }) {
  const { lang } = useAdminT();
  const date = new Date(at);
  return (
    <time className="text-xs text-slate-600" dateTime={date.toISOString()}>
      {dateFormatter(lang, "dateTime").format(date)}
    </time>
  );
}
