import { redirect } from "react-router";

/** The search parameters that open a dialog over a back-office list. */
export const DIALOG_PARAMS = ["new", "edit", "delete", "view", "schedule"] as const;

/**
 * After a successful change, go back to the list (closing any open dialog) with ?done=<message
 * key>, so the confirmation shows with or without JavaScript and a reload does not post again.
 */
export function redirectDone(request: Request, messageKey: string, drop: string[] = []) {
  const url = new URL(request.url);
  for (const p of [...DIALOG_PARAMS, ...drop]) url.searchParams.delete(p);
  url.searchParams.set("done", messageKey);
  return redirect(`${url.pathname}?${url.searchParams.toString()}`);
}
