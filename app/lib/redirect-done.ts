import { redirect } from "react-router";

/** The search parameters that open a dialog over a back-office list. */
export const DIALOG_PARAMS = ["new", "edit", "delete", "view", "schedule"] as const;

export type RedirectDoneOptions = {
  /** More parameters to drop, besides the dialogs'. */
  drop?: string[];
  /** Parameters that say where the confirmation belongs (the incident a note was added to). */
  set?: Record<string, string>;
};

/**
 * After a successful change, go back to the list (closing any open dialog) with ?done=<message
 * key>, so the confirmation shows with or without JavaScript and a reload does not post again.
 */
export function redirectDone(
  request: Request,
  messageKey: string,
  { drop = [], set = {} }: RedirectDoneOptions = {},
) {
  const url = new URL(request.url);
  for (const p of [...DIALOG_PARAMS, ...drop]) url.searchParams.delete(p);
  for (const [p, value] of Object.entries(set)) url.searchParams.set(p, value);
  url.searchParams.set("done", messageKey);
  return redirect(`${url.pathname}?${url.searchParams.toString()}`);
}
