import type { FlatNamespace } from "i18next";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NoJobsYet } from "~/app/components/empty-state";
import { type ActionFlash, OutcomeFlash } from "~/app/components/flash";

/**
 * The opening of an applicant's list screen (alerts, saved jobs, interviews): the line that says
 * what the list is, then the outcome of the last action on it.
 */
export function ListIntro({
  text,
  actionData,
  ns,
  done,
}: {
  text: string;
  actionData: { flash?: ActionFlash } | undefined;
  ns: FlatNamespace;
  /** The ?done=<key> confirmations the screen knows. */
  done: Record<string, string>;
}) {
  return (
    <>
      <p className="text-sm text-slate-700">{text}</p>
      <OutcomeFlash actionData={actionData} ns={ns} messages={done} />
    </>
  );
}

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
