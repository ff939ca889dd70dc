import type { FlatNamespace } from "i18next";
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
