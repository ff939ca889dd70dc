import { useTranslation } from "react-i18next";
import type { InboxResult } from "./inbox.server";

/** The sentence for an action's answer: its key in "inbox", and a count after `|` for plurals. */
export function useResultText() {
  const { t } = useTranslation("inbox");
  return (r: InboxResult | undefined) => {
    if (!r) return null;
    const [key, n] = r.message.split("|");
    return String(t(key as "replySent", { count: Number(n ?? 0) }));
  };
}
