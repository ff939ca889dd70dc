import { redirect } from "react-router";

/**
 * After a successful change, go back to the list (closing any ?new/?edit/?delete dialog) with
 * ?done=<message key>, so the confirmation shows with or without JavaScript and a reload does
 * not post again.
 */
export function redirectDone(request: Request, messageKey: string, drop: string[] = []) {
  const url = new URL(request.url);
  for (const p of ["new", "edit", "delete", "view", "schedule", ...drop])
    url.searchParams.delete(p);
  url.searchParams.set("done", messageKey);
  return redirect(`${url.pathname}?${url.searchParams.toString()}`);
}
