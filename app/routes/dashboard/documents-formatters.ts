import { useTranslation } from "react-i18next";
import type { ActionFlash } from "~/app/components/flash";
import { calendarDay, dateFormatter, numberFormatter } from "~/domain/format";

// What the documents page's parts share: dates and sizes in the reader's language, and what the
// server said about a card's last upload.

export function useFormatters() {
  const { t, i18n } = useTranslation("documents");
  const date = dateFormatter(i18n.language, "date");
  const number = numberFormatter(i18n.language, { maximumFractionDigits: 1 });
  return {
    date: (iso: string) => date.format(new Date(iso)),
    /** A calendar day (YYYY-MM-DD), as printed on a document. */
    day: (day: string) => date.format(calendarDay(day)),
    size: (bytes: number) =>
      bytes >= 1024 * 1024
        ? t("size.mb", { value: number.format(bytes / (1024 * 1024)) })
        : t("size.kb", { value: number.format(Math.max(1, Math.round(bytes / 1024))) }),
  };
}

/** What the server said about this card's last upload: the action's answer, or ?done=uploaded. */
export type ServerAnswer = { answer: ActionFlash; uploaded: boolean };
