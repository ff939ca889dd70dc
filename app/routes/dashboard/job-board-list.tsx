import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NoJobsYet } from "~/app/components/empty-state";
import type { ActionFlash } from "~/app/components/flash";
import { ListIntro } from "./list-intro";

/**
 * An applicant's list from the job board (saved jobs, alerts): its intro and the last outcome,
 * then the list, or the empty state that leads to the job board. Its strings are the jobs
 * namespace's `<keys>.intro`, `<keys>.empty` and `<keys>.emptyCta`.
 */
export function JobBoardList<T>({
  screen: { keys, icon, testId, done },
  items,
  actionData,
  children,
}: {
  screen: {
    keys: "alerts" | "saved";
    icon: LucideIcon;
    testId: string;
    done: Record<string, string>;
  };
  items: readonly T[];
  actionData: { flash?: ActionFlash } | undefined;
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation("jobs");
  return (
    <div className="grid gap-4">
      <ListIntro text={t(`${keys}.intro`)} actionData={actionData} ns="jobs" done={done} />
      {items.length === 0 ? (
        <NoJobsYet icon={icon} title={t(`${keys}.empty`)} cta={t(`${keys}.emptyCta`)} />
      ) : (
        <ul className="grid gap-3" data-testid={testId}>
          {items.map((item) => children(item))}
        </ul>
      )}
    </div>
  );
}
